import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import PictureOps
import Testing

/// Live, where it applies: a sheet of codes held in front of the camera, and a code held so
/// close that it fills the frame, on the fake camera with fresh sensor noise.
@Suite struct LiveSheetTests {
    let directory = TemporaryDirectory("live-sheet")

    /// Announcements headless from the fake camera showing `picture` at 1280x720 in `format`,
    /// with fresh noise every frame.
    func announcements(of picture: Frame, seconds: Double, format: String = "grey") throws -> [(
        text: String, frame: Int
    )] {
        // A file of its own: the tests run at once, and a camera that read the file while
        // another test rewrote it saw no sheet.
        let path = directory.write("scene-\(UInt64.random(in: 0...UInt64.max)).pgm", NetpbmCodec.encode(picture))
        let camera = FakeCamera(
            "/dev/video0:\(format)", payload: nil,
            settings: ["QRTUI_FAKE_SEQUENCE": path + ":30", "QRTUI_FAKE_SIGMA": "6"])
        let run = try QRTUIProcess.run(
            [
                "--no-preview", "-d", "/dev/video0", "--size", "1280x720", "--fps", "5", "--format", "json",
                "--timeout", "\(seconds)",
            ],
            environment: camera.environment, deadline: 60)
        #expect(run.status == 0, "\(run.stderr)")
        return SwapTests.announcements(run)
    }

    func grid(_ text: String) throws -> ModuleGrid {
        let matrix = try #require(QRMatrix(text: text, level: .medium))
        return ModuleGrid(columns: matrix.size, rows: matrix.size, dark: matrix.modules)
    }

    /// Printed labels, black on white with sharp edges, 4 px a module (a business card at
    /// arm's length from a 720p webcam): in MJPEG, what webcams send at 720p, as in YUYV. The
    /// fast IDCT once turned their blocks where dark modules touch at a corner into checks.
    @Test(arguments: ["mjpeg", "yuyv"])
    func aSheetOfPrintedCodesReadsInEveryCameraFormat(format: String) throws {
        var sheet = Frame.filled(width: 1280, height: 720, value: 255)
        var texts = Set<String>()
        for index in 0..<12 {
            let text = "sheet label \(index + 1) https://example.org/\(index + 1)"
            texts.insert(text)
            let code = try #require(QRMatrix(text: text, level: .medium))
                .render(moduleSize: 4, quietZone: 2, dark: 0, light: 255)
            // Whole pixels: the code's pixels as printed, no smoothing.
            sheet = sheet.drawing(
                code, centreX: Double(130 + (index % 4) * 310), centreY: Double(130 + (index / 4) * 220))
        }
        let said = try announcements(of: sheet, seconds: 5, format: format)
        #expect(Set(said.map(\.text)) == texts && said.count == 12, "\(said)")
        #expect(said.allSatisfy { $0.frame <= 10 }, "\(said.map(\.frame))")
    }

    @Test func aSheetOfTwelveCodesIsAnnouncedWholeAndEachOnce() throws {
        let texts = (1...12).map { "sheet label \($0)" }
        let sheet = LabelsClip.sheet(
            texts, on: Frame.plasma(width: 1280, height: 720, seed: 4).lit(from: 0.75, to: 1.0), moduleSize: 4,
            dark: 40, light: 215)
        let said = try announcements(of: sheet.blurred(sigma: 0.8), seconds: 5)
        #expect(Set(said.map(\.text)) == Set(texts) && said.count == 12, "\(said)")
        let first = said.map(\.frame).min() ?? 0
        #expect(said.allSatisfy { $0.frame <= first + 10 }, "\(said.map(\.frame))")
    }

    @Test func aCloseUpFillingTheFrameIsReadAtOnce() throws {
        let picture = Frame.filled(width: 1280, height: 720, value: 200).drawingModules(
            try grid("held close"), at: ModulePlacement(centreX: 640, centreY: 360, moduleSize: 30, degrees: 2),
            dark: 35, light: 215
        ).blurred(sigma: 1.5)
        let said = try announcements(of: picture, seconds: 4)
        #expect(said.map(\.text) == ["held close"], "\(said)")
        #expect((said.first?.frame ?? 99) <= 2, "\(said)")
    }
}
