import CodeFixtures
import FrameCore
import Glibc
import PictureOps
import Testing

@testable import CodeReading

/// A 1D read must end where the printed code ends: light beyond, across the bars.
@Suite struct QuietZoneTests {
    /// A twelve-digit ITF, bars upright, 3 pixels a module, 40 modules tall, centred in 600x200.
    let itf = Barcode(.itf, "555507398173")!
    var picture: Frame {
        Frame.filled(width: 600, height: 200, value: 170)
            .drawingModules(
                itf.bars, at: ModulePlacement(centreX: 300, centreY: 100, moduleSize: 3, rowHeight: 40, quietZone: 10),
                dark: 30, light: 220)
    }
    var left: Int { 300 - itf.bars.columns * 3 / 2 }

    /// Where bar number `n` (from 1) ends, in pixels.
    func endOfBar(_ n: Int) -> Int {
        var bars = 0
        for column in 0..<itf.bars.columns
        where itf.bars[column, 0] && (column + 1 == itf.bars.columns || !itf.bars[column + 1, 0]) {
            bars += 1
            if bars == n { return left + (column + 1) * 3 }
        }
        return left
    }

    func read(_ text: String, ends: [LineEnd], as symbology: Symbology = .i25) -> DetectedCode {
        var code = DetectedCode(
            symbology: symbology, bytes: Array(text.utf8), corners: ZbarEngine.boundingBox(of: ends.map(\.at)),
            quality: ends.count)
        code.ends = ends
        return code
    }

    func end(_ x: Int, _ y: Int, out dx: Double, _ dy: Double = 0) -> LineEnd {
        LineEnd(
            at: PixelPoint(x: x, y: y),
            beyond: PixelPoint(x: x + Int((32 * dx).rounded()), y: y + Int((32 * dy).rounded())))
    }

    @Test func zbarMarksEachLineWhereItRanOutOfTheCode() throws {
        for density in [1, 2] {
            let code = try #require(ZbarEngine(density: density).decode(picture).codes.first)
            #expect(code.text == itf.expected)
            #expect(code.ends.count == code.quality && code.ends.count >= 10)
            // A forward line ends at the far end and points right; a backward one, left.
            #expect(code.ends.allSatisfy { ($0.beyond.x > $0.at.x) == ($0.at.x > 300) })
            #expect(QuietZone.isClear(code, in: picture))
        }
    }

    @Test func aReadEndingAmidTheBarsIsRefused() {
        // The first six digits: start (2 bars) and three pairs (5 bars each), then more bars.
        let inner = endOfBar(17)
        let ends = stride(from: 70, to: 130, by: 4).map { y in
            y % 8 == 6 ? end(left, y, out: -1) : end(inner, y, out: 1)
        }
        #expect(!QuietZone.isClear(read("555507", ends: ends), in: picture))
        // The same lines ending at the code's real end are fine.
        let whole = stride(from: 70, to: 130, by: 4).map { y in
            y % 8 == 6 ? end(left, y, out: -1) : end(endOfBar(34), y, out: 1)
        }
        #expect(QuietZone.isClear(read(itf.expected, ends: whole), in: picture))
    }

    @Test func aLineThatLeftTheBarsThroughTheirBottomEdgeIsRefused() {
        // Lines at 30 degrees down from the start: they leave the bars (y 40 to 160) through the bottom,
        // amid the code, with light beyond on their own line but bars beside it.
        let (dx, dy) = (cos(Double.pi / 6), sin(Double.pi / 6))
        var ends = [LineEnd]()
        for (index, y) in stride(from: 60, to: 100, by: 5).enumerated() {
            let exitX = left + Int(Double(160 - y) / dy * dx)
            ends.append(index % 2 == 0 ? end(left, y, out: -dx, -dy) : end(exitX, 160, out: dx, dy))
        }
        #expect(ends.contains { $0.at.x < endOfBar(30) && $0.at.x > endOfBar(5) })  // the exits lie amid the bars
        #expect(!QuietZone.isClear(read("555507", ends: ends), in: picture))
    }

    @Test(arguments: [
        (LinearSymbology.code128, -20.0), (.code128, 12), (.code128, 22), (.upce, -8), (.upce, 20), (.itf, 4),
    ])
    func turnedAndBlurredCodesReadWholeKeepTheirQuietZone(kind: LinearSymbology, degrees: Double) throws {
        let barcode = try #require(Barcode(kind, kind == .upce ? "0123456" : kind == .itf ? "1234567890" : "Q-4217"))
        let turned = Frame.filled(width: 640, height: 480, value: 150)
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(
                    centreX: 320, centreY: 240, moduleSize: 2.5, rowHeight: 60,
                    degrees: degrees, quietZone: 10), dark: 40, light: 210
            )
            .blurred(sigma: 1.2).withNoise(amplitude: 6, seed: 3)
        let code = try #require(ZbarEngine().decode(turned).codes.first)
        #expect(code.text == barcode.expected)
        #expect(LinearCodeSpec.of(code.symbology)?.checkedSpan(code) != nil)
        let clear = QuietZone.isClear(code, in: turned)
        #expect(clear)
    }

    /// zbar reads an EAN-13's halves on different lines and marks the read where the second
    /// half ended, at the middle guard too: an EAN-13 is not asked for light beyond its marks.
    /// A UPC-E read out of its left half (the EAN-13 form of a zero-suppressed number) is.
    @Test func aUPCEReadOutOfAnEAN13sHalfIsRefused() throws {
        let ean = try #require(Barcode(.ean13, "839145119439"))
        let picture = Frame.filled(width: 600, height: 200, value: 170)
            .drawingModules(
                ean.bars, at: ModulePlacement(centreX: 300, centreY: 100, moduleSize: 3, rowHeight: 40, quietZone: 10),
                dark: 30, light: 220)
        let start = 300 - ean.bars.columns * 3 / 2
        let middle = 300 + 2 * 3  // the middle guard's last bar ends here
        let ends = stride(from: 70, to: 130, by: 4).map { y in
            y % 8 == 6 ? end(start, y, out: -1) : end(middle, y, out: 1)
        }
        var fragment = DetectedCode(
            symbology: .ean13, bytes: Array("0072100004196".utf8), corners: [], quality: ends.count)
        fragment.ends = ends
        #expect(LinearCodeSpec.of(fragment.symbology)?.checkedSpan(fragment) == 51)
        #expect(!QuietZone.isClear(fragment, in: picture))
        var whole = DetectedCode(symbology: .ean13, bytes: Array(ean.expected.utf8), corners: [], quality: ends.count)
        whole.ends = ends
        #expect(LinearCodeSpec.of(whole.symbology)?.checkedSpan(whole) == nil && QuietZone.isClear(whole, in: picture))
    }

    /// Marks near the bars' lower end: the lines judged beside them run past the bars, where
    /// the label's light has only its noise to swing by, and see no bar there.
    @Test func aLineBesideTheMarkThatRunsPastTheBarsSeesNoBar() throws {
        let barcode = try #require(Barcode(.code128, "Q-4217"))
        let noisy = Frame.filled(width: 600, height: 200, value: 170)
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(centreX: 300, centreY: 100, moduleSize: 3, rowHeight: 40, quietZone: 10),
                dark: 30, light: 220
            )
            .withNoise(amplitude: 10, seed: 9)
        let dark = (0..<barcode.bars.columns).filter { barcode.bars[$0, 0] }
        let left = 300 - barcode.bars.columns * 3 / 2
        let (first, last) = (left + dark.first! * 3, left + (dark.last! + 1) * 3)
        #expect(noisy[first + 1, 155] < 100 && noisy[first + 1, 165] > 150)  // the bars end between these rows
        let ends = stride(from: 150, to: 160, by: 2).map { y in
            y % 4 == 0 ? end(first, y, out: -1) : end(last, y, out: 1)
        }
        #expect(QuietZone.isClear(read(barcode.expected, ends: ends, as: .code128), in: noisy))
    }

    @Test func numbersAUPCECanSpell() {
        func spells(_ text: String) -> Bool { UPCE.couldSpell(Array(text.utf8)) }
        #expect(spells("0072100004196") && spells("0012300000451"))  // d6 0-2; and d6 = 3
        #expect(spells("0012340000056") && spells("0012345000075"))  // d6 = 4; d6 = 5-9
        #expect(!spells("4006381333931") && !spells("2012300000451") && !spells("0012345000015"))
        #expect(spells("072100004196") && !spells("07210000419"))  // UPC-A digits; too short
    }

    /// zbar itself reads these fragments: the code turned 20 degrees with bars 25 modules tall,
    /// so rows from its start leave the bars through their top after six digits.
    @Test(arguments: [("04688419", -20.0), ("555507398173", 20), ("84894956", 20)])
    func aFragmentZbarReadsOffATurnedITFIsWithheld(text: String, degrees: Double) throws {
        let barcode = try #require(Barcode(.itf, text))
        let picture = Frame.filled(width: 480, height: 360, value: 140)
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(
                    centreX: 240, centreY: 180, moduleSize: 3, rowHeight: 25,
                    degrees: degrees, quietZone: 10), dark: 30, light: 220)
        let zbar = ZbarEngine().decode(picture).codes.map(\.text)
        #expect(zbar.contains { $0 != barcode.expected && barcode.expected.hasPrefix($0) })
        let found = ScanPass.plain.look(at: picture, from: PixelPoint(x: 0, y: 0), with: ZbarEngine())
        #expect(found.codes.allSatisfy { $0.text == barcode.expected })
        #expect(found.withheld >= 1)
    }

    /// A Code 128 or Code 39 has start and stop patterns, a UPC-E its guards: no part of one
    /// reads as a whole code. Printed with a mark in its quiet zone, it is kept where the lines
    /// across its bars spell it; refused where they do not (a stain over its middle); an ITF so
    /// printed, whose runs of digit pairs read as codes of their own, is refused whatever its
    /// lines spell.
    @Test(arguments: [
        (LinearSymbology.code128, "Q-4217", 5, false, true), (.code39, "QZ42", 6, false, true),
        (.upce, "0123456", 5, false, true), (.code128, "Q-4217", 5, true, false), (.upce, "0123456", 5, true, false),
        (.itf, "555507398173", 7, false, false),
    ])
    func aMarkInTheQuietZoneRefusesOnlyACodeThatDelimitsNoneOfItsParts(
        kind: LinearSymbology, text: String, gap: Int,
        stained: Bool, kept: Bool
    ) throws {
        let barcode = try #require(Barcode(kind, text))
        // The bars, then `gap` light modules (as few as zbar and the lines across ask; the quiet
        // zone check asks more) and a thin bar: a box's edge, say.
        let marked = ModuleGrid(
            columns: barcode.bars.columns + gap + 1, rows: 1,
            dark: barcode.bars.dark + Array(repeating: false, count: gap) + [true])
        let picture = Frame.filled(width: 600, height: 200, value: 170)
            .drawingModules(
                marked, at: ModulePlacement(centreX: 300, centreY: 100, moduleSize: 3, rowHeight: 40, quietZone: 10),
                dark: 30, light: 220)
        let code = try #require(ZbarEngine().decode(picture).codes.first)
        #expect(code.text == barcode.expected)
        #expect(!QuietZone.isClear(code, in: picture))
        var judged = picture
        if stained {
            // zbar's read judged in the same picture with a grey stain over its middle bars.
            let start = 300 - marked.columns * 3 / 2
            var luma = picture.packed.luma
            for y in 0..<200 { for x in (start + 30 * 3)..<(start + 45 * 3) { luma[y * 600 + x] = 125 } }
            judged = Frame(width: 600, height: 200, luma: luma)
        }
        let checked = ScanPass.checked(PassFindings(codes: [code]), in: judged)
        #expect(checked.codes.map(\.text) == (kept ? [barcode.expected] : []))
        #expect(checked.codes.allSatisfy { $0.checkedAcross })
        #expect(checked.withheld == (kept ? 0 : 1))
    }

    @Test func aDipBeyondTheEndCountsOnlyWithARiseAfterIt() {
        #expect(QuietZone.deepestDip([200, 200, 120, 120, 200][...]) == 80)
        #expect(QuietZone.deepestDip([200, 190, 150, 120, 110][...]) == 0)  // the picture darkens: the label's edge
        #expect(QuietZone.deepestDip([200, 120, 140][...]) == 40)
    }
}
