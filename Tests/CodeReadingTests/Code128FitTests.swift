import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// A Code 128 read tried against the grey along a line across its bars, where blur leaves
/// edges that no longer tell one symbol from another (`ModuleFit`, `Code128Modules`).
@Suite struct Code128FitTests {
    func read(_ text: String) -> DetectedCode {
        DetectedCode(symbology: .code128, bytes: Array(text.utf8), corners: [], quality: 10)
    }

    /// `barcode` drawn at `module` pixels on a label, blurred by `sigma` pixels, with noise.
    func picture(_ barcode: Barcode, module: Double, sigma: Double, degrees: Double = 0) -> Frame {
        Frame.filled(width: 560, height: 160, value: 150)
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(
                    centreX: 280, centreY: 80, moduleSize: module, rowHeight: 90,
                    degrees: degrees, quietZone: 10), dark: 40, light: 210
            )
            .blurred(sigma: sigma).withNoise(amplitude: 6, seed: 5)
    }

    /// The grey along the picture's middle row, and the sample where it crosses the code's middle.
    func line(_ frame: Frame) -> BarsAcross.Profile {
        let values = ProfileLine(picture: frame, origin: (0, 80), direction: (1, 0)).values(
            from: 0, to: Double(frame.width - 1))
        return BarsAcross.Profile(values: values, at: 280 / ProfileLine.step)
    }

    /// The symbols laid for a text are libzint's: code set B, C for runs of digits (after the
    /// first of an odd run), a shift or A for control characters (zbar's text, the data itself).
    @Test(arguments: ["Q-4217", "qrtui 1234", "1234567890", "12345a", "ab\tcd", "AB\tC\td", "x"])
    func aReadsModulesAreThePrintedOnes(text: String) throws {
        let barcode = try #require(Barcode(.code128, text))
        let printed = (0..<barcode.bars.columns).map { barcode.bars[$0, 0] }
        let layouts = Code128Modules.of(read(text))
        #expect(layouts.contains { $0.bars == Array(printed.drop { !$0 }.reversed().drop { !$0 }.reversed()) })
        #expect(layouts.allSatisfy { $0.symbols.allSatisfy { $0.width == 11 && $0.rivals.count >= 9 } })
    }

    @Test func textsZbarCannotTellTheSymbolsOfAreNotLaid() {
        var gs1 = read("0112345678901231")
        gs1.gs1 = true
        #expect(Code128Modules.of(gs1).isEmpty)
        #expect(Code128Modules.of(read("")).isEmpty)
        #expect(
            Code128Modules.of(DetectedCode(symbology: .code128, bytes: [0x61, 0xE9], corners: [], quality: 10)).isEmpty)
        #expect(
            Code128Modules.of(DetectedCode(symbology: .code39, bytes: Array("AB".utf8), corners: [], quality: 10))
                .isEmpty)
    }

    /// Blurred until our own decode finds nothing, the printed text still fits every symbol
    /// clearly, and a text one character off (its check symbol made right again) does not.
    @Test(arguments: [("Q-4217", "Q-4317"), ("qrtui 1234", "qrtvi 1234")])
    func theRightTextFitsABlurredCodeAndOneCharacterOffDoesNot(right: String, wrong: String) throws {
        let barcode = try #require(Barcode(.code128, right))
        let profile = line(picture(barcode, module: 2, sigma: 1.7))
        #expect(!BarsAcross.spelled(on: [profile], by: Code128Across.decode).contains(Array(right.utf8)))
        let fits = { (text: String) in
            Code128Modules.of(read(text)).contains { ModuleFit.confirms($0, profile.values, at: profile.at) }
        }
        #expect(fits(right))
        #expect(!fits(wrong))
        // Blurred past telling, nothing fits clearly: the read is left as it was.
        let lost = line(picture(barcode, module: 2, sigma: 4))
        #expect(!Code128Modules.of(read(right)).contains { ModuleFit.confirms($0, lost.values, at: lost.at) })
    }

    /// A blurred Code 128 read that no line spells, fitted on two lines across, is checked
    /// across and so has its second look; a read of another text there is not.
    @Test func aBlurredReadThatFitsIsCheckedAcross() throws {
        let barcode = try #require(Barcode(.code128, "Q-4217"))
        let frame = picture(barcode, module: 2, sigma: 1.7, degrees: 6)
        let width = Double(barcode.bars.columns - 20) * 2
        var code = read(barcode.expected)
        // Where zbar's scan lines would have ended, and which way is out of the code.
        let (left, right) = (Int(280 - width / 2), Int(280 + width / 2))
        code.ends = [70, 80, 90].flatMap { y in
            [
                LineEnd(at: PixelPoint(x: left, y: y), beyond: PixelPoint(x: left - 7, y: y)),
                LineEnd(at: PixelPoint(x: right, y: y), beyond: PixelPoint(x: right + 7, y: y)),
            ]
        }
        #expect(BarsAcross.verdict(code, in: frame, fitting: false) == .unknown)
        #expect(BarsAcross.verdict(code, in: frame) == .agrees)
        var wrong = read("Q-4317")
        wrong.ends = code.ends
        #expect(BarsAcross.verdict(wrong, in: frame) != .agrees)
        #expect(Corroboration.acrossIsALook(try #require(BarsAcross.checked(code, in: frame))))
    }
}
