import FrameCore
import Testing

@testable import CodeReading

/// What makes a 1D read believed: many scan lines, or a second look; disagreement gives nothing.
@Suite struct CorroborationTests {
    func read(
        _ text: String, _ symbology: Symbology = .ean13, by pass: ScanPass = .plain, turn: Double? = nil,
        quality: Int = 5, x: Int = 20, lines: Int = 100
    ) -> DetectedCode {
        var code = DetectedCode(
            symbology: symbology, bytes: Array(text.utf8),
            corners: ZbarEngine.boundingBox(of: [PixelPoint(x: x, y: 10), PixelPoint(x: x + 180, y: 40)]),
            quality: quality)
        code = code.found(by: pass, turn: turn)
        code.scanLines = lines
        return code
    }

    @Test func manyScanLinesOnThePictureAsItIsAreProofEnough() {
        var evidence = Corroboration()
        evidence.add([read("4006381333931", quality: 30)])
        #expect(evidence.accepted.map(\.text) == ["4006381333931"] && evidence.isSettled)
    }

    @Test func aReadOnlyAnExtraPassMadeWaitsForASecondLook() {
        var evidence = Corroboration()
        evidence.add([read("4006381333931", by: .enlarged, quality: 40)])  // strong, but not the picture as it is
        #expect(evidence.accepted.isEmpty && evidence.pending.count == 1)
        evidence.add([read("4006381333931", by: .thresholded)])
        #expect(evidence.accepted.map(\.text) == ["4006381333931"] && evidence.isSettled)
    }

    /// PDF417 read only on an enlarged, doubled or magnified view waits for a second look
    /// (`--stress 1000` had four "AA" misreads from such views alone); on the picture as it is,
    /// or read alike twice, it is believed. Other 2D codes are proof in one read.
    @Test func aPDF417ReadOnlyAnUpscaledViewMadeWaitsForASecondLook() {
        var doubled = Corroboration()
        doubled.add([read("\"AA\"", .pdf417, by: .doubled, quality: 1)])
        #expect(doubled.accepted.isEmpty && doubled.pending.count == 1)
        doubled.add([read("\"AA\"", .pdf417, by: .enlarged, quality: 1)])
        #expect(doubled.accepted.map(\.text) == ["\"AA\""])
        var plain = Corroboration()
        plain.add([read("PDF 417", .pdf417, quality: 1)])
        #expect(plain.accepted.map(\.text) == ["PDF 417"])
        var matrix = Corroboration()
        matrix.add([read("DM", .dataMatrix, by: .doubled, quality: 1)])
        #expect(matrix.accepted.map(\.text) == ["DM"])
    }

    @Test func aTurnedLookOfTheSamePassCountsForHalf() {
        var evidence = Corroboration()
        evidence.add([read("4006381333931", by: .binarised)])
        evidence.add([read("4006381333931", by: .binarised, turn: 2)])
        #expect(evidence.accepted.isEmpty)  // one look and a half
        evidence.add([read("4006381333931", by: .binarised, turn: -2)])
        #expect(evidence.accepted.count == 1)
    }

    @Test func twoDisagreeingReadsGiveNothingUnlessOneFarOutweighs() {
        var evidence = Corroboration()
        evidence.add([read("4006381333931", by: .plain)])
        evidence.add([read("4006381333948", by: .enlarged)])
        evidence.add([read("4006381333931", by: .smoothed)])
        evidence.add([read("4006381333948", by: .thresholded)])
        #expect(evidence.accepted.isEmpty && evidence.withheld == 2)
        // Two more looks for the first: four against two, twice the weight.
        evidence.add([read("4006381333931", by: .binarised)])
        evidence.add([read("4006381333931", by: .enlargedBinarised)])
        #expect(evidence.accepted.map(\.text) == ["4006381333931"] && evidence.withheld == 1)
    }

    /// zbar places a 1D read where its scan lines ended: at one end of the code on one look,
    /// along part of it on another. A misread seen at the code's left end and a right read
    /// placed along its middle still meet, once the misread's looks are taken together.
    @Test func aReadIsDisputedWhereverItsLooksPlacedIt() {
        func placed(_ code: DetectedCode, _ from: (Int, Int), _ to: (Int, Int)) -> DetectedCode {
            var moved = code
            moved.corners = ZbarEngine.boundingBox(of: [PixelPoint(x: from.0, y: from.1), PixelPoint(x: to.0, y: to.1)])
            return moved
        }
        var evidence = Corroboration()
        evidence.add([placed(read("4557917658597", by: .enlarged, quality: 19), (164, 167), (328, 173))])
        evidence.add([placed(read("4557917658597", by: .doubled, quality: 12), (162, 153), (328, 160))])
        // The misread, by one pass at three turns (a look and two halves): at the left end only.
        evidence.add([placed(read("0077791000076", by: .binarised, quality: 6), (162, 179), (163, 197))])
        evidence.add([placed(read("0077791000076", by: .binarised, turn: 2, quality: 5), (161, 180), (165, 184))])
        #expect(
            !placed(read("0077791000076"), (162, 179), (163, 197)).disagrees(
                with: placed(read("4557917658597"), (164, 167), (328, 173))))
        evidence.add([placed(read("0077791000076", by: .binarised, turn: -2, quality: 4), (161, 157), (165, 178))])
        // Four against four: a close call gives nothing (the misread alone would have been believed).
        #expect(evidence.accepted.isEmpty && evidence.withheld == 2)
    }

    /// zxing-cpp reading a weak read of the picture as it is alike is its second look; on a
    /// pass's view (both would read what the pass made) or for an ITF it is not.
    @Test func bothLibrariesReadingAlikeInThePictureAsItIsAreTwoLooks() {
        func agreed(_ code: DetectedCode) -> DetectedCode {
            var seen = code
            seen.seenByBoth = true
            return seen
        }
        var plain = Corroboration()
        plain.add([agreed(read("4006381333931"))])
        #expect(plain.accepted.map(\.text) == ["4006381333931"])
        var alone = Corroboration()
        alone.add([read("4006381333931")])
        #expect(alone.accepted.isEmpty)
        var pass = Corroboration()
        pass.add([agreed(read("4006381333931", by: .thresholded))])
        #expect(pass.accepted.isEmpty)
        var itf = Corroboration()
        itf.add([agreed(read("84216289419474", .i25, quality: 12))])
        #expect(itf.accepted.isEmpty)
    }

    @Test func aFragmentOfAnITFIsDisputedByTheWholeCode() {
        var evidence = Corroboration()
        evidence.add([read("84216289419474", .i25, quality: 30), read("842162", .i25, quality: 12, x: 25)])
        #expect(evidence.accepted.map(\.text) == ["84216289419474"])
        #expect(read("842162", .i25).disagrees(with: read("84216289419474", .i25)))
        #expect(!read("842162", .i25).disagrees(with: read("842162", .code128)))  // another kind of code
    }

    @Test func anITFSeenByFewScanLinesIsNoRead() {
        var evidence = Corroboration()
        evidence.add([read("842162", .i25, quality: 6), read("842162", .i25, by: .binarised, quality: 6)])
        #expect(evidence.accepted.isEmpty)
        // Unless the picture has no more lines than that: a strip cut round the code.
        var strip = Corroboration()
        strip.add([
            read("842162", .i25, quality: 4, lines: 6), read("842162", .i25, by: .enlarged, quality: 8, lines: 12),
        ])
        #expect(strip.accepted.count == 1)
    }
}

/// On a stream: a second frame confirms a weak read; a rival sets both back.
@Suite struct StreamCorroborationTests {
    func read(
        _ text: String, _ symbology: Symbology = .ean13, by pass: ScanPass = .plain, quality: Int = 5,
        at x: Int = 20
    ) -> DetectedCode {
        var code = DetectedCode(
            symbology: symbology, bytes: Array(text.utf8),
            corners: ZbarEngine.boundingBox(of: [PixelPoint(x: x, y: 10), PixelPoint(x: x + 180, y: 40)]),
            quality: quality
        ).found(by: pass, turn: nil)
        code.scanLines = 100
        return code
    }

    @Test func evenWithConfirmOneAWeakReadNeedsASecondFrame() {
        var tracker = CodeTracker(confirmations: 1)
        #expect(tracker.update(with: [read("4006381333931", quality: 40)], at: 0).count == 1)  // strong: at once
        #expect(tracker.update(with: [read("5000213002834", by: .enlarged, quality: 40, at: 400)], at: 0.1).isEmpty)
        #expect(tracker.update(with: [read("5000213002834", by: .binarised, quality: 40, at: 400)], at: 0.2).count == 1)
    }

    /// The same extra pass reading a code again in the next frame is half a look (fresh noise,
    /// the same blur that may have misled it: a blurred EAN-8 read wrong by one pass in two
    /// frames of `qrtui-bench --stress 30`): a third frame is needed, unless the read was spelt
    /// across its bars too, a decoder of its own.
    @Test func theSamePassAgainInTheNextFrameIsHalfALook() {
        var tracker = CodeTracker(confirmations: 1)
        let weak = read("5000213002834", by: .equalisedBinarised, quality: 11, at: 400)
        #expect(tracker.update(with: [weak], at: 0.1).isEmpty)
        #expect(tracker.update(with: [weak], at: 0.2).isEmpty)
        #expect(tracker.update(with: [weak], at: 0.3).map(\.text) == ["5000213002834"])
        var spelt = weak
        spelt.checkedAcross = true
        var across = CodeTracker(confirmations: 1)
        #expect(across.update(with: [spelt], at: 0.1).isEmpty)
        #expect(across.update(with: [spelt], at: 0.2).map(\.text) == ["5000213002834"])
    }

    /// A weak read zxing-cpp read alike in the frame as taken counts as two reads: with the
    /// default `--confirm 2` it is announced in that frame; `--confirm 3` asks another.
    @Test func aReadBothLibrariesMadeCountsTwice() {
        var agreed = read("4006381333931")
        agreed.seenByBoth = true
        var tracker = CodeTracker(confirmations: 2)
        #expect(tracker.update(with: [agreed], at: 0).map(\.text) == ["4006381333931"])
        var alone = CodeTracker(confirmations: 2)
        #expect(alone.update(with: [read("4006381333931")], at: 0).isEmpty)
        var three = CodeTracker(confirmations: 3)
        #expect(three.update(with: [agreed], at: 0).isEmpty)
        #expect(three.update(with: [agreed], at: 1.0 / 30).count == 1)
    }

    /// A PDF417 read by libzxing 1.4 waits for a second frame (`Symbology.oneReadIsProof`);
    /// a QR code does not.
    @Test func aPDF417WaitsForASecondFrameAQRCodeDoesNot() {
        func matrix(_ symbology: Symbology) -> DetectedCode {
            DetectedCode(
                symbology: symbology, bytes: Array("boarding".utf8),
                corners: [
                    PixelPoint(x: 10, y: 10), PixelPoint(x: 10, y: 90), PixelPoint(x: 190, y: 90),
                    PixelPoint(x: 190, y: 10),
                ])
        }
        var tracker = CodeTracker(confirmations: 2)
        #expect(tracker.update(with: [matrix(.pdf417)], at: 0).isEmpty)
        #expect(tracker.update(with: [matrix(.pdf417)], at: 1.0 / 30).map(\.symbology) == [.pdf417])
        var qr = CodeTracker(confirmations: 2)
        #expect(qr.update(with: [matrix(.qr)], at: 0).map(\.symbology) == [.qr])
    }

    /// An ITF read by few scan lines is no evidence (see `Corroboration.seenEnough`) unless
    /// spelt across its bars; once spelt in one frame, its reads in the frames after count.
    @Test func anITFOnceSpeltAcrossItsBarsIsEvidenceInTheFramesAfter() {
        func itf(across: Bool) -> DetectedCode {
            var code = read("97909682", .i25, quality: 2)
            code.checkedAcross = across
            return code
        }
        var unspelt = CodeTracker(confirmations: 2)
        for frame in 0..<4 { #expect(unspelt.update(with: [itf(across: false)], at: Double(frame) / 30).isEmpty) }
        var spelt = CodeTracker(confirmations: 2)
        #expect(spelt.update(with: [itf(across: true)], at: 0).isEmpty)  // one frame: not yet
        #expect(spelt.update(with: [itf(across: false)], at: 1.0 / 30).map(\.text) == ["97909682"])
        // Not once it is forgotten: a read long after stands alone again.
        var forgotten = CodeTracker(confirmations: 2)
        _ = forgotten.update(with: [itf(across: true)], at: 0)
        for time in [3.0, 3.1, 3.2] { #expect(forgotten.update(with: [itf(across: false)], at: time).isEmpty) }
    }

    @Test func disagreeingReadsInTurnAnnounceNeither() {
        var tracker = CodeTracker(confirmations: 2)
        var announced = [String]()
        for frame in 0..<6 {
            let text = frame % 2 == 0 ? "4006381333931" : "4006381333948"
            announced += tracker.update(with: [read(text)], at: Double(frame) / 30).map(\.text)
        }
        #expect(announced.isEmpty)
    }

    /// A code that takes another's place (a ticket after a ticket) is confirmed by two frames
    /// of its own: the code it replaced, no longer seen, is no rival.
    @Test func aCodeInTheLastOnesPlaceIsConfirmedByTwoFrames() {
        var tracker = CodeTracker(confirmations: 2)
        var announced = [(String, Int)]()
        for frame in 0..<8 {
            let text = frame < 4 ? "4006381333931" : "4006381333948"
            announced += tracker.update(with: [read(text)], at: Double(frame) / 30).map { ($0.text, frame) }
        }
        #expect(announced.map(\.0) == ["4006381333931", "4006381333948"])
        #expect(announced.map(\.1) == [1, 5])
    }

    /// The code it replaced still in sight (held, not read again) is a rival: a read that
    /// disagrees with a code in view is no code.
    @Test func aReadDisputingACodeStillInSightIsNotAnnounced() {
        var tracker = CodeTracker(confirmations: 2)
        let shown = read("4006381333931")
        #expect(tracker.update(with: [shown], at: 0).isEmpty)
        #expect(tracker.update(with: [shown], at: 1.0 / 30).count == 1)
        for frame in 2..<8 {
            #expect(tracker.update(with: [read("4006381333948")], held: [shown], at: Double(frame) / 30).isEmpty)
        }
    }

    /// Two codes read in one frame where one lies: neither is believed until two frames more
    /// agree, and a rival seen in between sets the other back again.
    @Test func aDisputeInOneFrameAsksForTwoMore() {
        var tracker = CodeTracker(confirmations: 2)
        #expect(tracker.update(with: [read("4006381333931"), read("4006381333948")], at: 0).isEmpty)
        #expect(tracker.update(with: [read("4006381333948")], at: 1.0 / 30).isEmpty)
        #expect(tracker.update(with: [read("4006381333931")], at: 2.0 / 30).isEmpty)
        #expect(tracker.update(with: [read("4006381333948")], at: 3.0 / 30).isEmpty)
        #expect(tracker.update(with: [read("4006381333948")], at: 4.0 / 30).map(\.text) == ["4006381333948"])
    }

    @Test func aPointLocatedITFIsNeverAnnounced() {
        var tracker = CodeTracker(confirmations: 2)
        let point = DetectedCode(
            symbology: .i25, bytes: Array("005462".utf8),
            corners: Array(repeating: PixelPoint(x: 596, y: 152), count: 4))
        for frame in 0..<5 { #expect(tracker.update(with: [point], at: Double(frame) / 30).isEmpty) }
        // zbar's location for it, one point where a scan line ended, is refused where it is read.
        #expect(!LocationSanity.accepts([PixelPoint(x: 596, y: 152)], width: 640, height: 480))
    }
}
