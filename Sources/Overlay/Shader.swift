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
/// averaging, not point sampling), then held steady unless it changed by more than
/// `tolerance` grey levels since it was last shown, so sensor noise does not repaint the
/// screen every frame.
public struct Shader: Sendable {
    public var tolerance: Int
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
        if current == geometry && shown.count == grid.values.count {
            let tolerance = Int16(self.tolerance)
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
    public mutating func reset() {
        geometry = nil
        shown = []
    }

    /// The picture area-averaged to `across` x `down` samples a cell, as it is (no hysteresis):
    /// also what fidelity is measured against.
    public static func average(_ image: GreyImage, transform: ViewTransform, across: Int, down: Int) -> SampleGrid {
        let sampleColumns = transform.columns * across
        let sampleRows = transform.rows * down
        let xRanges = ranges(
            count: sampleColumns, origin: transform.originX,
            step: transform.pixelsPerColumn / Double(across), limit: image.width)
        let yRanges = ranges(
            count: sampleRows, origin: transform.originY,
            step: transform.pixelsPerRow / Double(down), limit: image.height)
        var values = [Int16](repeating: -1, count: sampleColumns * sampleRows)
        let visible = xRanges.filter { $0.upperBound > $0.lowerBound }
        guard let xMin = visible.first?.lowerBound, let xMax = visible.last?.upperBound else {
            return SampleGrid(
                columns: transform.columns, rows: transform.rows, across: across, down: down, values: values)
        }
        let lowers = xRanges.map(\.lowerBound)
        let uppers = xRanges.map(\.upperBound)
        let reciprocals = reciprocalTables(xRanges)
        var columnSums = [Int32](repeating: 0, count: image.width)
        image.pixels.withUnsafeBufferPointer { pixels in
            columnSums.withUnsafeMutableBufferPointer { sums in
                values.withUnsafeMutableBufferPointer { out in
                    for (sampleRow, yRange) in yRanges.enumerated() where !yRange.isEmpty {
                        let height = sumColumns(
                            pixels, stride: image.stride, rows: yRange, columns: xMin..<xMax, into: sums)
                        // Each sample is the sum of its columns over its pixel count.
                        let base = sampleRow * sampleColumns
                        reciprocals[height - 1].withUnsafeBufferPointer { scale in
                            lowers.withUnsafeBufferPointer { lowers in
                                uppers.withUnsafeBufferPointer { uppers in
                                    for sampleColumn in 0..<sampleColumns
                                    where uppers[sampleColumn] > lowers[sampleColumn] {
                                        var total: Int32 = 0
                                        for x in lowers[sampleColumn]..<uppers[sampleColumn] { total &+= sums[x] }
                                        out[base + sampleColumn] = Int16(
                                            truncatingIfNeeded: (UInt32(total) &* scale[sampleColumn]) >> 16)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return SampleGrid(columns: transform.columns, rows: transform.rows, across: across, down: down, values: values)
    }

    /// A sample's mean is its sum times 1/n in 16-bit fixed point (rounded up: an exact quotient
    /// stays exact), a table for each count of rows summed (1 to 4): a division per sample would
    /// cost more than all its additions.
    static func reciprocalTables(_ xRanges: [Range<Int>]) -> [[UInt32]] {
        (1...4).map { rows in
            xRanges.map { UInt32((65536 + rows * max(1, $0.count) - 1) / (rows * max(1, $0.count))) }
        }
    }

    /// Sums each pixel column over up to four evenly spread of `rows` (the mean of many rows
    /// barely moves, its cost does); returns how many rows were summed.
    @inline(__always)
    static func sumColumns(
        _ pixels: UnsafeBufferPointer<UInt8>, stride: Int, rows: Range<Int>, columns: Range<Int>,
        into sums: UnsafeMutableBufferPointer<Int32>
    ) -> Int {
        let step = (rows.count + 3) / 4
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
