import CodeFixtures
import CodeReading
import FrameCore
import Overlay
import Testing

/// A code in the picture a terminal of pixels is handed is still a code: the scaled frame,
/// dimmed, bracketed and outlined, reads as the frame did.
@Suite struct PicturePixelsReadingTests {
    @Test func aQRCodeStaysLegibleInTheTerminalsPixels() throws {
        let payload = "https://example.org/pixels"
        let frame = CodeFixtures.qrScene(payload, width: 1280, height: 720, moduleSize: 5)
        let code = try #require(ZbarEngine().codes(in: frame).first)
        let transform = ViewTransform.preview(
            frameWidth: 1280, frameHeight: 720, columns: 160, rows: 48, cellAspect: 0.5, mode: .fill)
        let scene = Scene(
            image: GreyImage(width: frame.width, height: frame.height, stride: frame.stride, pixels: frame.luma),
            transform: transform, scanArea: ScanArea.initial(frameWidth: 1280, frameHeight: 720),
            outlines: [code.corners.map { Point(x: Double($0.x), y: Double($0.y)) }],
            info: StatusInfo(source: "t"))
        let picture = try #require(FramePicture(scene, columns: 160, rows: 48))
        let pixels = PicturePixels(picture, cellWidth: 10, cellHeight: 20)
        #expect(pixels.width == 1600 && pixels.height == 940)
        // Its grey as a frame of its own (the green outline as its green).
        let rgb = pixels.rgb
        let grey = (0..<(pixels.width * pixels.height)).map { rgb[$0 * 3 + 1] }
        let shown = Frame(width: pixels.width, height: pixels.height, luma: grey)
        #expect(ZbarEngine().codes(in: shown).map(\.text) == [payload])
    }
}
