import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// A Code 39 read is decoded again straight across its bars by qrtui's own decoder: a read it
/// spells is a second look, a read it spells otherwise is refused.
@Suite struct Code39AcrossTests {
    /// The widths of libzint's bars and spaces for `text`, in modules, with `quiet` modules of
    /// light either side.
    func elements(_ text: String, quiet: Double = 10) throws -> [Double] {
        [quiet] + (try #require(Barcode(.code39, text))).elementWidths + [quiet]
    }

    @Test func everyCharacterOfLibzintsCodesDecodes() throws {
        for text in ["0123456789", "ABCDEFGHIJKLM", "NOPQRSTUVWXYZ", "-. $/+%", "+A+B", "CIS01.-Y QM"] {
            #expect(Code39Across.decode(try elements(text)).map(\.digits) == [Array(text.utf8)])
            // Read backwards it is no code (the start and stop are not their own mirror).
            #expect(Code39Across.decode(try elements(text).reversed()).isEmpty)
        }
    }

    @Test func noQuietZoneABrokenCharacterOrAWideGapDecodesToNothing() throws {
        #expect(Code39Across.decode(try elements("J9KZ4", quiet: 2)).isEmpty)
        var broken = try elements("J9KZ4")
        broken[11] = broken[11] > 1.5 ? 1 : 3  // the first data character's first bar: two or four wide in nine
        #expect(Code39Across.decode(broken).isEmpty)
        var gapped = try elements("J9KZ4")
        gapped[10] = 8  // the gap after the start
        #expect(Code39Across.decode(gapped).isEmpty)
    }

    /// Perspective: the far end's elements are half as wide as the near end's.
    @Test func aCodeSeenInPerspectiveDecodes() throws {
        let widths = try elements("NBQ162J5")
        let shrunk = widths.indices.map { widths[$0] * (1.6 - 0.9 * Double($0) / Double(widths.count - 1)) }
        #expect(Code39Across.decode(shrunk).map(\.digits) == [Array("NBQ162J5".utf8)])
    }

    /// zbar's read, turned on a label, is spelt across its bars (Full ASCII as printed: `raw`);
    /// the same read saying one character otherwise is refused.
    @Test(arguments: [("KQ10BHMI6", 0.0), ("+A+B", 15), ("-MCVVX3S1", -12)])
    func zbarsReadIsSpeltAcrossItsBarsAndAnotherIsNot(text: String, degrees: Double) throws {
        let barcode = try #require(Barcode(.code39, text))
        let frame = Frame.filled(width: 480, height: 360, value: 150)
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(
                    centreX: 240, centreY: 180, moduleSize: 2.5, rowHeight: 50,
                    degrees: degrees, quietZone: 10), dark: 40, light: 215)
        let read = try #require(ZbarEngine().decode(frame).codes.first { ($0.raw ?? $0.bytes) == Array(text.utf8) })
        #expect(BarsAcross.verdict(read, in: frame) == .agrees)
        #expect(Corroboration.acrossIsALook(try #require(BarsAcross.checked(read, in: frame))))
        let other = DetectedCode(
            symbology: .code39, bytes: Array(("Z" + text.dropFirst()).utf8), corners: read.corners,
            quality: read.quality)
        var misread = other
        misread.ends = read.ends
        #expect(BarsAcross.verdict(misread, in: frame) == .disagrees)
    }
}
