/// How the picture is drawn in characters (`--glyphs`, `g` cycles them).
public enum GlyphSet: String, CaseIterable, Sendable {
    /// A shading ramp of ASCII characters (the default: works in every terminal font).
    case ascii
    /// Shade blocks ░▒▓█.
    case blocks
    /// Upper half blocks ▀ with grey foreground and background: two pixels per cell.
    case half
    /// Braille dots, 2x4 per cell, ordered-dithered.
    case braille

    public var next: GlyphSet {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// Samples per cell across and down; `toned`: ASCII drawn in the cell's greys, whose
    /// character follows the shape of 4x8 samples (`GlyphShapes`).
    func samplesAcross(toned: Bool) -> Int {
        switch self {
        case .braille: 2
        case .ascii where toned: GlyphShapes.columns
        default: 1
        }
    }
    func samplesDown(toned: Bool) -> Int {
        switch self {
        case .half: 2
        case .braille: 4
        case .ascii where toned: GlyphShapes.rows
        default: 1
        }
    }

    /// The set actually drawn: without a UTF-8 locale only ASCII can be shown.
    /// The set to draw with where it can be drawn: ASCII without UTF-8, and in place of half
    /// blocks (two greys a cell, as foreground and background) shades without colour.
    public func usable(unicode: Bool, colour: Bool = true) -> GlyphSet {
        guard unicode else { return .ascii }
        return self == .half && !colour ? .blocks : self
    }
}

/// Area-averaged grey levels of the picture, `across` x `down` samples per cell;
/// -1 where the cell lies outside the frame (fit mode bars).
public struct SampleGrid: Equatable, Sendable {
    public let columns: Int
    public let rows: Int
    public let across: Int
    public let down: Int
    public var values: [Int16]
    /// Which cells were sampled again for this grid (the rest kept their samples), and the
    /// shader's count of grids made, this one's: a drawing that saw the grid before may skip
    /// looking at the others. Nil when every cell was sampled.
    var resampled: (cells: [Bool], grid: Int)?

    public init(columns: Int, rows: Int, across: Int, down: Int, values: [Int16]) {
        (self.columns, self.rows, self.across, self.down, self.values) = (columns, rows, across, down, values)
    }

    public static func == (lhs: SampleGrid, rhs: SampleGrid) -> Bool {
        (lhs.columns, lhs.rows, lhs.across, lhs.down) == (rhs.columns, rhs.rows, rhs.across, rhs.down)
            && lhs.values == rhs.values
    }

    public func value(column: Int, row: Int, x: Int = 0, y: Int = 0) -> Int16 {
        values[(row * down + y) * columns * across + column * across + x]
    }
}

/// Turns frames into samples: each sample is the average of all frame pixels under it (area
/// averaging, not point sampling), then held steady unless it changed since it was last shown
/// by more than the scene's noise (`NoiseFloor`), and `tolerance` grey levels at the least, so
/// sensor noise does not repaint the screen every frame. A tolerance of 0 shows every sample as
/// it is (no hysteresis, the noise not followed).
public struct Shader: Sendable {
    public var tolerance: Int
    /// The scene's noise, measured on the samples themselves from frame to frame.
    public var noise = NoiseFloor()
    var shown: [Int16] = []
    /// Fine samples (toned ASCII): each cell's coarse samples when it was last sampled.
    var shownCoarse: [Int16] = []
    var geometry: Geometry?
    /// The cells last drawn from the samples (see `CellMemo`).
    public var memo = CellMemo()
    /// Sample grids made so far (see `SampleGrid.resampled`).
    var grids = 0

    struct Geometry: Equatable {
        let transform: ViewTransform
        let across: Int
        let down: Int
        let width: Int
        let height: Int
    }

    public init(tolerance: Int = 6) { self.tolerance = tolerance }

    public mutating func sample(
        _ image: GreyImage, transform: ViewTransform, glyphs: GlyphSet,
        toned: Bool = false
    ) -> SampleGrid {
        let across = glyphs.samplesAcross(toned: toned)
        let down = glyphs.samplesDown(toned: toned)
        let current = Geometry(
            transform: transform, across: across, down: down, width: image.width, height: image.height)
        if across * down > 8 { return sampleByCells(image, geometry: current) }
        var grid = Self.average(image, transform: transform, across: across, down: down)
        followNoise(grid.values, geometry: current)
        if current == geometry && shown.count == grid.values.count {
            let tolerance = Int16(sampleTolerance)
            shown.withUnsafeBufferPointer { old in
                grid.values.withUnsafeMutableBufferPointer { new in
                    for i in 0..<new.count where new[i] >= 0 && old[i] >= 0 && abs(new[i] - old[i]) <= tolerance {
                        new[i] = old[i]
                    }
                }
            }
        }
        geometry = current
        shown = grid.values
        return grid
    }

    /// Forgets the held values (e.g. after a pause), so the next frame is drawn as it is.
    /// The noise measured on this frame's samples (afresh for a new geometry).
    mutating func followNoise(_ values: [Int16], geometry current: Geometry) {
        if current != geometry { noise = NoiseFloor() }
        noise.observe(values)
    }

    /// How far a sample may move and still be shown as it was: the noise, `tolerance` at the least.
    var sampleTolerance: Int { tolerance > 0 ? noise.tolerance(minimum: tolerance) : 0 }

    public mutating func reset() {
        geometry = nil
        shown = []
        noise = NoiseFloor()
    }

    /// The picture area-averaged to `across` x `down` samples a cell, as it is (no hysteresis):
    /// also what fidelity is measured against.
    public static func average(
        _ image: GreyImage, transform: ViewTransform, across: Int, down: Int, rowsAtMost: Int = 4
    ) -> SampleGrid {
        var values = [Int16](repeating: -1, count: transform.columns * across * transform.rows * down)
        sample(
            image, transform: transform, across: across, down: down, cells: nil, rowsAtMost: rowsAtMost,
            into: &values)
        return SampleGrid(columns: transform.columns, rows: transform.rows, across: across, down: down, values: values)
    }

    /// Area-averages the cells `cells` marks (every cell when nil) into `values`, `across` x
    /// `down` samples a cell, over `rowsAtMost` pixel rows a sample; -1 off the picture. The
    /// pixel columns under a row's cells are summed once a sample row: each sample is then a few
    /// additions and one multiply.
    static func sample(
        _ image: GreyImage, transform: ViewTransform, across: Int, down: Int, cells: [Bool]?,
        rowsAtMost: Int = 4, into values: inout [Int16]
    ) {
        let sampleColumns = transform.columns * across
        let xs = ranges(
            count: sampleColumns, origin: transform.originX,
            step: transform.pixelsPerColumn / Double(across), limit: image.width)
        let ys = ranges(
            count: transform.rows * down, origin: transform.originY,
            step: transform.pixelsPerRow / Double(down), limit: image.height)
        let reciprocals = reciprocalTables(xs)
        let everyColumn = Array(0..<transform.columns)
        var columnSums = [Int32](repeating: 0, count: image.width)
        image.pixels.withUnsafeBufferPointer { pixels in
            columnSums.withUnsafeMutableBufferPointer { sums in
                values.withUnsafeMutableBufferPointer { out in
                    for row in 0..<transform.rows {
                        let columns =
                            cells.map { cells in everyColumn.filter { cells[row * transform.columns + $0] } }
                            ?? everyColumn
                        guard !columns.isEmpty else { continue }
                        let span = pixelSpan(of: columns, across: across, xs: xs)
                        for sampleY in (row * down)..<(row * down + down) {
                            let line = out.baseAddress! + sampleY * sampleColumns
                            guard let span, !ys[sampleY].isEmpty else {
                                for column in columns {
                                    for x in 0..<across { line[column * across + x] = -1 }
                                }
                                continue
                            }
                            let height = sumColumns(
                                pixels, stride: image.stride, rows: ys[sampleY], most: rowsAtMost, columns: span,
                                into: sums)
                            sampleLine(
                                columns, across: across, xs: xs, sums: sums, scale: reciprocals[height - 1], into: line)
                        }
                    }
                }
            }
        }
    }

    /// The pixel columns under `columns`' samples that lie on the picture (the ranges run left
    /// to right); nil when none does.
    private static func pixelSpan(of columns: [Int], across: Int, xs: [Range<Int>]) -> Range<Int>? {
        var span: Range<Int>?
        for column in columns {
            for range in xs[(column * across)..<(column * across + across)] where !range.isEmpty {
                span = (span?.lowerBound ?? range.lowerBound)..<range.upperBound
            }
        }
        return span
    }

    /// One sample row of the cells `columns`: each sample its pixel columns' sums times the
    /// reciprocal of its pixel count; -1 off the picture.
    private static func sampleLine(
        _ columns: [Int], across: Int, xs: [Range<Int>], sums: UnsafeMutableBufferPointer<Int32>, scale: [UInt32],
        into line: UnsafeMutablePointer<Int16>
    ) {
        for column in columns {
            for x in 0..<across {
                let sampleX = column * across + x
                guard !xs[sampleX].isEmpty else {
                    line[sampleX] = -1
                    continue
                }
                var total: Int32 = 0
                for px in xs[sampleX] { total &+= sums[px] }
                line[sampleX] = Int16(truncatingIfNeeded: (UInt32(total) &* scale[sampleX]) >> 16)
            }
        }
    }

    /// A sample's mean is its sum times 1/n in 16-bit fixed point (rounded up: an exact quotient
    /// stays exact), a table for each count of rows summed (1 to 4): a division per sample would
    /// cost more than all its additions.
    private static func reciprocalTables(_ xRanges: [Range<Int>]) -> [[UInt32]] {
        (1...4).map { rows in
            xRanges.map { UInt32((65536 + rows * max(1, $0.count) - 1) / (rows * max(1, $0.count))) }
        }
    }

    /// Sums each pixel column over up to `most` (1 to 4) evenly spread of `rows` (the mean of
    /// many rows barely moves, its cost does); returns how many rows were summed.
    @inline(__always)
    private static func sumColumns(
        _ pixels: UnsafeBufferPointer<UInt8>, stride: Int, rows: Range<Int>, most: Int, columns: Range<Int>,
        into sums: UnsafeMutableBufferPointer<Int32>
    ) -> Int {
        let step = (rows.count + most - 1) / most
        for x in columns { sums[x] = 0 }
        for y in Swift.stride(from: rows.lowerBound, to: rows.upperBound, by: step) {
            let row = pixels.baseAddress! + y * stride
            for x in columns { sums[x] &+= Int32(row[x]) }
        }
        return (rows.count + step - 1) / step
    }

    /// Pixel ranges of `count` samples of `step` pixels from `origin`; at least one pixel
    /// each where they touch the frame (when the frame is enlarged), empty outside it.
    static func ranges(count: Int, origin: Double, step: Double, limit: Int) -> [Range<Int>] {
        (0..<count).map { i in
            let start = origin + Double(i) * step
            let end = start + step
            guard end > 0, start < Double(limit) else { return 0..<0 }
            let lower = min(max(0, Int(start.rounded())), limit - 1)
            let upper = min(max(lower + 1, Int(end.rounded())), limit)
            return lower..<upper
        }
    }
}
