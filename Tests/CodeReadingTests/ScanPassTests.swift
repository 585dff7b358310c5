import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// Every pass prepares a picture zbar can read and maps what it finds back to the crop;
/// the tone operations behind them do what their names say.
@Suite struct ScanPassTests {
    @Test(arguments: ScanPass.allCases)
    func everyPassReadsAClearCodeAndMapsItsCornersBack(pass: ScanPass) throws {
        let scene = CodeFixtures.qrScene("every pass", width: 200, height: 200, moduleSize: 4)
        let expected = try #require(ZbarEngine().decode(scene).codes.first)
        let view = try #require(pass.views(of: pass == .inverted ? scene.inverted() : scene).first)
        let code = try #require(ZbarEngine().decode(view.picture).codes.first)
        #expect(code.text == "every pass")
        let corners = code.mapped(view.back).corners
        #expect(corners.count == 4)
        for (found, truth) in zip(corners, expected.corners) {
            #expect(abs(found.x - truth.x) <= 3 && abs(found.y - truth.y) <= 3, "\(pass): \(found) vs \(truth)")
        }
    }

    @Test func halftoneModulesNeedSmoothing() throws {
        // Dark modules printed as a fine dot screen (every other pixel), as a photo inside
        // a code is: zbar sees edges everywhere; softened, the modules are plain grey.
        let code = try #require(QRMatrix(text: "halftone", level: .medium)).render(moduleSize: 6, dark: 0, light: 255)
        var luma = code.luma
        for y in 0..<code.height {
            for x in 0..<code.width where luma[y * code.width + x] == 0 && (x + y) % 2 == 0 {
                luma[y * code.width + x] = 255
            }
        }
        let frame = Frame(width: code.width, height: code.height, luma: luma).padded(margin: 20, value: 255)
        #expect(ZbarEngine().codes(in: frame).isEmpty)
        let strategy = ThoroughScan()
        #expect(strategy.scan(frame, with: ZbarEngine()).codes.map(\.text) == ["halftone"])
        let smoothing = ThoroughScan(extraPasses: [.smoothed])
        let report = smoothing.scan(frame, with: ZbarEngine())
        #expect(report.codes.map(\.text) == ["halftone"])
        #expect(report.pass == .smoothed)
    }

    /// Soft barcodes only one pass reads: an EAN-13 at low contrast (grey levels 96 to 148),
    /// `moduleWidth` pixels per module, softened `blur` times, with noise of `noise` levels.
    /// Blurred bars need a threshold; small, soft and noisy ones need enlarging first.
    @Test(arguments: [(3, 3, 0, ScanPass.thresholded), (2, 1, 12, ScanPass.enlargedThresholded)])
    func softBarcodesNeedThresholding(moduleWidth: Int, blur: Int, noise: Int, pass: ScanPass) {
        var frame = EAN13.scene("400638133393", moduleWidth: moduleWidth, width: 360, height: 200)
            .mapped { UInt8(90 + Int($0) / 4) }
        for _ in 0..<blur { frame = frame.smoothed() }
        if noise > 0 { frame = frame.withNoise(amplitude: noise, seed: 3) }
        #expect(ZbarEngine().codes(in: frame).isEmpty)
        let strategy = ThoroughScan()
        let report = strategy.scan(frame, with: ZbarEngine())
        #expect(report.codes.map(\.text) == ["4006381333931"])
        #expect(report.pass == pass)
    }

}

/// One printed 1D code read twice, once wrong: the much better read wins, a close call gives nothing.
@Suite struct ConflictingReadsTests {
    func ean(_ digits: String, quality: Int, x: Int = 20, y: Int, height: Int = 10) -> DetectedCode {
        DetectedCode(
            symbology: .ean13, bytes: Array(digits.utf8),
            corners: ZbarEngine.boundingBox(of: [PixelPoint(x: x, y: y), PixelPoint(x: x + 180, y: y + height)]),
            quality: quality)
    }

    @Test func theReadSeenByFarMoreLinesWins() {
        // upca-2/32 in the corpus: 44 scan lines against 6, in overlapping bands.
        let reads = [
            ean("0899684001003", quality: 44, y: 13, height: 59), ean("0899624007003", quality: 6, y: 56, height: 4),
        ]
        #expect(reads.withoutConflictingReads().map(\.text) == ["0899684001003"])
    }

    @Test func aCloseCallGivesNothing() {
        // upca-2/39: 10 lines against 6, bands touching.
        let reads = [
            ean("6087746619592", quality: 10, y: 22, height: 11), ean("0012546619592", quality: 6, y: 17, height: 4),
        ]
        #expect(reads.withoutConflictingReads().isEmpty)
    }

    @Test func separateCodesAndOtherKindsAreLeftAlone() {
        let apart = [ean("4006381333931", quality: 30, y: 10), ean("5000213002834", quality: 3, y: 200)]
        #expect(apart.withoutConflictingReads().count == 2)
        let same = [ean("4006381333931", quality: 30, y: 10), ean("4006381333931", quality: 3, y: 12)]
        #expect(same.withoutConflictingReads().count == 2)
        let qr = [
            DetectedCode(symbology: .qr, bytes: Array("a".utf8), corners: [PixelPoint(x: 0, y: 0)], quality: 1),
            DetectedCode(symbology: .qr, bytes: Array("b".utf8), corners: [PixelPoint(x: 0, y: 0)], quality: 1),
        ]
        #expect(qr.withoutConflictingReads().count == 2)
        let addOn = [
            ean("4006381333931", quality: 30, y: 10),
            DetectedCode(
                symbology: .ean13, bytes: Array("12345".utf8), corners: [PixelPoint(x: 30, y: 12)], quality: 2),
        ]
        #expect(addOn.withoutConflictingReads().count == 2)
    }
}

/// QR codes seen at an angle: finders found by nesting, the grid fitted, the code redrawn.
@Suite struct StraighteningTests {
    /// `code` drawn into the quadrilateral `quad` (its corners clockwise from top-left).
    static func warped(_ code: Frame, into quad: [(Double, Double)], width: Int, height: Int) throws -> Frame {
        let w = Double(code.width)
        let h = Double(code.height)
        let toCode = try #require(Homography(from: quad, to: [(0, 0), (w, 0), (w, h), (0, h)]))
        var luma = [UInt8](repeating: 200, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let (u, v) = toCode.map(Double(x) + 0.5, Double(y) + 0.5)
                let iu = Int(u.rounded(.down))
                let iv = Int(v.rounded(.down))
                if iu >= 0, iv >= 0, iu < code.width, iv < code.height { luma[y * width + x] = code[iu, iv] }
            }
        }
        return Frame(width: width, height: height, luma: luma)
    }

    @Test func codeSeenAtAnAngleNeedsStraightening() throws {
        let code = try #require(QRMatrix(text: "seen at an angle", level: .medium)).render(
            moduleSize: 8, dark: 20, light: 235)
        let quad: [(Double, Double)] = [(120, 80), (280, 140), (290, 260), (110, 320)]
        let frame = try Self.warped(code, into: quad, width: 400, height: 400)
        #expect(ZbarEngine().codes(in: frame).isEmpty)
        let strategy = ThoroughScan()
        let report = strategy.scan(frame, with: ZbarEngine())
        #expect(report.codes.map(\.text) == ["seen at an angle"])
        #expect(report.pass == .straightened)
        // The corners come back inside the drawn quadrilateral, spread over it.
        let corners = try #require(report.codes.first).corners
        #expect(corners.count == 4)
        #expect(corners.allSatisfy { (105...295).contains($0.x) && (75...325).contains($0.y) })
        let xs: [Int] = corners.map(\.x)
        #expect((xs.max() ?? 0) - (xs.min() ?? 0) > 100)
    }
}
