import CaptureKit
import CodeFixtures
import CodeReading
import CursesBackend
import FrameCore
import Glibc
import Overlay

/// The cost of the picture: rendering a 1280x720 frame into 160x48 cells for each glyph set,
/// and the bytes ncurses writes to the terminal per frame for a noisy static scene (a camera
/// on a desk) against a full repaint.
struct RenderBenchmark {
    let repetitions: Int
    let columns = 160, rows = 48

    func run() -> String {
        let scene = DemoSource(code: DemoCode.picture(), width: 1280, height: 720, paced: false)
        // A static scene: the same picture with fresh sensor noise in every frame.
        let frames = (0..<max(repetitions, 12)).map { scene.frame(at: 0, sequence: $0) }
        // A scene that keeps changing: the backdrop's light moving (as `--cost` changes it).
        let moving = (0..<max(repetitions, 12)).map { n in
            Frame.plasma(width: 1280, height: 720, seed: 5, phase: Double(n) / 60 * 2 * .pi).withNoise(
                amplitude: 6, seed: UInt64(n) &+ 1)
        }
        var rows = [
            [
                "glyphs", "render median ms", "p95 ms", "bytes/frame steady", "bytes full repaint", "steady/full",
                "full repaint ms",
            ]
        ]
        // Without hysteresis (tolerance 0) for comparison: what the screen would cost without it.
        // ASCII both ways: the mono ramp, and toned in the picture's greys (256 colours).
        let runs =
            [(GlyphSet.ascii, 6, true, false), (GlyphSet.ascii, 6, true, true)]
            + GlyphSet.allCases.map { ($0, 6, false, false) }
            + [(GlyphSet.ascii, 0, false, false), (GlyphSet.half, 0, false, false)]
        for (glyphs, tolerance, greys, changing) in runs {
            var shader = Shader(tolerance: tolerance)
            var timings = Timings()
            let scenes = (changing ? moving : frames).map { frame in
                var scene = self.scene(frame, glyphs: glyphs)
                scene.greys = greys
                return scene
            }
            var grids = [CellGrid]()
            for s in scenes {
                grids.append(timings.measure { Screen.render(s, columns: columns, rows: self.rows, shader: &shader) })
            }
            let bytes = (try? terminalBytes(grids)) ?? (steady: -1, full: -1, drawing: -1)
            let name =
                glyphs.rawValue + (greys ? " toned" : "") + (tolerance == 0 ? " (no hysteresis)" : "")
                + (changing ? ", changing" : "")
            rows.append([
                name, format(timings.median), format(timings.percentile(95)),
                format(bytes.steady, 0), format(bytes.full, 0),
                bytes.full > 0 ? format(bytes.steady / bytes.full * 100, 1) + "%" : "-", format(bytes.drawing),
            ])
        }
        return table(rows)
    }

    func scene(_ frame: Frame, glyphs: GlyphSet) -> Scene {
        let transform = ViewTransform.preview(
            frameWidth: frame.width, frameHeight: frame.height,
            columns: columns, rows: rows, cellAspect: 0.5, mode: .fill)
        var area = ScanArea.initial(frameWidth: frame.width, frameHeight: frame.height)
        area.clamp(to: transform)
        return Scene(
            image: GreyImage(width: frame.width, height: frame.height, pixels: frame.luma),
            transform: transform, scanArea: area, status: .scanning,
            info: StatusInfo(source: "bench", frameSize: (frame.width, frame.height), framesPerSecond: 30),
            glyphs: glyphs)
    }

    /// Draws the grids through the real backend into a file standing in for the terminal
    /// (xterm-256color) and measures what each frame wrote, and the median time of a full repaint.
    func terminalBytes(_ grids: [CellGrid]) throws -> (steady: Double, full: Double, drawing: Double) {
        let directory = TemporaryDirectory("render-bench")
        let path = directory.path + "/terminal"
        let output = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let input = open("/dev/null", O_RDONLY)
        defer {
            close(output)
            close(input)
        }
        let terminal = try CursesTerminal(input: input, output: output, terminalType: "xterm-256color")
        defer { terminal.end() }
        terminal.setSize(columns: columns, rows: rows)
        func written() -> Double { Double(lseek(output, 0, SEEK_END)) }
        var perFrame = [Double]()
        var fullRepaints = [Double]()
        var drawing = Timings()
        for (index, grid) in grids.enumerated() {
            let before = written()
            terminal.draw(grid)
            perFrame.append(written() - before)
            if index % 4 == 3 {  // now and then: the same grid painted from scratch
                terminal.invalidate()
                let start = written()
                drawing.measure { terminal.draw(grid) }
                fullRepaints.append(written() - start)
            }
        }
        let steady = perFrame.dropFirst(4)
        return (
            steady.reduce(0, +) / Double(max(1, steady.count)),
            fullRepaints.reduce(0, +) / Double(max(1, fullRepaints.count)),
            drawing.median
        )
    }
}
