/// The toned cells of the last frame drawn, with the samples and dimming they were matched
/// from: matching a shape is the dearest part of drawing, and on a still scene (sensor noise
/// held back by the shader) almost every cell's samples come again unchanged.
public struct CellMemo: Sendable {
    private var columns = 0, rows = 0, across = 0, down = 0
    private var cells: [Cell?] = []
    private var dims: [Bool] = []
    var values: [Int16] = []

    public init() {}

    init(_ samples: SampleGrid, shaped: Bool) {
        (columns, rows, across, down) = (samples.columns, samples.rows, samples.across, samples.down)
        cells = shaped ? [Cell?](repeating: nil, count: columns * rows) : []
        dims = shaped ? [Bool](repeating: false, count: columns * rows) : []
    }

    /// It holds cells for samples of this geometry.
    func matches(_ samples: SampleGrid) -> Bool {
        !cells.isEmpty && (columns, rows, across, down) == (samples.columns, samples.rows, samples.across, samples.down)
            && values.count == samples.values.count
    }

    /// The cell kept when its samples and dimming are as before, else `make`'s (then kept).
    mutating func cell(column: Int, row: Int, dim: Bool, samples: UnsafeBufferPointer<Int16>, make: () -> Cell) -> Cell
    {
        let index = row * columns + column
        if let kept = cells[index], dims[index] == dim, unchanged(column: column, row: row, samples) { return kept }
        let made = make()
        cells[index] = made
        dims[index] = dim
        return made
    }

    private func unchanged(column: Int, row: Int, _ samples: UnsafeBufferPointer<Int16>) -> Bool {
        guard values.count == samples.count else { return false }
        let stride = columns * across
        let base = row * down * stride + column * across
        return values.withUnsafeBufferPointer { old in
            for y in 0..<down {
                for x in 0..<across where old[base + y * stride + x] != samples[base + y * stride + x] { return false }
            }
            return true
        }
    }
}
