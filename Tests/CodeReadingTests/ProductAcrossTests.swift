import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// EAN and UPC reads spelt again across their bars, by a decoder of their own: a second look
/// that owes nothing to zbar.
@Suite struct ProductAcrossTests {
    func elements(_ barcode: Barcode, quiet: Double) -> [Double] {
        [quiet] + barcode.elementWidths + [quiet]
    }

    func picture(_ barcodes: [(Barcode, Double)], degrees: Double, module: Double = 2) -> Frame {
        barcodes.reduce(Frame.filled(width: 640, height: 360, value: 150)) { frame, placed in
            frame.drawingModules(
                placed.0.bars,
                at: ModulePlacement(
                    centreX: placed.1, centreY: 180, moduleSize: module, rowHeight: 50,
                    degrees: degrees, quietZone: 10), dark: 30, light: 220)
        }
    }

    @Test(arguments: [
        (LinearSymbology.ean13, "400638133393"), (.ean13, "978030640615"), (.upca, "03600029145"),
        (.ean8, "9638507"), (.upce, "0123456"), (.upce, "0654321"), (.upce, "0234563"), (.upce, "0345674"),
        (.upce, "1234560"),
    ])
    func libzintsCodesDecodeFromTheirWidths(symbology: LinearSymbology, data: String) throws {
        let barcode = try #require(Barcode(symbology, data))
        let spelt = ProductAcross.decode(elements(barcode, quiet: 9))
        // zbar's form: UPC-A and UPC-E as the EAN-13 they stand for.
        #expect(spelt.map(\.digits) == [Array(barcode.expected.utf8)])
        #expect(spelt.first?.elements == 1..<barcode.elementWidths.count + 1)
    }

    @Test func noQuietZoneABrokenDigitOrAWrongCheckDigitDecodesToNothing() throws {
        let barcode = try #require(Barcode(.ean13, "400638133393"))
        #expect(ProductAcross.decode(elements(barcode, quiet: 2)).isEmpty)
        var broken = elements(barcode, quiet: 9)
        broken[6] += 1  // the first digit's last bar a module wider: seven modules no more
        #expect(ProductAcross.decode(broken).isEmpty)
        var swapped = elements(barcode, quiet: 9)
        swapped.swapAt(4, 5)  // the first digit 0 (3211) read as 3121: no L or G code
        #expect(ProductAcross.decode(swapped).isEmpty)
        // An L code that spells another digit: the check digit no longer adds up.
        var other = elements(barcode, quiet: 9)
        other.replaceSubrange(32..<36, with: [1, 4, 1, 1])  // the 8th digit as 3 (1411), check digit unchanged
        #expect(ProductAcross.decode(other).isEmpty)
    }

    /// A digit measured halfway between two patterns still decodes (the standard rounds), but
    /// the decode is marked doubtful: blur misleads zbar the same way, so it needs a second line.
    @Test func aDoubtfulDecodeIsMarkedSo() throws {
        let barcode = try #require(Barcode(.ean13, "400638133393"))
        let sharp = ProductAcross.decode(elements(barcode, quiet: 9))
        #expect(sharp.map(\.sure) == [true])
        var blurred = elements(barcode, quiet: 9)
        // The first digit (0: space 3, bar 2, space 1, bar 1): its first bar 0.42 wider, the
        // space after it 0.42 narrower; space and bar together now measure 5.42 modules.
        blurred[5] += 0.42
        blurred[6] -= 0.42
        let doubtful = ProductAcross.decode(blurred)
        #expect(doubtful.map(\.digits) == [Array(barcode.expected.utf8)])
        #expect(doubtful.map(\.sure) == [false])
    }

    @Test func checkDigitsAndUPCEExpansion() {
        #expect(ProductAcross.checkDigit([4, 0, 0, 6, 3, 8, 1, 3, 3, 3, 9, 3]) == 1)
        #expect(ProductAcross.checkDigit([9, 6, 3, 8, 5, 0, 7]) == 4)
        #expect(ProductAcross.expandUPCE(system: 0, [6, 5, 4, 3, 2, 1]) == [0, 6, 5, 1, 0, 0, 0, 0, 4, 3, 2])
        #expect(ProductAcross.expandUPCE(system: 0, [1, 2, 3, 4, 5, 6]) == [0, 1, 2, 3, 4, 5, 0, 0, 0, 0, 6])
        #expect(ProductAcross.expandUPCE(system: 1, [1, 2, 3, 4, 4, 3]) == [1, 1, 2, 3, 0, 0, 0, 0, 0, 4, 4])
    }

    /// zbar's read of a whole code is spelt across its bars too, at a slant, and so marked.
    @Test(arguments: [(LinearSymbology.ean13, 0.0), (.ean13, 15), (.ean8, -12), (.upce, 8), (.upca, -20)])
    func aReadIsSpeltAcrossItsBars(symbology: LinearSymbology, degrees: Double) throws {
        var random = SplitMix(seed: 7)
        let barcode = try #require(Barcode(symbology, symbology.randomPayload(using: &random)))
        let frame = picture([(barcode, 320)], degrees: degrees)
        let read = try #require(ZbarEngine().decode(frame).codes.first { $0.text == barcode.expected })
        #expect(BarsAcross.verdict(read, in: frame) == .agrees)
        #expect(BarsAcross.checked(read, in: frame)?.checkedAcross == true)
    }

    /// A code on a label darker than the table around it (kraft paper on a white desk): the
    /// table's light is no measure of the bars', and the label's edges are no bars.
    @Test(arguments: [(LinearSymbology.ean8, 0.0), (.ean13, 12), (.upce, -8)])
    func aCodeOnADarkLabelIsSpeltAcrossItsBars(symbology: LinearSymbology, degrees: Double) throws {
        var random = SplitMix(seed: 11)
        let barcode = try #require(Barcode(symbology, symbology.randomPayload(using: &random)))
        let frame = Frame.filled(width: 640, height: 360, value: 200)
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(
                    centreX: 320, centreY: 180, moduleSize: 2.5, rowHeight: 50,
                    degrees: degrees, quietZone: 10), dark: 15, light: 70
            )
            .blurred(sigma: 0.5).withNoise(amplitude: 4, seed: 2)
        let read = try #require(ZbarEngine().decode(frame).codes.first { $0.text == barcode.expected })
        #expect(BarsAcross.verdict(read, in: frame, fitting: false) == .agrees)
    }

    /// Two codes side by side on one line: each read is spelt by the code it lies on, and the
    /// other code further along the line refuses neither.
    @Test func anotherCodeAlongTheLineIsNoneOfTheReadsBusiness() throws {
        let left = try #require(Barcode(.ean8, "9638507"))
        let right = try #require(Barcode(.ean8, "1234567"))
        let frame = picture([(left, 160), (right, 480)], degrees: 0)
        let reads = ZbarEngine().decode(frame).codes
        #expect(Set(reads.map(\.text)) == [left.expected, right.expected])
        for read in reads { #expect(BarsAcross.verdict(read, in: frame) == .agrees) }
    }

    /// A product read found by an extra pass alone is held back; spelt across its bars it has
    /// its second look. An ITF read checked across still needs one (no check digit).
    @Test func aReadSpeltAcrossItsBarsHasItsSecondLook() {
        func read(_ symbology: Symbology, _ text: String, checked: Bool) -> DetectedCode {
            var code = DetectedCode(symbology: symbology, bytes: Array(text.utf8), corners: [], quality: 30)
            code.scanLines = 200
            code.pass = .enlarged
            code.checkedAcross = checked
            return code
        }
        for symbology in [Symbology.ean13, .ean8] {
            var unchecked = Corroboration()
            var checked = Corroboration()
            unchecked.add([read(symbology, "96385074", checked: false)])
            checked.add([read(symbology, "96385074", checked: true)])
            #expect(unchecked.accepted.isEmpty)
            #expect(checked.accepted.map(\.text) == ["96385074"])
        }
        var itf = Corroboration()
        itf.add([read(.i25, "842162", checked: true)])
        #expect(itf.accepted.isEmpty)
    }

    /// A rival read is not outweighed by a checked one unless it weighs half as much or less.
    @Test func aCheckedReadAndADisagreeingOneOfEqualWeightGiveNothing() {
        let corners = [PixelPoint(x: 10, y: 10), PixelPoint(x: 200, y: 60)]
        var checked = DetectedCode(symbology: .ean8, bytes: Array("96385074".utf8), corners: corners, quality: 30)
        checked.pass = .enlarged
        checked.checkedAcross = true
        var rival = DetectedCode(symbology: .ean8, bytes: Array("96385081".utf8), corners: corners, quality: 30)
        rival.pass = .binarised
        var second = rival
        second.pass = .thresholded
        var evidence = Corroboration()
        evidence.add([checked])
        evidence.add([rival])
        evidence.add([second])
        #expect(evidence.accepted.isEmpty)
    }
}

/// Code 128 spelt across its bars the same way: its check symbol must be right.
@Suite struct Code128AcrossTests {
    @Test(arguments: ["Hello-128", "0123456789", "ab:/.XY"])
    func libzintsCodesDecodeFromTheirWidths(text: String) throws {
        let barcode = try #require(Barcode(.code128, text))
        let widths = [12] + barcode.elementWidths + [12]
        #expect(Code128Across.decode(widths).map(\.digits) == [Array(text.utf8)])
        #expect(Code128Across.decode(widths.reversed()).isEmpty)
        #expect(Code128Across.decode([3] + barcode.elementWidths + [12]).isEmpty)  // no quiet zone
    }

    @Test func extendedTextIsGivenAsZbarGivesIt() throws {
        let barcode = try #require(Barcode(.code128, "Só"))
        #expect(Code128Across.decode([12] + barcode.elementWidths + [12]).map(\.digits) == [Array("Ss".utf8)])
    }

    @Test(arguments: [(0.0, false), (14, false), (-9, false), (5, true)])
    func aReadIsSpeltAcrossItsBarsAndCountsAsALook(degrees: Double, gs1: Bool) throws {
        let barcode = try #require(
            gs1 ? Barcode(.code128, "[01]09501101530003[10]AB-123", gs1: true) : Barcode(.code128, "QRTUI-42x"))
        let frame = Frame.filled(width: 640, height: 360, value: 150)
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(
                    centreX: 320, centreY: 180, moduleSize: 2.5, rowHeight: 60,
                    degrees: degrees, quietZone: 12), dark: 30, light: 220)
        // GS1-128: zbar gives the element strings without brackets.
        let said = gs1 ? "010950110153000310AB-123" : barcode.expected
        var read = try #require(ZbarEngine().decode(frame).codes.first { $0.text == said })
        #expect(BarsAcross.verdict(read, in: frame) == .agrees)
        read.pass = .enlarged
        var evidence = Corroboration()
        evidence.add([try #require(BarsAcross.checked(read, in: frame))])
        #expect(evidence.accepted.map(\.text) == [said])
    }
}
