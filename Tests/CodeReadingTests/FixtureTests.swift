import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// The drawn codes the benches and tests rely on say what they claim to say.
@Suite struct FixtureTests {
    @Test(arguments: LinearSymbology.allCases)
    func everyBarcodeDrawnCleanlyReadsAsExpected(symbology: LinearSymbology) throws {
        var random = SplitMix(seed: 11)
        for _ in 0..<5 {
            let code = Barcode.random(symbology, using: &random)
            let scene = Frame.filled(width: 640, height: 240, value: 200)
                .drawingModules(
                    code.bars,
                    at: ModulePlacement(
                        centreX: 320, centreY: 120, moduleSize: 2.5, rowHeight: 40,
                        quietZone: 10))
            let texts = ZbarEngine().codes(in: scene).map(\.text)
            #expect(texts == [code.expected], "\(symbology): \(texts) for \(code.expected)")
        }
    }

    @Test func fractionalModulesAndTurnsStillReadAsQR() throws {
        let matrix = try #require(QRMatrix(text: "drawn at 2.5 px", level: .medium))
        let scene = Frame.plasma(width: 400, height: 400, seed: 3)
            .drawingModules(matrix.grid, at: ModulePlacement(centreX: 200, centreY: 200, moduleSize: 2.5, degrees: 20))
            .blurred(sigma: 0.6)
        #expect(ZbarEngine().codes(in: scene).map(\.text) == ["drawn at 2.5 px"])
    }
}

/// Code 39 Full ASCII: shift pairs spell what the 43 characters cannot.
@Suite struct FullASCIITests {
    func read(_ printed: String) throws -> DetectedCode {
        let code = try #require(Barcode(.code39, printed))
        let scene = Frame.filled(width: 640, height: 200, value: 220)
            .drawingModules(
                code.bars, at: ModulePlacement(centreX: 320, centreY: 100, moduleSize: 2, rowHeight: 40, quietZone: 10))
        return try #require(ZbarEngine().codes(in: scene).first)
    }

    @Test func shiftPairsAreDecodedAndTheRawTextKept() throws {
        let code = try read("+A+B%U")
        #expect(code.bytes == [0x61, 0x62, 0x00])
        #expect(code.raw == Array("+A+B%U".utf8))
        #expect(code.symbology == .code39)
    }

    @Test func anInvalidPairLeavesTheTextAsPrinted() throws {
        let code = try read("A+1B")  // + before a digit is no shift pair
        #expect(code.text == "A+1B" && code.raw == nil)
    }

    @Test func everyPairMapsAsTheStandardSays() {
        func decode(_ text: String) -> [UInt8]? { Code39FullASCII.decoded(Array(text.utf8)) }
        #expect(decode("$A$M$Z") == [0x01, 0x0D, 0x1A])
        #expect(
            decode("%A%E%F%J%K%O%P%T%U%V%W%X") == [
                0x1B, 0x1F, 0x3B, 0x3F, 0x5B, 0x5F, 0x7B, 0x7F, 0x00, 0x40, 0x60, 0x7F,
            ])
        #expect(decode("/A/O/Z") == Array("!/:".utf8))
        #expect(decode("+A+Z") == Array("az".utf8))
        #expect(decode("PLAIN-TEXT 12") == nil)  // no shift: nothing to decode
        #expect(decode("/P") == nil && decode("AB$") == nil)
    }
}

/// GS1-128: zbar flags a Code 128 that starts with FNC1, and says so with the code.
@Suite struct GS1FlagTests {
    func read(_ data: String, gs1: Bool) throws -> DetectedCode {
        let code = try #require(Barcode(.code128, data, gs1: gs1))
        let scene = Frame.filled(width: 900, height: 200, value: 220)
            .drawingModules(
                code.bars, at: ModulePlacement(centreX: 450, centreY: 100, moduleSize: 2, rowHeight: 40, quietZone: 10))
        return try #require(ZbarEngine().codes(in: scene).first)
    }

    @Test func gs1128IsFlaggedAndPlainCode128IsNot() throws {
        let gs1 = try read("[01]09501101530003[10]AB-123", gs1: true)
        #expect(gs1.gs1)
        #expect(gs1.text == "010950110153000310AB-123")
        let plain = try read("0109501101530003", gs1: false)
        #expect(!plain.gs1)
    }
}
