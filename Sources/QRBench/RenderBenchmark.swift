import CaptureKit
import CodeFixtures
import CodeReading
import CursesBackend
import FrameCore
import Glibc
import Overlay
import PictureFiles
import PictureOps

/// The cost of the picture: rendering a 1280x720 frame into 160x48 cells for each glyph set
/// (in process: the shader and the cells), and what the real `qrtui` writes to a 160x48
/// pseudoterminal a frame for a still scene (a code on a desk) on the fake camera at fresh
/// sensor noise σ 0, 2, 6 and 12, each glyph set; and for a Y4M stream fed in real time.
struct RenderBenchmark {
    let repetitions: Int
    let columns = 160, rows = 48
    /// Seconds each real run is measured, after its warm-up.
    var seconds = 5.0
    let directory = TemporaryDirectory("render-bench")

    func run(progress: (String) -> Void) -> String {
        timings() + "\n\nBytes the terminal receives a frame from the real qrtui (160x48 pseudoterminal, a still "
            + "1280x720 scene with a code, fresh normal noise of σ in every frame, \(Int(seconds)) s after 3 s):\n\n"
            + terminalBytes(progress: progress)
    }

    /// Render time a frame (in process), and a full repaint's time through the real backend.
    func timings() -> String {
        let scene = DemoSource(code: DemoCode.picture(), width: 1280, height: 720, paced: false)
        var noise = SensorNoise(sigma: 6, seed: 1)
        let frames = (0..<max(repetitions, 12)).map { noise.applied(to: scene.frame(at: 0, sequence: $0)) }
        var rows = [["glyphs", "render median ms", "p95 ms", "full repaint ms"]]
        for (glyphs, greys) in [(GlyphSet.ascii, false), (.ascii, true)]
            + GlyphSet.allCases.dropFirst().map({ ($0, false) })
        {
            var shader = Shader()
            var timings = Timings()
            var grids = [CellGrid]()
            for frame in frames {
                var drawn = self.scene(frame, glyphs: glyphs)
                drawn.greys = greys
                grids.append(
                    timings.measure { Screen.render(drawn, columns: columns, rows: self.rows, shader: &shader) })
            }
            let repaint = (try? repaintTime(grids)) ?? -1
            rows.append([
                glyphs.rawValue + (greys ? " toned" : ""), format(timings.median), format(timings.percentile(95)),
                format(repaint),
            ])
        }
        return table(rows)
    }

    /// The real program's bytes a frame: each glyph set on the fake camera at each noise, and
    /// toned ASCII on a Y4M stream fed in real time.
    func terminalBytes(progress: (String) -> Void) -> String {
        let backdrop = Frame.plasma(width: 1280, height: 720, seed: 5)
        let picture = backdrop.drawingModules(
            QRMatrix(text: "https://example.org/desk")!.grid,
            at: ModulePlacement(centreX: 640, centreY: 360, moduleSize: 5))
        let image = directory.write("desk.pgm", NetpbmCodec.encode(picture))
        var rows = [["glyphs", "source", "noise", "bytes/frame", "% of a core", "target"]]
        let sets: [(name: String, arguments: [String], term: String)] = [
            ("ascii toned", [], "xterm-256color"), ("ascii mono", ["--color", "never"], "xterm-256color"),
            ("blocks", ["--glyphs", "blocks"], "xterm-256color"), ("half", ["--glyphs", "half"], "xterm-256color"),
            ("braille", ["--glyphs", "braille"], "xterm-256color"),
        ]
        for set in sets {
            for sigma in [0.0, 2, 6, 12] {
                // Paced as a camera is: the capture benchmark, earlier in the same run, unpaces
                // the fake camera in this process's environment.
                var environment = [
                    "QRTUI_FAKE_DEVICES": "/dev/video0:grey", "QRTUI_FAKE_IMAGE": image, "TERM": set.term,
                    "QRTUI_FAKE_FPS": "30",
                ]
                environment[sigma > 0 ? "QRTUI_FAKE_SIGMA" : "QRTUI_FAKE_NOISE"] = format(sigma, 0)
                let figures = ProgramRun(
                    arguments: Array(LiveProcess.qrtui.dropFirst()) + set.arguments, environment: environment,
                    seconds: seconds
                ).onCamera()
                rows.append(Self.row(set.name, "camera GREY", sigma, figures))
                progress(rows.last!.joined(separator: "  "))
            }
        }
        // A stream fed in real time (ffmpeg ... -f yuv4mpegpipe - | qrtui -i -): 90 frames of fresh noise.
        for sigma in [6.0, 12] {
            var noise = SensorNoise(sigma: sigma, seed: 7)
            let frames = (0..<90).map { _ in noise.applied(to: picture).luma }
            let header = Array("YUV4MPEG2 W1280 H720 F30:1 Ip A1:1 Cmono\n".utf8)
            let figures = ProgramRun(arguments: ["-i", "-"], environment: [:], seconds: seconds)
                .fed(header: header, frames: frames)
            rows.append(Self.row("ascii toned", "Y4M on stdin", sigma, figures))
            progress(rows.last!.joined(separator: "  "))
        }
        return table(rows)
    }

    /// Issue 43's targets: 200 bytes a frame at σ 6, 400 at σ 12.
    static func row(_ name: String, _ source: String, _ sigma: Double, _ figures: ProgramRun.Figures) -> [String] {
        let target = sigma == 6 ? "<= 200" : sigma == 12 ? "<= 400" : "-"
        return [
            name, source, "σ \(format(sigma, 0))", format(figures.bytesPerFrame, 0), format(figures.cpu, 1), target,
        ]
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

    /// The median time of painting a grid from scratch through the real backend (xterm-256color,
    /// into a file standing in for the terminal).
    func repaintTime(_ grids: [CellGrid]) throws -> Double {
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
        var drawing = Timings()
        for grid in grids {
            terminal.invalidate()
            drawing.measure { terminal.draw(grid) }
        }
        return drawing.median
    }
}
