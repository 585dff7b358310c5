/// The toned cells of the last frame drawn, with the samples and dimming they were matched
/// from: matching a shape is the dearest part of drawing, and on a still scene (sensor noise
/// held back by the shader) almost every cell's samples come again unchanged.
public struct CellMemo: Sendable {
    private var columns = 0, rows = 0, across = 0, down = 0
    private var cells: [Cell?] = []
    private var dims: [Bool] = []
    /// The samples each kept cell was made from, in storage of the memo's own: holding the
    /// shader's array instead made it copy the whole array (half a megabyte) every frame.
    private var values: [Int16] = []
    /// The shader's number of the grid last drawn, when it said which cells it sampled again.
    private var lastGrid: Int?
    /// The cells the shader sampled again for the grid being drawn, when the memo drew the grid
    /// before it: every other cell is known to hold the samples it was made from.
    private var moved: [Bool]?

    public init() {}

    init(_ samples: SampleGrid, shaped: Bool) {
        (columns, rows, across, down) = (samples.columns, samples.rows, samples.across, samples.down)
        cells = shaped ? [Cell?](repeating: nil, count: columns * rows) : []
        dims = shaped ? [Bool](repeating: false, count: columns * rows) : []
        values = shaped ? [Int16](repeating: 0, count: samples.values.count) : []
    }

    /// It holds cells for samples of this geometry.
    func matches(_ samples: SampleGrid) -> Bool {
        !cells.isEmpty && (columns, rows, across, down) == (samples.columns, samples.rows, samples.across, samples.down)
            && values.count == samples.values.count
    }

    /// Takes in which cells `samples` sampled again: when the memo drew the grid just before
    /// it, a cell not sampled again is known to be as it was.
    mutating func begin(_ samples: SampleGrid) {
        if let resampled = samples.resampled, resampled.grid - 1 == lastGrid, resampled.cells.count == cells.count {
            moved = resampled.cells
        } else {
            moved = nil
        }
        lastGrid = samples.resampled?.grid
    }

    /// The cell kept when its samples and dimming are as before, else `make`'s (then kept).
    mutating func cell(column: Int, row: Int, dim: Bool, samples: UnsafeBufferPointer<Int16>, make: () -> Cell) -> Cell
    {
        let index = row * columns + column
        if let kept = cells[index], dims[index] == dim,
            moved?[index] == false || unchanged(column: column, row: row, samples)
        {
            return kept
        }
        let made = make()
        cells[index] = made
        dims[index] = dim
        keep(column: column, row: row, samples)
        return made
    }

    private func unchanged(column: Int, row: Int, _ samples: UnsafeBufferPointer<Int16>) -> Bool {
        let stride = columns * across
        let base = row * down * stride + column * across
        return values.withUnsafeBufferPointer { old in
            for y in 0..<down {
                for x in 0..<across where old[base + y * stride + x] != samples[base + y * stride + x] { return false }
            }
            return true
        }
    }

    private mutating func keep(column: Int, row: Int, _ samples: UnsafeBufferPointer<Int16>) {
        let stride = columns * across
        let base = row * down * stride + column * across
        values.withUnsafeMutableBufferPointer { kept in
            for y in 0..<down {
                for x in 0..<across { kept[base + y * stride + x] = samples[base + y * stride + x] }
            }
        }
    }
}
