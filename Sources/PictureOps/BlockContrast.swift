import FrameCore

extension Frame {
    /// Which blocks of `blockSize` pixels in `area` (row-major, as `blockStatistics` lays them)
    /// have grey levels spread by at least `deviation` (their standard deviation), measured on
    /// every `rowStep`th row. Bars blurred soft have little edge but much spread; a wall, a
    /// gradient and a sensor's noise have little.
    public func blocksWithSpread(in area: PixelRect, blockSize: Int, rowStep: Int, deviation: Double) -> [Bool] {
        let rect = area.clamped(to: bounds)
        guard !rect.isEmpty else { return [] }
        let columns = (rect.width + blockSize - 1) / blockSize
        let rows = (rect.height + blockSize - 1) / blockSize
        var sums = [Int](repeating: 0, count: columns * rows)
        var squares = [Int](repeating: 0, count: columns * rows)
        var counts = [Int](repeating: 0, count: columns * rows)
        luma.withUnsafeBufferPointer { p in
            for y in Swift.stride(from: 0, to: rect.height, by: max(1, rowStep)) {
                let row = p.baseAddress! + (rect.y + y) * self.stride + rect.x
                let blockRow = (y / blockSize) * columns
                for column in 0..<columns {
                    var (sum, square) = (0, 0)
                    let end = min(rect.width, (column + 1) * blockSize)
                    for x in (column * blockSize)..<end {
                        let value = Int(row[x])
                        sum += value
                        square += value * value
                    }
                    sums[blockRow + column] += sum
                    squares[blockRow + column] += square
                    counts[blockRow + column] += end - column * blockSize
                }
            }
        }
        let limit = deviation * deviation
        return sums.indices.map { index in
            let n = Double(max(1, counts[index]))
            let mean = Double(sums[index]) / n
            return Double(squares[index]) / n - mean * mean >= limit
        }
    }
}
