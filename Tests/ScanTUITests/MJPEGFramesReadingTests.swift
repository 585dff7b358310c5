import CaptureKit
import CodeFixtures
import CodeReading
import FrameCore
import PictureFiles
import PictureOps
import Testing

/// A camera's MJPEG frames read as its YUYV frames are: a small code wherever the 8x8 blocks
/// of the JPEG fall on it, at several sizes (one place proves nothing: the blocks fall on
/// each otherwise). Each frame is made as a webcam sends it (4:2:2, quality 85, fresh sensor
/// noise), decoded as the camera path decodes it, and read live. The sheet through the fake
/// camera (`LiveSheetTests`) is the one the fast IDCT failed.
@Suite struct MJPEGFramesReadingTests {
    /// Places spread over a 720p frame, each at another phase of the 8x8 blocks.
    static let places: [(dx: Double, dy: Double)] = (0..<10).map { (index: Int) -> (dx: Double, dy: Double) in
        let x: Int = (index * 173) % 900 - 450 + index % 8
        let y: Int = (index * 97) % 440 - 220 + (index * 3) % 8
        return (Double(x), Double(y))
    }

    /// Frames of `scene` with fresh noise, through the JPEG a webcam sends and the camera's
    /// decoding, read live until the code reads (or `frames` pass).
    func readsLive(_ scene: Frame, payload: String, frames: Int = 3, seed: UInt64) throws -> Bool {
        let reader = CodeReader()
        var noise = SensorNoise(sigma: 3, seed: seed)
        for index in 0..<frames {
            let jpeg = JPEGCodec.encode(noise.applied(to: scene), quality: 85, colour: true)
            let decoded = try #require(MJPEGConversion.luma(jpeg, width: scene.width, height: scene.height))
            let frame = decoded.renumbered(sequence: index, timestamp: Double(index) / 30)
            if reader.read(frame, kind: .live, realTime: false).codes.contains(where: { $0.text == payload }) {
                return true
            }
        }
        return false
    }

    /// A printed label's code, black on white with sharp edges, at every phase of the blocks.
    @Test(arguments: [3, 4, 5])
    func aSmallCodeReadsWhereverTheBlocksFall(moduleSize: Int) throws {
        let payload = "https://example.org/card"
        let code = try #require(QRMatrix(text: payload, level: .medium))
            .render(moduleSize: moduleSize, quietZone: 2, dark: 0, light: 255)
        var missed: [String] = []
        for (index, place) in Self.places.enumerated() {
            // Whole pixels: the code's pixels as printed, no smoothing.
            let scene = Frame.filled(width: 1280, height: 720, value: 255).drawing(
                code, centreX: (640 + place.dx).rounded(), centreY: (360 + place.dy).rounded())
            if try !readsLive(scene, payload: payload, seed: UInt64(index)) { missed.append("\(place)") }
        }
        #expect(missed.isEmpty, "missed at \(missed)")
    }
}
