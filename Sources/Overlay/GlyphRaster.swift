/// Cells drawn back to pixels, 4x8 a cell, as a terminal shows them: what the fidelity
/// figures compare with the picture. An ASCII character in a grey (toned ASCII) is that grey
/// where it covers the cell (`GlyphShapes`) and its background's elsewhere; a mono ramp
/// character or a shade block its place on its ramp; `▀` its two greys; a braille dot white
/// on black; a space its background.
public enum GlyphRaster {
    public static let across = GlyphShapes.columns, down = GlyphShapes.rows

    /// `cells` (rows of them) as `across * columns` by `down * rows` grey pixels, row-major;
    /// `grey` turns a cell's colour into the grey shown (nil: not a grey).
    public static func pixels(_ cells: [[Cell]], grey: (Color) -> Int?) -> [Int] {
        let columns = cells.map(\.count).max() ?? 0
        let width = columns * across
        var pixels = [Int](repeating: 0, count: width * cells.count * down)
        for (row, line) in cells.enumerated() {
            for (column, cell) in line.enumerated() {
                for y in 0..<down {
                    for x in 0..<across {
                        pixels[(row * down + y) * width + column * across + x] = level(cell, x: x, y: y, grey: grey)
                    }
                }
            }
        }
        return pixels
    }

    static func level(_ cell: Cell, x: Int, y: Int, grey: (Color) -> Int?) -> Int {
        let fore = grey(cell.style.foreground)
        let back = grey(cell.style.background) ?? 0
        let text = cell.text
        if let fore, let character = text.first, let coverage = GlyphShapes.coverage[character] {
            let c = Int(coverage[y * across + x])
            return (fore * c + back * (255 - c)) / 255
        }
        if text == " " && grey(cell.style.background) != nil { return back }
        if let index = PictureLayer.asciiRamp.firstIndex(where: { String($0) == text }) {
            return index * 255 / (PictureLayer.asciiRamp.count - 1)
        }
        if let index = PictureLayer.blockRamp.firstIndex(where: { String($0) == text }) {
            return index * 255 / (PictureLayer.blockRamp.count - 1)
        }
        if text == "▀" { return y < down / 2 ? fore ?? 255 : back }
        if let scalar = text.unicodeScalars.first, (0x2800...0x28FF).contains(scalar.value) {
            let bit = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]][y * 4 / down][x * 2 / across]
            return Int(scalar.value - 0x2800) & bit != 0 ? 255 : 0
        }
        return back
    }

    /// Mean SSIM of two pictures `width` wide over 8x8 windows every 4 pixels (within `box`,
    /// in pixels, when given): 1 is a copy.
    public static func similarity(_ a: [Int], _ b: [Int], width: Int, box: (x: Range<Int>, y: Range<Int>)? = nil)
        -> Double
    {
        let height = min(a.count, b.count) / width
        let xs = box?.x ?? 0..<width
        let ys = box?.y ?? 0..<height
        let c1 = (0.01 * 255) * (0.01 * 255)
        let c2 = (0.03 * 255) * (0.03 * 255)
        var total = 0.0
        var windows = 0
        for top in Swift.stride(from: max(0, ys.lowerBound), through: min(height, ys.upperBound) - 8, by: 4) {
            for left in Swift.stride(from: max(0, xs.lowerBound), through: min(width, xs.upperBound) - 8, by: 4) {
                var sa = 0.0
                var sb = 0.0
                var saa = 0.0
                var sbb = 0.0
                var sab = 0.0
                for y in top..<(top + 8) {
                    for x in left..<(left + 8) {
                        let p = Double(a[y * width + x])
                        let q = Double(b[y * width + x])
                        sa += p
                        sb += q
                        saa += p * p
                        sbb += q * q
                        sab += p * q
                    }
                }
                let n = 64.0
                let ma = sa / n
                let mb = sb / n
                let va = saa / n - ma * ma
                let vb = sbb / n - mb * mb
                let cov = sab / n - ma * mb
                total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                windows += 1
            }
        }
        return windows > 0 ? total / Double(windows) : 0
    }
}
