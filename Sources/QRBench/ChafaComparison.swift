import CaptureKit
import CodeFixtures
import CursesBackend
import Foundation
import FrameCore
import Overlay
import PictureFiles
import SystemCalls

/// The preview of a QR code in a 1280x720 camera frame on a 120x40 screen: qrtui's toned ASCII
/// against `chafa --symbols ascii -c 256` given the very pixels qrtui shows, at the same
/// cells. Both are drawn back to pixels with one model of the characters (`GlyphRaster`) and
/// compared with the picture by SSIM, over the code's region (where its structure is) and over
/// the whole screen.
struct ChafaComparison {
    let columns = 120, rows = 40
    let directory = TemporaryDirectory("chafa-bench")

    func run() -> String {
        let chafa = ProgramPath.find("chafa")
        var lines = [["module px", "code cells", "qrtui code", "chafa code", "qrtui screen", "chafa screen"]]
        for module in [3, 4, 6] {
            let frame = CodeFixtures.qrScene(
                "https://example.org/structure", width: 1280, height: 720, moduleSize: module, noise: 4)
            let transform = ViewTransform.preview(
                frameWidth: 1280, frameHeight: 720, columns: columns, rows: rows,
                cellAspect: 0.5, mode: .fill)
            let image = GreyImage(width: frame.width, height: frame.height, pixels: frame.luma)
            let truth = Shader.average(image, transform: transform, across: GlyphRaster.across, down: GlyphRaster.down)
                .values.map { Int(max(0, $0)) }
            let ours = FidelityBenchmark.rasterise(render(image, transform))
            let box = codeBox(module: module, transform)
            let width = columns * GlyphRaster.across
            var row = [
                String(module), "\(box.x.count / GlyphRaster.across)x\(box.y.count / GlyphRaster.down)",
                format(FidelityBenchmark.ssim(truth, ours, width: width, box: box), 3), "",
                format(FidelityBenchmark.ssim(truth, ours, width: width), 3), "",
            ]
            if let chafa, let cells = chafaCells(chafa, frame, transform) {
                let theirs = GlyphRaster.pixels(cells, grey: Self.paletteGrey)
                row[3] = format(FidelityBenchmark.ssim(truth, theirs, width: width, box: box), 3)
                row[5] = format(FidelityBenchmark.ssim(truth, theirs, width: width), 3)
            } else {
                row[3] = chafa == nil ? "no chafa" : "failed"
            }
            lines.append(row)
        }
        return table(lines)
    }

    /// qrtui's picture rows (the status line aside), toned ASCII on 256 colours, nothing dimmed.
    private func render(_ image: GreyImage, _ transform: ViewTransform) -> [[Cell]] {
        var scene = Scene(
            image: image, transform: transform, status: .scanning, info: StatusInfo(source: "bench"), glyphs: .ascii)
        scene.greys = true
        var shader = Shader(tolerance: 0)
        let grid = Screen.render(scene, columns: columns, rows: rows, shader: &shader)
        return (0..<(rows - 1)).map { row in (0..<columns).map { grid[$0, row] } }
    }

    /// The code's region in drawn-back pixels: its modules and quiet zone about the middle.
    private func codeBox(module: Int, _ transform: ViewTransform) -> (x: Range<Int>, y: Range<Int>) {
        let side = Double((29 + 8) * module)  // version 3
        let top = transform.cell(for: Point(x: 640 - side / 2, y: 360 - side / 2))
        let bottom = transform.cell(for: Point(x: 640 + side / 2, y: 360 + side / 2))
        return (
            Int(top.x * Double(GlyphRaster.across))..<Int(bottom.x * Double(GlyphRaster.across)),
            Int(top.y * Double(GlyphRaster.down))..<Int(bottom.y * Double(GlyphRaster.down))
        )
    }

    /// chafa's cells for the pixels qrtui shows (the frame cropped as the transform fills the
    /// screen), stretched to the same 120x39 cells.
    private func chafaCells(_ chafa: String, _ frame: Frame, _ transform: ViewTransform) -> [[Cell]]? {
        let x = Int(transform.originX.rounded())
        let y = Int(transform.originY.rounded())
        let shown = PixelRect(
            x: x, y: y, width: Int((Double(columns) * transform.pixelsPerColumn).rounded()),
            height: Int((Double(rows - 1) * transform.pixelsPerRow).rounded()))
        let picture = directory.write("shown.png", PNGCodec.encode(frame.cropped(to: shown.clamped(to: frame.bounds))))
        let output = directory.path + "/chafa.out"
        guard
            let pid = try? ChildProcess.spawn(
                chafa,
                [
                    "--symbols", "ascii", "-c", "256", "--size", "\(columns)x\(rows - 1)",
                    "--stretch", "--animate", "off", picture,
                ], stdout: .file(output)),
            ChildProcess.wait(pid, until: MonotonicClock.now() + 60) == .exited(0),
            let text = FileManager.default.contents(atPath: output)
        else { return nil }
        return Self.cells(String(decoding: text, as: UTF8.self))
    }

    /// A terminal's text with 256-colour SGR sequences as rows of cells.
    static func cells(_ text: String) -> [[Cell]] {
        var rows = [[Cell]]()
        var row = [Cell]()
        var style = Style.plain
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}", scalars.first == "[" {
                scalars.removeFirst()
                var parameters = ""
                while let next = scalars.popFirst() {
                    if (0x40...0x7E).contains(next.value) {
                        if next == "m" { apply(parameters, to: &style) }
                        break
                    }
                    parameters.unicodeScalars.append(next)
                }
            } else if scalar == "\n" {
                rows.append(row)
                row = []
            } else if scalar.value >= 0x20 {
                row.append(Cell(String(scalar), style: style))
            }
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }

    /// SGR 0, 38;5;N and 48;5;N; a palette colour is kept as a grey of its luma.
    static func apply(_ parameters: String, to style: inout Style) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var i = 0
        while i < numbers.count {
            switch numbers[i] {
            case 0: style = .plain
            case 38 where i + 2 < numbers.count && numbers[i + 1] == 5:
                style.foreground = .grey(UInt8(paletteLuma(numbers[i + 2])))
                i += 2
            case 48 where i + 2 < numbers.count && numbers[i + 1] == 5:
                style.background = .grey(UInt8(paletteLuma(numbers[i + 2])))
                i += 2
            default: break
            }
            i += 1
        }
    }

    /// The grey chafa's palette colours show (already exact: no terminal rounding).
    static func paletteGrey(_ color: Color) -> Int? {
        if case .grey(let v) = color { Int(v) } else { nil }
    }

    /// The luma of an xterm 256-colour palette entry.
    static func paletteLuma(_ n: Int) -> Int {
        let rgb: (Int, Int, Int)
        switch n {
        case 0..<16:
            let base = [
                (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
                (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
                (255, 0, 255), (0, 255, 255), (255, 255, 255),
            ]
            rgb = base[n]
        case 16..<232:
            let levels = [0, 95, 135, 175, 215, 255]
            let i = n - 16
            rgb = (levels[i / 36], levels[(i / 6) % 6], levels[i % 6])
        default:
            let v = 8 + 10 * (n - 232)
            rgb = (v, v, v)
        }
        return (299 * rgb.0 + 587 * rgb.1 + 114 * rgb.2) / 1000
    }
}
