import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// What a still shows of codes decides which looks it gets: an enlarged look serves small
/// modules, which a busy scene with nothing standing out does not show.
@Suite struct StillEvidenceTests {
    /// A carpet: grey at random in cells of 3 pixels, with sensor noise. Spread grey
    /// everywhere, edges every way, no patch standing out.
    static func carpet(width: Int = 640, height: Int = 480, seed: UInt64 = 5) -> Frame {
        var random = SplitMix(seed: seed)
        let cells = (0..<((width / 3 + 1) * (height / 3 + 1))).map { _ in UInt8(40 + random.next() % 176) }
        let luma = (0..<(width * height)).map { index in
            cells[(index / width / 3) * (width / 3 + 1) + (index % width) / 3]
        }
        return Frame(width: width, height: height, luma: luma).withNoise(amplitude: 4, seed: seed &+ 1)
    }

    /// Bars blurred soft that fill the whole picture, as a phone held close shows them.
    static func barsFillingThePicture() -> Frame {
        let scene = EAN13.scene("400638133393", moduleWidth: 5, barHeight: 360, width: 640, height: 480)
        // The bars' middle alone: no quiet block for them to stand out from.
        let bars = scene.cropped(to: PixelRect(x: 140, y: 80, width: 360, height: 320))
        return bars.blurred(sigma: 1.5).withNoise(amplitude: 3, seed: 9)
    }

    func look(_ pass: ScanPass, _ frame: Frame) -> Look { Look(rect: frame.bounds, pass: pass) }

    @Test func aBusySceneWithNothingStandingOutGetsNoEnlargedLook() {
        let carpet = Self.carpet()
        let evidence = StillEvidence(carpet, in: carpet.bounds)
        #expect(evidence.texture.isEmpty && evidence.places.qrWindows.isEmpty && !evidence.isEmpty)
        #expect(evidence.busyOnly && !evidence.showsShapes)
        let enlarging = ScanPass.allCases.filter(\.enlarges)
        #expect(enlarging.count >= 8)
        #expect(enlarging.allSatisfy { !evidence.allows(look($0, carpet)) })
        // The looks at the picture as large as it is still run: a 2D code filling the picture.
        #expect([.binarised, .inverted, .thresholded, .smoothed].allSatisfy { evidence.allows(look($0, carpet)) })
        let reading = ThoroughScan().scan(carpet, with: ZbarEngine())
        #expect(reading.codes.isEmpty)
        #expect(reading.passesRun.contains(.binarised) && !reading.passesRun.contains { $0.enlarges })
    }

    @Test func barsFillingThePictureStillGetTheEnlargedLooks() {
        let bars = Self.barsFillingThePicture()
        let evidence = StillEvidence(bars, in: bars.bounds)
        #expect(evidence.texture.isEmpty && evidence.places.qrWindows.isEmpty)
        #expect(!evidence.busyOnly && evidence.showsShapes)
        #expect([.enlarged, .enlargedEqualised, .equalisedBinarised].allSatisfy { evidence.allows(look($0, bars)) })
    }

    @Test func aSmallCodeInTheCarpetStandsOut() {
        let code = CodeFixtures.qrScene("on the carpet", moduleSize: 2)
        let picture = Self.carpet().drawing(code, centreX: 320, centreY: 240)
        let evidence = StillEvidence(picture, in: picture.bounds)
        #expect(evidence.showsShapes)
        #expect(evidence.allows(look(.enlarged, picture)))
        #expect(ThoroughScan().scan(picture, with: ZbarEngine()).codes.map(\.text) == ["on the carpet"])
    }
}

extension StillEvidenceTests {
    /// A picture of two greys (a checkerboard of 4 px squares, which looks like code texture
    /// everywhere): thresholded or binarised it is the picture the plain look read, so neither
    /// look runs; inverted and smoothed (halftone dots are two greys too) still do.
    @Test func twoGreysAreNotThresholdedOrBinarisedAgain() {
        let side = 400
        let luma = (0..<(side * side)).map { index in
            ((index % side) / 4 + (index / side) / 4) % 2 == 0 ? UInt8(0) : 255
        }
        let board = Frame(width: side, height: side, luma: luma)
        let evidence = StillEvidence(board, in: board.bounds)
        #expect(evidence.twoTones && !evidence.isEmpty)
        #expect(!evidence.allows(look(.binarised, board)) && !evidence.allows(look(.thresholded, board)))
        #expect(evidence.allows(look(.inverted, board)) && evidence.allows(look(.smoothed, board)))
        let reading = ThoroughScan().scan(board, with: ZbarEngine())
        #expect(reading.codes.isEmpty && reading.passesRun.contains(.inverted))
        #expect(!reading.passesRun.contains(.binarised) && !reading.passesRun.contains(.thresholded))
        // A drawn code of two greys is still read.
        let scene = CodeFixtures.qrScene("two greys", moduleSize: 3)
        let code = Frame(
            width: scene.width, height: scene.height, luma: scene.packed.luma.map { $0 < 128 ? 0 : 255 })
        #expect(StillEvidence(code, in: code.bounds).twoTones)
        #expect(ThoroughScan().scan(code, with: ZbarEngine()).codes.map(\.text) == ["two greys"])
    }
}
