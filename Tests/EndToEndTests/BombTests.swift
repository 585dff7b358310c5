import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import Testing

/// Pictures of a few kilobytes made to cost a reader dear (`Bombs`), through the real binary:
/// each is read through, within a deadline it once ran far past, in the memory its pixels
/// allow; and what was read before a deadline is printed. (Their times beside zbarimg's are
/// `qrtui-bench --bombs`.)
@Suite struct BombTests {
    let directory = TemporaryDirectory("bombs")

    func write(_ name: String, _ picture: Frame) -> String { directory.write(name + ".png", PNGCodec.encode(picture)) }

    /// Read through before a deadline the old search ran minutes past: "no code found in" the
    /// picture, not "within" the deadline.
    @Test(arguments: ["finder grid", "bull's-eye grid", "partial codes"])
    func aCrowdOfMarksIsReadThrough(bomb: String) throws {
        let picture =
            switch bomb {
            case "finder grid": Bombs.finderGrid(side: 300)
            case "bull's-eye grid": Bombs.bullseyeGrid(side: 600)
            default: Bombs.partialCodes(count: 144)
            }
        let path = write("bomb", picture)
        let run = try QRTUIProcess.run(["--no-preview", "--timeout", "30", path], deadline: 60)
        #expect(run.status == 4 && run.stdout.isEmpty, "\(run.stderr)")
        #expect(run.stderrLines == ["qrtui: no code found in \(path)"])
    }

    /// A sheet of 1,024 tiny codes (a page of labels): every one read, each once.
    @Test func aSheetOfTinyCodesIsReadWhole() throws {
        let sheet = Bombs.manyCodes(count: 1024)
        let run = try QRTUIProcess.run(
            ["--no-preview", "--timeout", "30", write("sheet", sheet.picture)], deadline: 60)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.split(separator: "\n").map(String.init).sorted() == sheet.codes.sorted())
    }

    /// One bull's-eye as large as the picture: no window of its reach is made (2.85 GB once).
    @Test func oneLargeBullseyeCostsWhatItsPixelsDo() throws {
        let side = 2000
        let run = try QRTUIProcess.run(
            ["--no-preview", "-q", write("eye", Bombs.bigBullseye(side: side))], deadline: 120)
        #expect(run.status == 4, "\(run.stderr)")
        #expect(
            run.peakKilobytes > 0 && run.peakKilobytes * 1024 < 3 * side * side + 30_000_000, "\(run.peakKilobytes) kB")
    }

    /// A checkerboard, a texture too fine to label: the plain look alone, within 3 bytes a pixel.
    @Test func aFineTextureCostsWhatItsPixelsDo() throws {
        let side = 2000
        let run = try QRTUIProcess.run(
            ["--no-preview", "-q", write("checks", Bombs.checkerboard(side: side, square: 1))], deadline: 120)
        #expect(run.status == 4, "\(run.stderr)")
        #expect(
            run.peakKilobytes > 0 && run.peakKilobytes * 1024 < 3 * side * side + 30_000_000, "\(run.peakKilobytes) kB")
    }

    /// A code read at once, then every read after it stuck (the fault library): at the deadline
    /// the code is out, and the run ends 0.
    @Test func theDeadlineKeepsTheCodesAlreadyRead() throws {
        let bomb = Bombs.partialCodes(count: 36)
        let code = QRMatrix(text: "read before the deadline")!.render(moduleSize: 4, dark: 20, light: 235)
        let picture = Frame.filled(
            width: bomb.width + code.width + 40, height: max(bomb.height, code.height), value: 235
        )
        .drawing(bomb, centreX: Double(bomb.width) / 2, centreY: Double(bomb.height) / 2)
        .drawing(code, centreX: Double(bomb.width + 20 + code.width / 2), centreY: Double(code.height) / 2)
        let run = try QRTUIProcess.run(
            ["--no-preview", "--timeout", "3", write("stuck", picture)],
            environment: [
                "LD_PRELOAD": SignalFallbackTests.faults, "QRTUI_FAULT_STUCK_READ": "60",
                "QRTUI_FAULT_STUCK_AFTER": "1",
            ], deadline: 30)
        #expect(!run.timedOut)
        #expect(run.status == 0 && run.stdoutText == "read before the deadline\n", "\(run.stderr)")
    }
}
