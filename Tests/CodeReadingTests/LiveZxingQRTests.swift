import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// zxing-cpp reads QR codes in a live candidate window where zbar read nothing, and the two
/// reading one place differently announce nothing. Test engines stand in for zbar.
@Suite struct LiveZxingQRTests {
    let stream = NoisyStream()
    let area = PixelRect(x: 112, y: 48, width: 416, height: 384)
    let text = "read live by zxing-cpp"

    /// zbar as a test engine makes it (`answer` rewrites what real zbar reads), beside zxing-cpp's quick reading.
    final class StandIn: CodeEngine {
        let zbar: ZbarEngine
        let answer: ((DetectedCode) -> DetectedCode)?
        var symbologies: Set<Symbology>? { zbar.symbologies }
        var density = 1
        init(_ zbar: ZbarEngine = ZbarEngine(), answer: ((DetectedCode) -> DetectedCode)?) {
            self.zbar = zbar
            self.answer = answer
        }
        func decode(_ picture: Frame) -> SymbolsFound {
            guard let answer else { return SymbolsFound() }
            var found = zbar.decode(picture)
            found.codes = found.codes.map(answer)
            return found
        }
        func narrowed(to family: Set<Symbology>) -> any CodeEngine {
            StandIn(zbar.narrowed(to: family) as? ZbarEngine ?? zbar, answer: answer)
        }
    }

    func readings(zbar: StandIn, frames: [Frame]) -> [FrameReading] {
        let engines = EnginePool(PairedEngine(zbar: zbar, zxing: ZxingEngine(quick: true)))
        let reader = LiveReader(engines: engines, share: 0.5, cost: .counted, confirmations: 2)
        return frames.map { reader.read($0, in: area) }
    }

    func frames() throws -> [Frame] {
        let matrix = try #require(QRMatrix(text: text, level: .medium))
        return stream.frames(50, code: matrix.grid, appears: 30, moduleSize: 3)
    }

    @Test func aQRCodeZbarReadsNothingOfIsReadByZxingAndFollowed() throws {
        let frames = try frames()
        let readings = readings(zbar: StandIn(answer: nil), frames: frames)
        let first = try #require(readings.firstIndex { $0.codes.contains { $0.text == text } })
        #expect((30...31).contains(first))
        // Followed from then on: in sight every frame, held or read again, never anything else.
        for reading in readings[(first + 1)...] {
            #expect((reading.codes + reading.held).map(\.text) == [text])
        }
        #expect(readings.allSatisfy { ($0.codes + $0.held).allSatisfy { $0.text == text } })
        let corners = try #require(readings[first].codes.first?.corners.boundingRect)
        #expect(corners.minX > 240 && corners.maxX < 400 && corners.minY > 160 && corners.maxY < 320)
    }

    /// zbar reading the place otherwise (at another length) withholds both: zxing-cpp's window
    /// look never announces its own read over zbar's.
    @Test func aQRCodeTheTwoReadOtherwiseIsNotAnnouncedAsZxingReadsIt() throws {
        let frames = try frames()
        let otherwise = StandIn { code in
            code.symbology == .qr
                ? DetectedCode(symbology: .qr, bytes: Array("another text".utf8), corners: code.corners) : code
        }
        #expect(otherwise.decode(frames[40]).codes.map(\.text) == ["another text"])
        let readings = readings(zbar: otherwise, frames: frames)
        #expect(!readings.contains { ($0.codes + $0.held).contains { $0.text == text } })
        // The plain look and zxing-cpp's window look both withheld it in the frame it came.
        #expect(readings[30].withheld >= 2 && readings[30].codes.isEmpty)
    }

    @Test func aReaderAskedForNoQRCodeHasNoZxingQRLook() {
        let linear = EnginePool(PairedEngine(symbologies: [.ean13, .code128]))
        #expect(linear.zxingQR == nil)
        #expect(EnginePool(PairedEngine()).zxingQR != nil)
    }
}
