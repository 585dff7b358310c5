import FrameCore

extension BlockStatistics {
    /// The most blocks among `marked` that touch side by side with edges running one way
    /// (coherence above `coherence`, their directions within `spread` degrees of a neighbour's):
    /// how large a patch of bars the picture shows, where nothing stands out from the rest.
    public func largestOneWayGroup(among marked: [Bool], coherence least: Float, spread: Double = 20) -> Int {
        let count = columns * rows
        guard marked.count == count else { return 0 }
        let oneWay = (0..<count).map { marked[$0] && coherence($0) > least }
        let angles = (0..<count).map { oneWay[$0] ? gradientAngle($0) : 0 }
        var seen = [Bool](repeating: false, count: count)
        var largest = 0
        for start in 0..<count where oneWay[start] && !seen[start] {
            seen[start] = true
            var stack = [start]
            var size = 0
            while let index = stack.popLast() {
                size += 1
                let (row, column) = index.quotientAndRemainder(dividingBy: columns)
                let neighbours = [
                    row > 0 ? index - columns : nil, row + 1 < rows ? index + columns : nil,
                    column > 0 ? index - 1 : nil, column + 1 < columns ? index + 1 : nil,
                ]
                for case let next? in neighbours where oneWay[next] && !seen[next] {
                    // Directions are the same modulo 180 degrees.
                    let apart = abs((angles[next] - angles[index] + 270).truncatingRemainder(dividingBy: 180) - 90)
                    guard apart < spread else { continue }
                    seen[next] = true
                    stack.append(next)
                }
            }
            largest = max(largest, size)
        }
        return largest
    }
}
