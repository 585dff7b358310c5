import FrameCore

extension BlockStatistics {
    /// The most blocks among `marked` that touch side by side with edges running one way
    /// (coherence above `coherence`, their directions within `spread` degrees of a neighbour's):
    /// how large a patch of bars the picture shows, where nothing stands out from the rest, and
    /// the pixels the patch covers.
    public func largestOneWayGroup(
        among marked: [Bool], coherence least: Float, spread: Double = 20
    ) -> (blocks: Int, box: PixelRect) {
        let count = columns * rows
        guard marked.count == count else { return (0, PixelRect(x: area.x, y: area.y, width: 0, height: 0)) }
        let oneWay = (0..<count).map { marked[$0] && coherence($0) > least }
        let angles = (0..<count).map { oneWay[$0] ? gradientAngle($0) : 0 }
        var seen = [Bool](repeating: false, count: count)
        var largest: [Int] = []
        for start in 0..<count where oneWay[start] && !seen[start] {
            seen[start] = true
            var stack = [start]
            var group = [Int]()
            while let index = stack.popLast() {
                group.append(index)
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
            if group.count > largest.count { largest = group }
        }
        return (largest.count, box(of: largest).clamped(to: area))
    }

    /// The pixels the whole blocks `indices` cover together (the last row's and column's
    /// reaching past the area); empty at the area's corner when there are none.
    public func box(of indices: [Int]) -> PixelRect {
        let columnsOf = indices.map { $0 % columns }
        let rowsOf = indices.map { $0 / columns }
        guard let left = columnsOf.min(), let right = columnsOf.max(), let top = rowsOf.min(), let bottom = rowsOf.max()
        else { return PixelRect(x: area.x, y: area.y, width: 0, height: 0) }
        return PixelRect(
            x: area.x + left * blockSize, y: area.y + top * blockSize, width: (right - left + 1) * blockSize,
            height: (bottom - top + 1) * blockSize)
    }
}
