/// Draws samples as glyphs, dimming everything outside the scan area as a black mask at 0.6
/// alpha would: greys drawn as colours keep 40%, so do shades and braille dots (their ink is
/// the level: a terminal that shows no dim attribute still dims them), and ASCII characters,
/// chosen by the picture's own level, are marked dim for the terminal to fade.
public enum PictureLayer {
    public static let asciiRamp = Array(" .,:-=+*o#%@")
    public static let blockRamp = Array(" ░▒▓█")

    /// Draws `samples` with nothing kept from an earlier frame.
    public static func draw(
        _ samples: SampleGrid, glyphs: GlyphSet, toned: Bool = false, undimmed: CellRect?,
        into grid: inout CellGrid
    ) {
        var memo = CellMemo()
        draw(samples, glyphs: glyphs, toned: toned, undimmed: undimmed, memo: &memo, into: &grid)
    }

    /// `toned`: ASCII in the cells' own greys (terminals with 256 colours or more). `memo`
    /// keeps toned cells from one frame to the next: a cell whose samples and dimming are as
    /// they were is not matched again.
    public static func draw(
        _ samples: SampleGrid, glyphs: GlyphSet, toned: Bool = false, undimmed: CellRect?,
        memo: inout CellMemo, into grid: inout CellGrid
    ) {
        let rows = min(samples.rows, grid.height)
        let columns = min(samples.columns, grid.width)
        let shaped = toned && glyphs == .ascii
        if !shaped || !memo.matches(samples) { memo = CellMemo(samples, shaped: shaped) }
        memo.begin(samples)
        samples.values.withUnsafeBufferPointer { values in
            for row in 0..<rows {
                for column in 0..<columns {
                    let dim = undimmed.map { !$0.contains(column: column, row: row) } ?? false
                    guard shaped else {
                        grid[column, row] = cell(values, samples, column: column, row: row, glyphs: glyphs, dim: dim)
                        continue
                    }
                    grid[column, row] = memo.cell(column: column, row: row, dim: dim, samples: values) {
                        TonedASCII.cell(values, samples, column: column, row: row, dim: dim)
                    }
                }
            }
        }
    }

    static func cell(
        _ values: UnsafeBufferPointer<Int16>, _ samples: SampleGrid, column: Int, row: Int,
        glyphs: GlyphSet, dim: Bool
    ) -> Cell {
        let stride = samples.columns * samples.across
        let base = row * samples.down * stride + column * samples.across
        func level(_ x: Int, _ y: Int) -> Int {
            let value = Int(values[base + y * stride + x])
            return value < 0 || !dim ? value : value * 2 / 5  // the mask keeps 40%
        }
        switch glyphs {
        case .ascii:
            // Characters keep the picture's own level: the dim attribute fades them. (Sparser
            // characters as well faded the outside to black on 8-colour terminals.)
            let value = Int(values[base])
            guard value >= 0 else { return .blank }
            return Cell(asciiStrings[value * asciiStrings.count / 256], style: dim ? dimmedStyle : .plain)
        case .blocks:
            let value = level(0, 0)
            guard value >= 0 else { return .blank }
            return Cell(blockStrings[value * blockStrings.count / 256])
        case .half:
            let top = level(0, 0)
            let bottom = level(0, 1)
            guard top >= 0, bottom >= 0 else { return .blank }
            return Cell(
                "▀",
                style: Style(
                    foreground: .grey(UInt8(top)), background: .grey(UInt8(bottom)),
                    attributes: dim ? .dim : []))
        case .braille:
            var bits = 0
            for y in 0..<4 {
                for x in 0..<2 {
                    let value = level(x, y)
                    guard value >= 0 else { return .blank }
                    if value > brailleThreshold[y][x] { bits |= brailleBit[y][x] }
                }
            }
            return Cell(brailleStrings[bits])
        }
    }

    static let dimmedStyle = Style(attributes: .dim)
    static let asciiStrings = asciiRamp.map { String($0) }
    static let blockStrings = blockRamp.map { String($0) }
    /// U+2800 + dot bits: every braille pattern, made once.
    static let brailleStrings = (0..<256).map { String(Character(Unicode.Scalar(0x2800 + UInt32($0))!)) }

    /// Ordered dithering thresholds for a 2x4 braille cell, and the dot each position sets.
    static let brailleThreshold = [[16, 144], [208, 80], [48, 176], [240, 112]]
    static let brailleBit = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
}
