import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// The looks beyond the plain one read where the still shows candidates (`StillEvidence.focus`):
/// nowhere when it shows none, the part that holds them when that is well under the whole;
/// the looks turned a little, only where bars show.
@Suite struct StillFocusTests {
    /// Soft shapes on a shaded ground: grey spread in places, but no edge standing out, no
    /// finder, no bars (a photo of nothing code-like).
    static func softShapes(width: Int = 640, height: Int = 480) -> Frame {
        let luma = (0..<(width * height)).map { index -> UInt8 in
            let (x, y) = (index % width, index / width)
            let inA = (x - 160) * (x - 160) + (y - 200) * (y - 200) < 40 * 40
            let inB = (x - 460) * (x - 460) + (y - 300) * (y - 300) < 50 * 50
            return inA ? 70 : inB ? 110 : UInt8(200 - y * 40 / height)
        }
        return Frame(width: width, height: height, luma: luma).blurred(sigma: 8).withNoise(amplitude: 2, seed: 3)
    }

    /// A QR code drawn light on dark (no finder a search for dark on light finds, nothing the
    /// plain look reads) at (`x`, `y`) in a soft picture of `width` x `height`.
    static func invertedCode(_ text: String, x: Int, y: Int, width: Int, height: Int) -> (Frame, PixelRect) {
        let scene = CodeFixtures.qrScene(text, width: 160, height: 160, moduleSize: 3)
        let code = Frame(width: scene.width, height: scene.height, luma: scene.packed.luma.map { 255 - $0 })
        let picture = softShapes(width: width, height: height)
            .drawing(code, centreX: Double(x + code.width / 2), centreY: Double(y + code.height / 2))
        return (picture, PixelRect(x: x, y: y, width: code.width, height: code.height))
    }

    @Test func aPictureWithNoCandidateGetsThePlainLookAlone() {
        let picture = Self.softShapes()
        let evidence = StillEvidence(picture, in: picture.bounds)
        #expect(evidence.contrast && !evidence.busyOnly, "the shapes' edges spread grey in a few blocks")
        #expect(!evidence.showsCandidates && evidence.bars.blocks < StillEvidence.barGroup)
        #expect(evidence.focus(in: picture.bounds) == .nowhere)
        let reading = ThoroughScan().scan(picture, with: PairedEngine())
        #expect(reading.codes.isEmpty && reading.passesRun == [.plain])
    }

    @Test func blurredBarsFillingThePictureAreACandidate() {
        let bars = StillEvidenceTests.barsFillingThePicture()
        let evidence = StillEvidence(bars, in: bars.bounds)
        #expect(evidence.texture.isEmpty && evidence.places.qrWindows.isEmpty)
        #expect(evidence.bars.blocks >= StillEvidence.barGroup && evidence.showsCandidates)
        #expect(evidence.focus(in: bars.bounds) == .whole)
        #expect(!evidence.barsParts.isEmpty)
    }

    @Test func aCodeInACornerIsReadInItsPartOfThePicture() throws {
        let (picture, place) = Self.invertedCode("in its part", x: 40, y: 30, width: 1280, height: 720)
        let evidence = StillEvidence(picture, in: picture.bounds)
        guard case .part(let part) = evidence.focus(in: picture.bounds) else {
            Issue.record("expected a part, got \(evidence.focus(in: picture.bounds))")
            return
        }
        #expect(part.clamped(to: place) == place, "the part \(part) holds the code at \(place)")
        #expect(part.width * part.height * 2 < picture.width * picture.height)
        let reading = ThoroughScan().scan(picture, with: PairedEngine())
        #expect(reading.codes.map(\.text) == ["in its part"])
        #expect(reading.passesRun.first == .plain && reading.passesRun.contains(.inverted))
        // The corners are the frame's, not the part's.
        let box = try #require(reading.codes.first?.corners.boundingRect)
        #expect(box.minX >= place.x && box.minY >= place.y && box.maxX <= place.maxX && box.maxY <= place.maxY)
    }

    @Test func barsFarApartAreTurnedEachInItsOwnPart() {
        let code = EAN13.scene("400638133393", moduleWidth: 2, barHeight: 60, width: 260, height: 110)
        let picture = Self.softShapes(width: 1280, height: 720)
            .drawing(code, centreX: 160, centreY: 90).drawing(code, centreX: 1100, centreY: 620)
        let evidence = StillEvidence(picture, in: picture.bounds)
        let parts = evidence.barsParts.map { $0.clamped(to: picture.bounds) }
        #expect(parts.count == 2, "\(parts)")
        for centre in [PixelPoint(x: 160, y: 90), PixelPoint(x: 1100, y: 620)] {
            #expect(
                parts.contains { $0.clamped(to: PixelRect(x: centre.x, y: centre.y, width: 1, height: 1)).width == 1 })
        }
        #expect(parts.allSatisfy { $0.width * $0.height * 4 < picture.width * picture.height }, "\(parts)")
    }
}

/// A sheet whose finders crowd: zbar's pairing of them in the whole picture costs it seconds,
/// so where every place's window fits the windows' budget, the places are each read by both
/// engines and zbar reads no QR code in the whole.
@Suite struct CrowdedSheetTests {
    @Test func aCrowdedSheetWhosePlacesAllFitIsReadPlaceByPlace() {
        let (labels, texts) = Bombs.manyCodes(count: 30, moduleSize: 3)
        let picture = Frame.filled(width: 1600, height: 1200, value: 235).drawing(labels, centreX: 800, centreY: 600)
        let evidence = StillEvidence(picture, in: picture.bounds)
        #expect(evidence.crowded && StillEvidence.mayCrowd(picture, in: picture.bounds))
        #expect(CandidateWindows.readsEvery(evidence, in: picture.bounds))
        #expect(Set(CodeReader().read(picture, kind: .still).codes.map(\.text)) == Set(texts))
        // A picture of one code shows no crowd: its first look starts at once.
        let one = CodeFixtures.qrScene("one", width: 1600, height: 1200, moduleSize: 6)
        let mayCrowd = StillEvidence.mayCrowd(one, in: one.bounds)
        #expect(!mayCrowd)
    }

    @Test func sparingQRByZbarTooReadsNoQRCode() {
        let scene = CodeFixtures.qrScene("spared", moduleSize: 4)
        let engine = PairedEngine()
        #expect(engine.sparingQR().decode(scene).codes.map(\.text) == ["spared"])
        #expect(engine.sparingQR(byZbarToo: true).decode(scene).codes.isEmpty)
        let bars = EAN13.scene("400638133393")
        #expect(engine.sparingQR(byZbarToo: true).decode(bars).codes.map(\.text) == ["4006381333931"])
    }
}
