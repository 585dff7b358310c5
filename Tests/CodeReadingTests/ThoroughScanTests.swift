import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// Each pass reads what the plain crop cannot; streams confirm 1D reads.
@Suite struct ThoroughScanTests {
    func thorough(_ frame: Frame) -> FrameReading {
        let strategy = ThoroughScan()
        return strategy.scan(frame, with: ZbarEngine())
    }

    /// The plain pass and `pass` alone: what that pass reads on its own.
    func only(_ pass: ScanPass, _ frame: Frame) -> FrameReading {
        let strategy = ThoroughScan(extraPasses: [pass])
        return strategy.scan(frame, with: ZbarEngine())
    }

    @Test func invertedCodeNeedsTheInvertedPass() {
        let frame = CodeFixtures.qrScene("light on dark", moduleSize: 4).inverted()
        #expect(ZbarEngine().codes(in: frame).isEmpty)
        let report = thorough(frame)
        #expect(report.codes.map(\.text) == ["light on dark"])
        #expect(report.pass == .inverted)
    }

    @Test func denseCodeAtOnePixelPerModuleNeedsDoubling() throws {
        // A crisp code at one pixel per module (as in a screenshot), 37 modules with its quiet
        // zone, in the middle of a 117-pixel picture.
        let payload = "dense code at one pixel per module"
        let frame = try #require(QRMatrix(text: payload, level: .low)).render(moduleSize: 1, dark: 20, light: 235)
            .padded(margin: 40, value: 190)
        #expect(ZbarEngine().codes(in: frame).isEmpty)
        #expect(ZbarEngine().codes(in: frame.enlargedCubic(by: 2)).isEmpty)  // interpolation blurs it
        #expect(thorough(frame).codes.map(\.text) == [payload])
        let report = only(.doubled, frame)
        #expect(report.codes.map(\.text) == [payload])
        #expect(report.pass == .doubled)
        // Corners map back to the original picture: the code spans pixels 44 to 73.
        let xs = try #require(report.codes.first).corners.map(\.x)
        #expect((xs.min() ?? 0) >= 42 && (xs.max() ?? 0) <= 76)
    }

    @Test func blurredSmallCodeIsReadEnlarged() {
        // The corpus's own case for this pass is a photo; a close stand-in: a code at 1.5
        // pixels per module, drawn with interpolation (soft edges).
        let frame = CodeFixtures.qrScene("small and soft", width: 120, height: 120, moduleSize: 2, scale: 0.75)
        let report = thorough(frame)
        #expect(report.codes.map(\.text) == ["small and soft"])
        #expect(report.pass != nil)
    }

    @Test func lowContrastUnderUnevenLightNeedsBinarising() {
        // Contrast of 12 grey levels, under a shadow that darkens one side by 180.
        let code = CodeFixtures.qrScene("in the shadow", width: 320, height: 320, moduleSize: 5)
            .mapped { UInt8(110 + Int($0) / 18) }
        let shaded = Frame(
            width: 320, height: 320,
            luma: code.luma.enumerated().map { index, value in
                let x = index % 320
                return UInt8(max(0, Int(value) - x * 180 / 320))
            })
        #expect(ZbarEngine().codes(in: shaded).isEmpty)
        let report = thorough(shaded)
        #expect(report.codes.map(\.text) == ["in the shadow"])
        #expect(report.pass == .binarised)
    }

    @Test func tiltedBarcodeNeedsTurning() {
        let frame = EAN13.scene("400638133393", moduleWidth: 3, degrees: 45)
        #expect(ZbarEngine().codes(in: frame).isEmpty)
        let report = thorough(frame)
        #expect(report.codes.map(\.text) == ["4006381333931"])
        #expect(report.pass == .rotated)
    }

    @Test func straightBarcodeIsReadByThePlainPass() {
        let report = thorough(EAN13.scene("400638133393"))
        #expect(report.codes.map(\.text) == ["4006381333931"])
        #expect(report.codes.first?.symbology == .ean13)
        #expect(report.pass == .plain)
        #expect(report.passesRun == [.plain])
    }

    @Test func structuredAppendPartsSeenApartAreJoined() throws {
        let text = String(repeating: "Structured append joins several symbols into one message. ", count: 6)
        let symbols = QRMatrix.structured(text: text, version: 5)
        #expect(symbols.count >= 3)
        let reader = CodeReader()
        var found = [String]()
        for symbol in symbols {  // each in a frame of its own, as a camera would see them
            let picture = Frame.filled(width: 400, height: 400, value: 200)
                .drawing(symbol.render(moduleSize: 4), centreX: 200, centreY: 200)
            found += reader.read(picture).codes.map(\.text)
        }
        // Each part is a code of its own until the last one completes the message.
        #expect(found.last == text && found.count == symbols.count, "\(found.count)")
    }

    /// A still holding one part of a message has it read by the plain look: the other looks
    /// make it no more whole.
    @Test func aPartOfAMessageSettlesAStill() throws {
        let text = String(repeating: "Structured append joins several symbols into one message. ", count: 6)
        let symbol = try #require(QRMatrix.structured(text: text, version: 5).first)
        let picture = Frame.filled(width: 400, height: 400, value: 200)
            .drawing(symbol.render(moduleSize: 4), centreX: 200, centreY: 200)
        let reading = ThoroughScan().scan(picture, with: PairedEngine())
        #expect(reading.codes.isEmpty && Set(reading.parts.map(\.bytes)).count == 1)
        // The place its finders mark is the part's: no look beyond the plain one there either.
        #expect(reading.passesRun.first == .plain && reading.passesRun.allSatisfy { $0 == .plain })
    }

    @Test func code32IsShownAsThePharmacode() {
        #expect(Code32Check.convert("3PRM8N") == "A123456788")
        #expect(Code32Check.convert("3PRM8P") == nil)  // check digit fails: left as Code 39
        #expect(Code32Check.convert("HELLO1") == nil)  // vowels are not base-32 digits
    }
}

@Suite struct ConfirmationTests {
    @Test func trackerAnnouncesOnceUntilTheCodeWasGone() {
        let code = DetectedCode(symbology: .qr, bytes: Array("a".utf8), corners: [])
        let other = DetectedCode(symbology: .qr, bytes: Array("b".utf8), corners: [])
        var tracker = CodeTracker(forgetAfter: 1)
        #expect(tracker.update(with: [code, code], at: 0).count == 1)
        #expect(tracker.update(with: [code, other], at: 0.5).map(\.text) == ["b"])
        #expect(tracker.update(with: [code], at: 1.4).isEmpty)  // still in sight
        #expect(tracker.update(with: [], at: 2).isEmpty)
        #expect(tracker.update(with: [code], at: 2.6).map(\.text) == ["a"])  // gone 1.2 s: news again
    }

    /// One payload on several labels in sight at once is as many codes on a stream too, each
    /// announced once; a code that moves is one code wherever it goes.
    @Test func copiesOfACodeInSightAtOnceAreEachAnnounced() {
        func label(_ x: Int) -> DetectedCode {
            DetectedCode(
                symbology: .qr, bytes: Array("lot 7".utf8),
                corners: [
                    PixelPoint(x: x, y: 10), PixelPoint(x: x, y: 60), PixelPoint(x: x + 50, y: 60),
                    PixelPoint(x: x + 50, y: 10),
                ])
        }
        var tracker = CodeTracker(confirmations: 2)
        #expect(tracker.update(with: [label(0), label(100)], at: 0).count == 2)
        #expect(tracker.update(with: [label(100)], held: [label(0)], at: 0.1).isEmpty)
        #expect(tracker.update(with: [label(300)], at: 0.2).isEmpty)  // one of them moved
        #expect(
            tracker.update(with: [label(0), label(100), label(200)], at: 0.3).map(\.corners) == [label(200).corners])
        var moving = CodeTracker()
        #expect((0..<10).flatMap { moving.update(with: [label($0 * 80)], at: Double($0) / 30) }.count == 1)
    }

    func code(_ symbology: Symbology, _ text: String) -> DetectedCode {
        DetectedCode(symbology: symbology, bytes: Array(text.utf8), corners: [])
    }

    @Test func aOneFrameMisreadOfA1DCodeIsNotAnnounced() {
        var tracker = CodeTracker(confirmations: 2)
        #expect(tracker.update(with: [code(.ean13, "0022121000066")], at: 0).isEmpty)  // the misread
        #expect(tracker.update(with: [code(.ean13, "0022121000059")], at: 0.1).isEmpty)
        #expect(tracker.update(with: [code(.ean13, "0022121000059")], at: 0.2).map(\.text) == ["0022121000059"])
        #expect(tracker.update(with: [code(.ean13, "0022121000059")], at: 0.3).isEmpty)  // once only
    }

    @Test func qrCodesNeedNoConfirmation() {
        var tracker = CodeTracker(confirmations: 2)
        #expect(tracker.update(with: [code(.qr, "hello")], at: 0).map(\.text) == ["hello"])
    }

    @Test func sightingsTooFarApartDoNotConfirm() {
        var tracker = CodeTracker(forgetAfter: 1, confirmations: 2)
        #expect(tracker.update(with: [code(.code128, "A")], at: 0).isEmpty)
        #expect(tracker.update(with: [code(.code128, "A")], at: 5).isEmpty)
        #expect(tracker.update(with: [code(.code128, "A")], at: 5.5).map(\.text) == ["A"])
    }
}

@Suite struct ChineseTextTests {
    @Test func gb18030AndBig5AreToldApart() {
        #expect(PayloadText.decode([214, 208, 206, 196, 182, 254, 206, 172, 194, 235]) == ("中文二维码", .gb18030))
        #expect(PayloadText.decode([193, 99, 197, 233, 164, 164, 164, 229]) == ("繁體中文", .big5))
        #expect(PayloadText.decode([0x00, 0x01, 0x02, 0xFF]).encoding == .latin1)  // binary stays binary
    }
}
