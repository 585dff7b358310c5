import CaptureKit
import CodeFixtures
import CursesBackend
import FrameCore
import Overlay

/// How much of the picture each glyph set carries: the demo scene (a QR code over a
/// backdrop) rendered into 160x48 cells, the cells drawn back to pixels (4x8 per cell) with
/// a model of each character, and compared with the scene averaged to the same pixels by
/// SSIM (8x8 windows). 1 is a perfect copy. The model of each character is `GlyphRaster`'s;
/// greys as a 256-colour terminal shows them.
struct FidelityBenchmark {
    let columns = 160, rows = 48

    func run() -> String {
        let demo = DemoSource(code: DemoCode.picture(), width: 1280, height: 720, paced: false)
        let frame = demo.frame(at: 0.7, sequence: 0)
        let image = GreyImage(width: frame.width, height: frame.height, pixels: frame.luma)
        let transform = ViewTransform.preview(
            frameWidth: frame.width, frameHeight: frame.height,
            columns: columns, rows: rows, cellAspect: 0.5, mode: .fill)
        let truth = Shader.average(image, transform: transform, across: GlyphRaster.across, down: GlyphRaster.down)
            .values.map { Int(max(0, $0)) }
        var lines = [["glyphs", "SSIM", "vs half"]]
        var results = [(String, Double)]()
        for (name, glyphs, greys) in [
            ("ascii (mono ramp)", GlyphSet.ascii, false), ("ascii (toned, 256 colours)", .ascii, true),
            ("blocks", .blocks, false), ("half", .half, false), ("braille", .braille, false),
        ] {
            var scene = Scene(
                image: image, transform: transform, scanArea: nil, status: .scanning,
                info: StatusInfo(source: "bench"), glyphs: glyphs)
            scene.greys = greys
            var shader = Shader(tolerance: 0)
            let grid = Screen.render(scene, columns: columns, rows: rows, shader: &shader)
            let cells = (0..<(rows - 1)).map { row in (0..<columns).map { grid[$0, row] } }
            results.append((name, Self.ssim(truth, Self.rasterise(cells), width: columns * GlyphRaster.across)))
        }
        let half = results.first { $0.0 == "half" }?.1 ?? 0
        for (name, value) in results { lines.append([name, format(value, 3), format(value - half, 3)]) }
        return table(lines)
    }

    /// The cells' pixels, 4 across and 8 down each, row-major, greys as a 256-colour
    /// terminal shows them.
    static func rasterise(_ cells: [[Cell]]) -> [Int] { GlyphRaster.pixels(cells, grey: shown) }

    /// Greys as a 256-colour terminal shows them: black, 24 steps, white.
    static func shown(_ color: Color) -> Int? {
        if case .grey(let v) = color { ColorDepth.shownGrey(v) } else { nil }
    }

    static func ssim(_ a: [Int], _ b: [Int], width: Int, box: (x: Range<Int>, y: Range<Int>)? = nil) -> Double {
        GlyphRaster.similarity(a, b, width: width, box: box)
    }
}
