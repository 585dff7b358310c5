import CaptureKit
import CodeFixtures
import CursesBackend
import FrameCore
import Overlay

/// How much of the picture each glyph set carries: the demo scene (a QR code over a
/// backdrop) rendered into 160x48 cells, the cells drawn back to pixels (2x4 per cell) with
/// a coverage model of each character, and compared with the scene averaged to the same
/// pixels by SSIM (8x8 windows). 1 is a perfect copy. The model: a mono ramp character is
/// its cell's grey, a shade block likewise, `▀` its two greys, a braille dot white on black,
/// a toned ASCII character its grey where its strokes lie and its background's elsewhere;
/// greys as a 256-colour terminal shows them.
struct FidelityBenchmark {
    let columns = 160, rows = 48

    func run() -> String {
        let demo = DemoSource(code: DemoCode.picture(), width: 1280, height: 720, paced: false)
        let frame = demo.frame(at: 0.7, sequence: 0)
        let image = GreyImage(width: frame.width, height: frame.height, pixels: frame.luma)
        let transform = ViewTransform.preview(frameWidth: frame.width, frameHeight: frame.height,
                                              columns: columns, rows: rows, cellAspect: 0.5, mode: .fill)
        var reference = Shader(tolerance: 0)
        let truth = reference.sample(image, transform: transform, glyphs: .braille).values.map { Int(max(0, $0)) }
        var lines = [["glyphs", "SSIM", "vs half"]]
        var results = [(String, Double)]()
        for (name, glyphs, greys) in [("ascii (mono ramp)", GlyphSet.ascii, false), ("ascii (toned, 256 colours)", .ascii, true),
                                      ("blocks", .blocks, false), ("half", .half, false), ("braille", .braille, false)] {
            var scene = Scene(image: image, transform: transform, scanArea: nil, status: .scanning,
                              info: StatusInfo(source: "bench"), glyphs: glyphs)
            scene.greys = greys
            var shader = Shader(tolerance: 0)
            let grid = Screen.render(scene, columns: columns, rows: rows, shader: &shader)
            results.append((name, Self.ssim(truth, Self.rasterise(grid, rows: rows - 1), width: columns * 2)))
        }
        let half = results.first { $0.0 == "half" }?.1 ?? 0
        for (name, value) in results { lines.append([name, format(value, 3), format(value - half, 3)]) }
        return table(lines)
    }

    /// The cells' pixels, 2 across and 4 down each, row-major.
    static func rasterise(_ grid: CellGrid, rows: Int) -> [Int] {
        let width = grid.width * 2
        var pixels = [Int](repeating: 0, count: width * rows * 4)
        for row in 0..<rows {
            for column in 0..<grid.width {
                let cell = grid[column, row]
                for y in 0..<4 {
                    for x in 0..<2 {
                        pixels[(row * 4 + y) * width + column * 2 + x] = level(cell, x: x, y: y)
                    }
                }
            }
        }
        return pixels
    }

    static func level(_ cell: Cell, x: Int, y: Int) -> Int {
        // Greys as a 256-colour terminal shows them: black, 24 steps, white.
        func grey(_ color: Color, _ fallback: Int) -> Int {
            if case .grey(let v) = color { ColorDepth.shownGrey(v) } else { fallback }
        }
        let fore = grey(cell.style.foreground, 255), back = grey(cell.style.background, 0)
        let text = cell.text
        if let mask = TonedASCII.masks[text], case .grey = cell.style.foreground {
            let quadrant = (y / 2) * 2 + x
            return mask & (8 >> quadrant) != 0 ? fore : back
        }
        if let index = PictureLayer.asciiRamp.firstIndex(where: { String($0) == text }), !(text == " " && back > 0) {
            return index * 255 / (PictureLayer.asciiRamp.count - 1)
        }
        if let index = PictureLayer.blockRamp.firstIndex(where: { String($0) == text }), text != " " {
            return index * 255 / (PictureLayer.blockRamp.count - 1)
        }
        if text == "▀" { return y < 2 ? fore : back }
        if let scalar = text.unicodeScalars.first, (0x2800...0x28FF).contains(scalar.value) {
            let bits = Int(scalar.value - 0x2800)
            let bit = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]][y][x]
            return bits & bit != 0 ? 255 : 0
        }
        return back  // a space: its background
    }

    /// Mean SSIM over 8x8 windows every 4 pixels.
    static func ssim(_ a: [Int], _ b: [Int], width: Int) -> Double {
        let height = min(a.count, b.count) / width
        let c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255)
        var total = 0.0, windows = 0
        for top in Swift.stride(from: 0, through: height - 8, by: 4) {
            for left in Swift.stride(from: 0, through: width - 8, by: 4) {
                var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0
                for y in top..<(top + 8) {
                    for x in left..<(left + 8) {
                        let p = Double(a[y * width + x]), q = Double(b[y * width + x])
                        sa += p; sb += q; saa += p * p; sbb += q * q; sab += p * q
                    }
                }
                let n = 64.0, ma = sa / n, mb = sb / n
                let va = saa / n - ma * ma, vb = sbb / n - mb * mb, cov = sab / n - ma * mb
                total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                windows += 1
            }
        }
        return windows > 0 ? total / Double(windows) : 0
    }
}
