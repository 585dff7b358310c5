/// ASCII in the picture's own greys: each cell's 2x2 samples split into a lighter and a
/// darker group; the background takes one group's grey, the character the other's, and the
/// character is the one whose strokes lie where its group lies (`,` bottom left, `/` one
/// diagonal, `"` the top...). A flat cell is a space in its grey. So a code's modules show
/// where the mono ramp, one grey level a cell, turns them to noise.
public enum TonedASCII {
    /// Where a character's strokes lie in its cell: top left, top right, bottom left, bottom
    /// right (bits 8, 4, 2, 1). Also the model the render benchmark draws them back with.
    public static let glyphs: [Int: String] = [
        8: "`", 4: "'", 2: ",", 1: ".", 12: "\"", 3: "_", 10: "[", 5: "]", 9: "\\", 6: "/",
    ]
    public static let masks: [String: Int] = Dictionary(uniqueKeysWithValues: glyphs.map { ($1, $0) })
    /// Below this spread of grey a cell is flat: texture there is sensor noise.
    static let flat = 24

    /// `glyphs` by mask, for the per-cell lookup.
    static let byMask: [String] = (0..<16).map { glyphs[$0] ?? " " }

    static func cell(_ values: UnsafeBufferPointer<Int16>, _ samples: SampleGrid, column: Int, row: Int,
                     dim: Bool) -> Cell {
        let stride = samples.columns * 2
        let base = row * 2 * stride + column * 2
        let raw = (Int(values[base]), Int(values[base + 1]), Int(values[base + stride]), Int(values[base + stride + 1]))
        guard raw.0 >= 0, raw.1 >= 0, raw.2 >= 0, raw.3 >= 0 else { return .blank }
        // The mask keeps 40% outside the scan area.
        let levels = dim ? (raw.0 * 2 / 5, raw.1 * 2 / 5, raw.2 * 2 / 5, raw.3 * 2 / 5) : raw
        let attributes: Attributes = dim ? .dim : []
        let sum = levels.0 + levels.1 + levels.2 + levels.3, mean = sum / 4
        let high = max(max(levels.0, levels.1), max(levels.2, levels.3))
        let low = min(min(levels.0, levels.1), min(levels.2, levels.3))
        guard high - low >= flat else {
            return Cell(" ", style: Style(background: tone(mean), attributes: attributes))
        }
        let light = (levels.0 > mean ? 8 : 0) | (levels.1 > mean ? 4 : 0) | (levels.2 > mean ? 2 : 0) | (levels.3 > mean ? 1 : 0)
        // The character draws the smaller group (or the lighter of two halves).
        let ink = light.nonzeroBitCount <= 2 ? light : 15 & ~light
        let inkSum = (ink & 8 != 0 ? levels.0 : 0) + (ink & 4 != 0 ? levels.1 : 0)
            + (ink & 2 != 0 ? levels.2 : 0) + (ink & 1 != 0 ? levels.3 : 0)
        let inkCount = ink.nonzeroBitCount
        let fore = inkSum / inkCount, back = (sum - inkSum) / (4 - inkCount)
        return Cell(byMask[ink], style: Style(foreground: tone(fore), background: tone(back), attributes: attributes))
    }

    /// A level snapped to the greys a 256-colour terminal has (black, 8, 18, ... 238, white):
    /// finer levels would look the same there and still repaint the cell.
    static func tone(_ level: Int) -> Color {
        if level < 4 { return .grey(0) }
        if level > 246 { return .grey(255) }
        return .grey(UInt8(8 + 10 * min(23, max(0, (level - 3) / 10))))
    }
}
