import CodeFixtures
import CodeReading
import FrameCore
import PictureOps
import Testing

@Suite struct ZbarEngineTests {
    @Test(arguments: [0.0, 17, 30, 45, 90, 180, -33])
    func readsRotatedCodes(degrees: Double) throws {
        let frame = CodeFixtures.qrScene("rotated \(degrees)", moduleSize: 5, degrees: degrees, noise: 4)
        let codes = ZbarEngine().codes(in: frame)
        #expect(codes.map(\.text) == ["rotated \(degrees)"])
        #expect(codes.first?.symbology == .qr)
    }

    /// Scan lines along rows alone cross upright bars and read them, not lying ones; along
    /// columns the other way round; both ways read both.
    @Test func scanLinesOneWayReadTheBarsTheyCross() {
        let upright = EAN13.scene("400638133393", width: 400, height: 400)
        let lying = upright.rotated(degrees: 90)
        let engine = ZbarEngine(symbologies: [.ean13])
        func reads(_ picture: Frame, _ lines: ScanLines) -> Bool {
            engine.lines = lines
            defer { engine.lines = .both }
            return engine.codes(in: picture).map(\.text) == ["4006381333931"]
        }
        #expect(reads(upright, .rows) && !reads(upright, .columns) && reads(upright, .both))
        #expect(reads(lying, .columns) && !reads(lying, .rows) && reads(lying, .both))
    }

    /// A fresh scanner for every picture (zbar keeps memory for each QR code it decodes):
    /// reading goes on the same over many scans, settings included.
    @Test func readingIsTheSameOverManyScans() {
        let qr = CodeFixtures.qrScene("renewed", width: 200, height: 200, moduleSize: 3)
        let ean = EAN13.scene("400638133393", width: 400, height: 200)
        let scanner = ZbarEngine(symbologies: [.qr], density: 2)
        for round in 0..<520 {
            let codes = scanner.codes(in: round % 2 == 0 ? qr : ean)
            guard codes.map(\.text) == (round % 2 == 0 ? ["renewed"] : []) else {
                Issue.record("scan \(round) read \(codes.map(\.text))")
                return
            }
        }
        #expect(scanner.density == 2)
    }

    /// zbar's scanner carried what it decoded into the next picture: the same blurred, noisy
    /// EAN-13 read twice by one scanner gave its bars other ends the second time.
    @Test func aPictureReadsTheSameWhateverWasReadBefore() {
        for seed in [1, 2, 5] {
            let digits = String(format: "%012d", seed * 7_919_111)
            let picture = EAN13.scene(
                digits, moduleWidth: 1 + seed % 3, barHeight: 40 + seed, width: 300, height: 150,
                degrees: Double(seed % 7) - 3
            ).blurred(sigma: 0.5 + Double(seed % 5) * 0.3).withNoise(amplitude: 8 + seed, seed: UInt64(seed))
            let engine = ZbarEngine()
            let first = engine.decode(picture).codes
            let again = engine.decode(picture).codes
            #expect(!first.isEmpty)
            #expect(first.map(\.corners) == again.map(\.corners), "seed \(seed)")
            #expect(first.map(\.corners) == ZbarEngine().decode(picture).codes.map(\.corners))
        }
    }

    /// `-Stest-inverted`: zbar tries the picture inverted too, so one plain scan reads a light
    /// code on dark.
    @Test func testInvertedReadsALightCodeOnDark() {
        let light = CodeFixtures.qrScene("light on dark", width: 320, height: 240, moduleSize: 4).inverted()
        #expect(ZbarEngine().codes(in: light).isEmpty)
        #expect(
            ZbarEngine(settings: ScannerSettings(testInverted: true)).codes(in: light).map(\.text) == ["light on dark"])
    }

    /// `-Sx-density`, `-Sy-density`: zbar's lines between scan lines, 0 turning a direction off.
    /// An upright EAN-13 is crossed by rows only.
    @Test func densitiesAreZbars() {
        let ean = EAN13.scene("400638133393", width: 400, height: 200)
        #expect(ZbarEngine(settings: ScannerSettings(xDensity: 0)).codes(in: ean).map(\.text) == ["4006381333931"])
        #expect(ZbarEngine(settings: ScannerSettings(yDensity: 0)).codes(in: ean).isEmpty)
        #expect(
            ZbarEngine(settings: ScannerSettings(xDensity: 0, yDensity: 3)).codes(in: ean).map(\.text) == [
                "4006381333931"
            ])
        // The user's density wins over qrtui's own choice of one.
        let scanner = ZbarEngine(settings: ScannerSettings(yDensity: 0))
        scanner.density = 2
        #expect(scanner.codes(in: ean).isEmpty)
    }

    @Test(arguments: [0.6, 1.7, 3.0])
    func readsScaledCodes(scale: Double) {
        let frame = CodeFixtures.qrScene("scaled", width: 800, height: 600, moduleSize: 3, scale: scale)
        #expect(ZbarEngine().codes(in: frame).map(\.text) == ["scaled"])
    }

    @Test func cornersAreInFullFramePixelsEvenForACrop() throws {
        // Code of 29+8 modules at 4 px, centred at (400, 300): outer corners about 58 px away.
        let frame = CodeFixtures.qrScene("corners", width: 800, height: 600, moduleSize: 4, dx: 80, dy: 60)
        let area = PixelRect(x: 300, y: 200, width: 360, height: 330)
        let code = try #require(ZbarEngine().codes(in: frame, area: area).first)
        #expect(code.corners.count == 4)
        let xs = code.corners.map(\.x)
        let ys = code.corners.map(\.y)
        let centreX = Double(xs.reduce(0, +)) / 4
        let centreY = Double(ys.reduce(0, +)) / 4
        #expect(abs(centreX - 480) < 4 && abs(centreY - 360) < 4)
        #expect(code.corners.allSatisfy { abs(Double($0.x) - centreX) > 20 && abs(Double($0.y) - centreY) > 20 })
        // zbar's order: top-left, bottom-left, bottom-right, top-right.
        #expect(code.corners[0].x < code.corners[3].x && code.corners[0].y < code.corners[1].y)
    }

    @Test func onlyTheScanAreaIsRead() {
        let frame = CodeFixtures.qrScene("outside", width: 800, height: 600, moduleSize: 4, dx: 250)
        #expect(ZbarEngine().codes(in: frame, area: PixelRect(x: 0, y: 0, width: 400, height: 600)).isEmpty)
        #expect(ZbarEngine().codes(in: frame, area: PixelRect(x: 450, y: 100, width: 350, height: 400)).count == 1)
    }

    @Test func symbologyFilterIsHonoured() {
        let frame = CodeFixtures.qrScene("filtered")
        #expect(ZbarEngine(symbologies: [.ean13, .code128]).codes(in: frame).isEmpty)
        #expect(ZbarEngine(symbologies: [.qr]).codes(in: frame).map(\.text) == ["filtered"])
    }

    @Test func binaryPayloadsKeepEveryByte() throws {
        let bytes: [UInt8] = [0x00, 0x01, 0xFF, 0x1B, 0x5B, 0x32, 0x4A, 0x80, 0x00]
        let code = try #require(ZbarEngine().codes(in: CodeFixtures.qrScene(bytes)).first)
        #expect(code.bytes == bytes)
        #expect(code.encoding == .latin1)
    }

    @Test func shiftJISPayloadIsDecodedAsJapanese() throws {
        // "ｶﾀｶﾅ 漢字" in Shift_JIS: half-width katakana and two kanji.
        let sjis: [UInt8] = [0xB6, 0xC0, 0xB6, 0xC5, 0x20, 0x8A, 0xBF, 0x8E, 0x9A]
        let code = try #require(ZbarEngine().codes(in: CodeFixtures.qrScene(sjis)).first)
        #expect(code.bytes == sjis)
        #expect(code.text == "ｶﾀｶﾅ 漢字")
        #expect(code.encoding == .shiftJIS)
    }

    @Test func utf8PayloadIsKept() throws {
        let code = try #require(ZbarEngine().codes(in: CodeFixtures.qrScene("Grüße, 世界 ✓")).first)
        #expect(code.text == "Grüße, 世界 ✓")
        #expect(code.encoding == .utf8)
    }

    @Test func emptyOrTinyAreasAreHarmless() {
        let frame = CodeFixtures.qrScene("tiny")
        #expect(ZbarEngine().codes(in: frame, area: PixelRect(x: 10, y: 10, width: 0, height: 50)).isEmpty)
        #expect(ZbarEngine().codes(in: frame, area: PixelRect(x: 5000, y: 5000, width: 10, height: 10)).isEmpty)
    }

    @Test func symbologiesHaveZbarsNames() throws {
        #expect(Symbology.qr.displayName == "QR-Code")
        #expect(Symbology.ean13.displayName == "EAN-13")
    }
}

@Suite struct PayloadTextTests {
    @Test func choosesUTF8ThenShiftJISThenLatin1() {
        #expect(PayloadText.decode(Array("plain".utf8)) == ("plain", .utf8))
        #expect(PayloadText.decode([0x83, 0x65, 0x83, 0x58, 0x83, 0x67]) == ("テスト", .shiftJIS))
        // 0x5C stays a backslash (as in CP932), not a yen sign.
        #expect(PayloadText.decode([0x5C, 0x83, 0x65]).text == "\\テ")
        #expect(PayloadText.decode([0x63, 0x61, 0x66, 0xE9]) == ("café", .latin1))
    }
}
