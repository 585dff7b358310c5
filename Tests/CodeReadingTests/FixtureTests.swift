import CodeFixtures
@testable import CodeReading
import FrameCore
import PictureOps
import Testing

/// The drawn codes the benches and tests rely on say what they claim to say.
@Suite struct FixtureTests {
    @Test(arguments: LinearSymbology.allCases)
    func everyBarcodeDrawnCleanlyReadsAsExpected(symbology: LinearSymbology) throws {
        var random = SplitMix(seed: 11)
        for _ in 0..<5 {
            let code = Barcode.random(symbology, using: &random)
            let scene = Frame.filled(width: 640, height: 240, value: 200)
                .drawingModules(code.bars, at: ModulePlacement(centreX: 320, centreY: 120, moduleSize: 2.5, rowHeight: 40,
                                                               quietZone: 10))
            let texts = CodeScanner().scan(scene).map(\.text)
            #expect(texts == [code.expected], "\(symbology): \(texts) for \(code.expected)")
        }
    }

    @Test func fractionalModulesAndTurnsStillReadAsQR() throws {
        let matrix = try #require(QRMatrix(text: "drawn at 2.5 px", level: .medium))
        let scene = Frame.plasma(width: 400, height: 400, seed: 3)
            .drawingModules(matrix.grid, at: ModulePlacement(centreX: 200, centreY: 200, moduleSize: 2.5, degrees: 20))
            .blurred(sigma: 0.6)
        #expect(CodeScanner().scan(scene).map(\.text) == ["drawn at 2.5 px"])
    }
}
