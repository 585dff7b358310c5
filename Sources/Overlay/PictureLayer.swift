/// Draws samples as glyphs, dimming everything outside the scan area as the seed's black
/// mask at 0.6 alpha does (the grey level keeps 40%, and the cell is marked dim).
public enum PictureLayer {
    public static let asciiRamp = Array(" .,:-=+*o#%@")
    public static let blockRamp = Array(" ░▒▓█")
    static let maskKeeps = 0.4

    public static func draw(_ samples: SampleGrid, glyphs: GlyphSet, undimmed: CellRect?,
                            into grid: inout CellGrid) {
        let rows = min(samples.rows, grid.height), columns = min(samples.columns, grid.width)
        for row in 0..<rows {
            for column in 0..<columns {
                let dim = undimmed.map { !$0.contains(column: column, row: row) } ?? false
                grid[column, row] = cell(samples, column: column, row: row, glyphs: glyphs, dim: dim)
            }
        }
    }

    static func cell(_ samples: SampleGrid, column: Int, row: Int, glyphs: GlyphSet, dim: Bool) -> Cell {
        func level(_ x: Int = 0, _ y: Int = 0) -> Int? {
            let value = samples.value(column: column, row: row, x: x, y: y)
            guard value >= 0 else { return nil }
            return dim ? Int(Double(value) * maskKeeps) : Int(value)
        }
        let attributes: Attributes = dim ? .dim : []
        switch glyphs {
        case .ascii, .blocks:
            guard let value = level() else { return .blank }
            let ramp = glyphs == .ascii ? asciiRamp : blockRamp
            return Cell(String(ramp[min(ramp.count - 1, value * ramp.count / 256)]),
                        style: Style(attributes: attributes))
        case .half:
            guard let top = level(0, 0), let bottom = level(0, 1) else { return .blank }
            return Cell("▀", style: Style(foreground: .grey(UInt8(top)), background: .grey(UInt8(bottom)),
                                          attributes: attributes))
        case .braille:
            var bits: UInt32 = 0
            for y in 0..<4 {
                for x in 0..<2 {
                    guard let value = level(x, y) else { return .blank }
                    if value > brailleThreshold[y][x] { bits |= brailleBit[y][x] }
                }
            }
            return Cell(String(Character(Unicode.Scalar(0x2800 + bits)!)), style: Style(attributes: attributes))
        }
    }

    /// Ordered dithering thresholds for a 2x4 braille cell, and the dot each position sets.
    static let brailleThreshold = [[16, 144], [208, 80], [48, 176], [240, 112]]
    static let brailleBit: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
}
