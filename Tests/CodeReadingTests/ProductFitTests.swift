import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// A product read tried against the grey along a line across its bars, where blur leaves
/// edges that no longer tell one digit from another.
@Suite struct ProductFitTests {
    func read(_ symbology: Symbology, _ text: String) -> DetectedCode {
        DetectedCode(symbology: symbology, bytes: Array(text.utf8), corners: [], quality: 10)
    }

    /// The grey along the middle row of `barcode` drawn at `module` pixels, blurred by `sigma`
    /// pixels, with noise; and the sample where the line crosses the code's middle.
    func line(_ barcode: Barcode, module: Double, sigma: Double, noise: Int = 6, dark: UInt8 = 40, light: UInt8 = 210)
        -> BarsAcross.Profile
    {
        let frame = Frame.filled(width: 480, height: 120, value: 150)
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(
                    centreX: 240, centreY: 60, moduleSize: module, rowHeight: 60,
                    quietZone: 10), dark: dark, light: light
            )
            .blurred(sigma: sigma).withNoise(amplitude: noise, seed: 3)
        let values = ProfileLine(picture: frame, origin: (0, 60), direction: (1, 0)).values(from: 0, to: 479)
        return BarsAcross.Profile(values: values, at: 240 / ProfileLine.step)
    }

    /// The modules a read says are printed are libzint's, for every product layout (UPC-E in
    /// each of its expansions, and given as the EAN-13 or UPC-A it stands for).
    @Test(arguments: [
        (LinearSymbology.ean13, Symbology.ean13, "400638133393"), (.upca, .upca, "03600029145"),
        (.ean8, .ean8, "9638507"), (.upce, .upce, "0123456"), (.upce, .upce, "0654321"),
        (.upce, .upce, "0234563"), (.upce, .upce, "1234560"),
        // zbar may give a UPC-E as the EAN-13 it stands for.
        (.upce, .ean13, "0654321"), (.upce, .upca, "1234560"),
    ])
    func aReadsModulesAreThePrintedOnes(zint: LinearSymbology, symbology: Symbology, data: String) throws {
        let barcode = try #require(Barcode(zint, data))
        let printed = (0..<barcode.bars.columns).map { barcode.bars[$0, 0] }
        let zbarText = symbology == .upca ? String(barcode.expected.dropFirst()) : barcode.expected
        let layouts = ProductModules.of(read(symbology, zbarText))
        #expect(layouts.contains { $0.bars == Array(printed.drop { !$0 }.reversed().drop { !$0 }.reversed()) })
        #expect(layouts.allSatisfy { $0.symbols.allSatisfy { $0.rivals.count >= 9 && !$0.rivals.contains([]) } })
    }

    /// Blurred until the edges no longer tell (our own decode is doubtful or finds nothing),
    /// the printed number still fits every digit clearly, and a number one digit off (its
    /// check digit made right again) does not.
    @Test(arguments: [
        (LinearSymbology.ean13, "400638133393", "4006381333931", "4006387333935"),
        (.ean8, "9638507", "96385074", "96585078"),
    ])
    func theRightNumberFitsABlurredCodeAndOneDigitOffDoesNot(
        zint: LinearSymbology, data: String, right: String, wrong: String
    ) throws {
        let barcode = try #require(Barcode(zint, data))
        #expect(barcode.expected == right)
        #expect(
            ProductAcross.checkDigit(wrong.dropLast().map { Int($0.asciiValue! - 48) })
                == Int(wrong.last!.asciiValue! - 48))
        let symbology: Symbology = zint == .ean8 ? .ean8 : .ean13
        let profile = line(barcode, module: 2, sigma: 1.9)
        let spelt = BarsAcross.spelled(on: [profile], by: ProductAcross.decode)
        #expect(!spelt.contains(Array(right.utf8)))
        let fits = { (text: String) in
            ProductModules.of(read(symbology, text)).contains { ModuleFit.confirms($0, profile.values, at: profile.at) }
        }
        #expect(fits(right))
        #expect(!fits(wrong))
        // Blurred past telling, nothing fits clearly: the read is left as it was.
        let lost = line(barcode, module: 2, sigma: 4)
        #expect(
            !ProductModules.of(read(symbology, right)).contains { ModuleFit.confirms($0, lost.values, at: lost.at) })
    }

    /// Where the grey holds no code of that shape (a blank stretch, or another symbology's
    /// bars, or the code itself as faint as a JPEG's block steps), nothing is placed.
    @Test func noCodeOnTheLineConfirmsNothing() throws {
        let code128 = try #require(Barcode(.code128, "qrtui 1234"))
        let modules = try #require(ProductModules.of(read(.ean13, "4006381333931")).first)
        let other = line(code128, module: 2, sigma: 0.8)
        let otherFits = ModuleFit.confirms(modules, other.values, at: other.at)
        #expect(!otherFits)
        let barcode = try #require(Barcode(.ean13, "400638133393"))
        let clear = line(barcode, module: 3, sigma: 0.5, noise: 0, dark: 150, light: 190)
        let clearFits = ModuleFit.confirms(modules, clear.values, at: clear.at)
        #expect(clearFits)
        let faint = line(barcode, module: 3, sigma: 0.5, noise: 0, dark: 150, light: 163)
        let faintFits = ModuleFit.confirms(modules, faint.values, at: faint.at)
        #expect(!faintFits)
        let blank = [Double](repeating: 180, count: 900)
        #expect(ModuleFit.placement(modules.bars, blank, at: 450) == nil)
    }

    /// A blurred product read that zbar made on an extra pass, fitted on two lines across, is
    /// checked across and so has its second look.
    @Test func aBlurredReadThatFitsIsCheckedAcross() throws {
        let barcode = try #require(Barcode(.ean13, "400638133393"))
        let frame = Frame.filled(width: 480, height: 160, value: 150)
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(
                    centreX: 240, centreY: 80, moduleSize: 2, rowHeight: 90,
                    degrees: 7, quietZone: 10), dark: 40, light: 210
            )
            .blurred(sigma: 1.9).withNoise(amplitude: 6, seed: 5)
        var code = DetectedCode(symbology: .ean13, bytes: Array(barcode.expected.utf8), corners: [], quality: 2)
        // Where zbar's scan lines would have ended, and which way is out of the code.
        code.ends = [70, 80, 90].flatMap { y in
            [
                LineEnd(at: PixelPoint(x: 147, y: y), beyond: PixelPoint(x: 140, y: y)),
                LineEnd(at: PixelPoint(x: 333, y: y), beyond: PixelPoint(x: 340, y: y)),
            ]
        }
        #expect(BarsAcross.verdict(code, in: frame) == .agrees)
        var wrong = DetectedCode(symbology: .ean13, bytes: Array("4006387333935".utf8), corners: [], quality: 2)
        wrong.ends = code.ends
        #expect(BarsAcross.verdict(wrong, in: frame) != .agrees)
    }

    /// Where the grey shows another digit in a read's place, far more clearly than the read's
    /// own (a misread two frames agreed on), the lines across refuse it; the printed number
    /// there is taken.
    @Test func aReadTheGreyShowsOtherwiseIsRefused() throws {
        let barcode = try #require(Barcode(.ean13, "400638133393"))
        let frame = Frame.filled(width: 480, height: 160, value: 150)
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(
                    centreX: 240, centreY: 80, moduleSize: 2, rowHeight: 90,
                    quietZone: 10), dark: 40, light: 210
            )
            .blurred(sigma: 1.5).withNoise(amplitude: 6, seed: 5)
        let ends = [70, 80, 90].flatMap { y in
            [
                LineEnd(at: PixelPoint(x: 147, y: y), beyond: PixelPoint(x: 140, y: y)),
                LineEnd(at: PixelPoint(x: 333, y: y), beyond: PixelPoint(x: 340, y: y)),
            ]
        }
        var right = read(.ean13, barcode.expected)
        right.ends = ends
        #expect(BarsAcross.fit(right, on: BarsAcross.profiles(right, in: frame)) == .agrees)
        // Two digits off, the check digit right again.
        var wrong = read(.ean13, "4006387633936")
        wrong.ends = ends
        #expect(ProductAcross.checkDigit(Array("400638763393".utf8).map { Int($0) - 48 }) == 6)
        #expect(BarsAcross.fit(wrong, on: BarsAcross.profiles(wrong, in: frame)) == .disagrees)
        #expect(BarsAcross.checked(wrong, in: frame) == nil)
    }

    /// A line across runs left to right whichever way up the code is: a code upside down
    /// lies on it backwards, and fits as well.
    @Test func aCodeUpsideDownFitsBackwards() throws {
        let barcode = try #require(Barcode(.ean13, "400638133393"))
        let profile = line(barcode, module: 2, sigma: 1.9)
        let backwards = Array(profile.values.reversed())
        let at = Double(profile.values.count - 1) - profile.at
        let modules = try #require(ProductModules.of(read(.ean13, barcode.expected)).first)
        #expect(ModuleFit.confirms(modules, profile.values, at: profile.at))
        #expect(ModuleFit.confirms(modules, backwards, at: at))
    }
}
