import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// An ITF read is spelt again straight across its bars: a fragment a slanted scan line read
/// is refused, a whole code is believed however few lines saw it.
@Suite struct ITFAcrossTests {
    /// `barcode` turned by `degrees` on a label (`label` grey) on a table (`table` grey).
    func picture(_ barcode: Barcode, degrees: Double, rowHeight: Double = 25, label: UInt8 = 220, table: UInt8 = 140)
        -> Frame
    {
        Frame.filled(width: 480, height: 360, value: table)
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(
                    centreX: 240, centreY: 180, moduleSize: 3, rowHeight: rowHeight,
                    degrees: degrees, quietZone: 10), dark: 30, light: label)
    }

    /// The widths of a drawn code's bars and spaces, in modules, with `quiet` modules of light
    /// either side.
    func elements(_ barcode: Barcode, quiet: Double) -> [Double] {
        [quiet] + barcode.elementWidths + [quiet]
    }

    @Test func libzintsCodesDecodeFromTheirWidths() throws {
        for text in ["1234567890", "00", "98765432109876"] {
            let barcode = try #require(Barcode(.itf, text))
            #expect(ITFAcross.decode(elements(barcode, quiet: 10)).map(\.digits) == [Array(text.utf8)])
            // Read backwards it is no code (the stop is no start).
            #expect(ITFAcross.decode(elements(barcode, quiet: 10).reversed()).isEmpty)
        }
    }

    /// Perspective: the elements at the far end are half as wide as at the near end (the
    /// stop's wide bar is then narrower than the start's narrow elements were, by 1.5).
    @Test func aCodeSeenInPerspectiveDecodesWithItsNarrowTakenAlongIt() throws {
        for text in ["09344571524739", "1234567890"] {
            let barcode = try #require(Barcode(.itf, text))
            let widths = elements(barcode, quiet: 10)
            let shrunk = widths.indices.map { widths[$0] * (1.6 - 0.9 * Double($0) / Double(widths.count - 1)) }
            #expect(ITFAcross.decode(shrunk).map(\.digits) == [Array(text.utf8)])
            // Still no code without its quiet zone after the stop.
            #expect(ITFAcross.decode(Array(shrunk.dropLast()) + [2]).isEmpty)
        }
    }

    @Test func noQuietZoneOrABrokenPairDecodesToNothing() throws {
        let barcode = try #require(Barcode(.itf, "1234567890"))
        #expect(ITFAcross.decode(elements(barcode, quiet: 2)).isEmpty)
        var broken = elements(barcode, quiet: 10)
        broken[5] = broken[5] > 1.5 ? 1 : 3  // the first pair's first bar: one or three wide bars in five
        #expect(ITFAcross.decode(broken).isEmpty)
    }

    /// zbar reads the whole code; the lines across spell it too, on a light label on a darker
    /// table and on a grey label on a lighter one (the label's edge is no bar).
    @Test(arguments: [(0.0, UInt8(220), UInt8(140)), (20, 220, 140), (-10, 220, 140), (12, 120, 215), (-20, 130, 200)])
    func aWholeCodeIsSpeltAcrossItsBars(degrees: Double, label: UInt8, table: UInt8) throws {
        let barcode = try #require(Barcode(.itf, "555507398173"))
        let frame = picture(barcode, degrees: degrees, rowHeight: 60, label: label, table: table)
        let read = try #require(ZbarEngine().decode(frame).codes.first { $0.text == barcode.expected })
        #expect(BarsAcross.verdict(read, in: frame) == .agrees)
        let found = CodeReader().read(frame, kind: .still).codes
        #expect(found.map(\.text) == [barcode.expected])
        #expect(found.allSatisfy { $0.checkedAcross })
    }

    /// The fragments zbar reads off a turned ITF whose bars are short (rows from its start
    /// leave the bars through their top): spelt otherwise across the bars, refused.
    @Test(arguments: [("04688419", -20.0), ("555507398173", 20), ("84894956", 20)])
    func aFragmentIsSpeltOtherwiseAcrossTheBars(text: String, degrees: Double) throws {
        let barcode = try #require(Barcode(.itf, text))
        let frame = picture(barcode, degrees: degrees)
        let fragments = ZbarEngine().decode(frame).codes.filter { $0.text != barcode.expected }
        #expect(!fragments.isEmpty)
        for fragment in fragments {
            #expect(BarsAcross.verdict(fragment, in: frame) == .disagrees)
            #expect(BarsAcross.checked(fragment, in: frame) == nil)
        }
    }

    /// zbar reads "55550739" where its rows ran off the picture's right edge: no quiet zone was
    /// seen there, and ITF has no check digit, so it is refused; the whole code is not.
    @Test func anITFEndingOnThePictureEdgeIsRefused() throws {
        let barcode = try #require(Barcode(.itf, "555507398173"))
        let frame = picture(barcode, degrees: 20, rowHeight: 60)
        let reads = ZbarEngine().decode(frame).codes
        let fragment = try #require(reads.first { $0.text == "55550739" })
        #expect(fragment.ends.allSatisfy { QuietZone.onEdge($0.at, of: frame) })
        #expect(!QuietZone.isClear(fragment, in: frame))
        #expect(QuietZone.isClear(try #require(reads.first { $0.text == barcode.expected }), in: frame))
    }

    /// Checked across, a read seen by few scan lines is enough; unchecked, it is not.
    @Test func aCheckedReadNeedsNoManyScanLines() {
        var code = DetectedCode(symbology: .i25, bytes: Array("842162".utf8), corners: [], quality: 5)
        code.scanLines = 200
        #expect(!Corroboration.seenEnough(code))
        code.checkedAcross = true
        #expect(Corroboration.seenEnough(code))
        var evidence = Corroboration()
        var again = code
        again.pass = .binarised
        evidence.add([code, again])
        #expect(evidence.accepted.map(\.text) == ["842162"])
    }

    /// On a stream, an ITF read too weak to confirm is no look toward its confirmation: the
    /// code stays unsure and is looked at again (other passes) in the next frames, rather than
    /// held unannounced.
    @Test func aWeakITFReadIsNoLookTowardConfirmation() {
        let picture = Frame.filled(width: 320, height: 240, value: 200)
        let scene = picture.blockStatistics(in: picture.bounds, blockSize: 16, rowStep: 4)
        let look = Look(rect: picture.bounds, pass: .halved)
        func read(_ symbology: Symbology, quality: Int) -> DetectedCode {
            var code = DetectedCode(
                symbology: symbology, bytes: Array("842162".utf8),
                corners: [PixelPoint(x: 40, y: 60), PixelPoint(x: 200, y: 120)], quality: quality)
            code.scanLines = 240
            return code
        }
        var follower = CodeFollower()
        follower.saw(read(.i25, quality: 4), by: look, at: 0, in: scene)
        follower.saw(read(.i25, quality: 6), by: look, at: 1.0 / 30, in: scene)
        #expect(follower.tracks[read(.i25, quality: 4).identity]?.looks == 0)
        follower.saw(read(.i25, quality: 30), by: look, at: 2.0 / 30, in: scene)
        #expect(follower.tracks[read(.i25, quality: 4).identity]?.looks == 1)
        // Codes of other kinds count whatever their lines (their confirmation asks two frames).
        follower.saw(read(.code128, quality: 1), by: look, at: 0, in: scene)
        #expect(follower.tracks[read(.code128, quality: 1).identity]?.looks == 1)
    }

    /// Flat stretches take the grey of the nearest stretch with ink in it.
    @Test func flatStretchesTakeTheNearestGrey() {
        #expect(BarWidths.nearestKnown([nil, 5, nil, nil, nil, 9, nil], otherwise: 0) == [5, 5, 5, 5, 9, 9, 9])
        #expect(BarWidths.nearestKnown([nil, nil], otherwise: 7) == [7, 7])
    }
}
