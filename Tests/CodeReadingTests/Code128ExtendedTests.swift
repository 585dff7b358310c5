import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// Code 128 spells ISO 8859-1's upper half with FNC4, which zbar drops: qrtui decodes the
/// symbols again from the picture and announces what they spell.
@Suite struct Code128ExtendedTests {
    static let extended = "óóóó1234óóabózz"

    func widths(_ barcode: Barcode) -> [Double] { barcode.elementWidths }

    func picture(_ barcode: Barcode, degrees: Double = 0) -> Frame {
        Frame.filled(width: 900, height: 480, value: 160)
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(
                    centreX: 450, centreY: 240, moduleSize: 2.2, rowHeight: 40,
                    degrees: degrees, quietZone: 10), dark: 35, light: 215
            )
            .blurred(sigma: 0.8).withNoise(amplitude: 5, seed: 11)
    }

    /// libzint is a second encoder: its codes, in every code set, with shifts and FNC4, decode
    /// to their own text (ISO 8859-1 bytes).
    @Test(arguments: [
        extended, "Code 128", "102030405060708090", "a\tb\u{1}cD", "Grüße, Señor: 42 ¼ × ½", "ÀÁÂÃÄÅÆÇÈÉ",
    ])
    func zintsCodesDecodeToTheirText(text: String) throws {
        let barcode = try #require(Barcode(.code128, text))
        let latin1 = text.unicodeScalars.map { UInt8($0.value) }
        let values = try #require(Code128Symbols.decode(widths(barcode)))
        let spelled = Code128Extended.spelling(values)
        #expect(spelled.bytes == latin1)
        #expect(spelled.extended == latin1.contains { $0 >= 0x80 })
    }

    /// ISO/IEC 15417: two FNC4 in a row latch the extension, a single FNC4 while latched
    /// gives the next character plain, two more unlatch. Code set B: "a" is 65, FNC4 100.
    @Test func twoFNC4LatchTheExtension() {
        let data = [100, 100, 65, 66, 100, 67, 100, 100, 68]
        let values = [104] + data + [(104 + data.enumerated().reduce(0) { $0 + $1.element * ($1.offset + 1) }) % 103]
        #expect(Code128Symbols.isChecked(values))
        let spelled = Code128Extended.spelling(values)
        #expect(spelled.bytes == [0xE1, 0xE2, 0x63, 0x64])
        #expect(spelled.extended)
    }

    @Test func aWrongCheckSymbolDecodesToNothing() throws {
        let barcode = try #require(Barcode(.code128, "Code 128"))
        var elements = widths(barcode)
        let values = try #require(Code128Symbols.decode(elements))
        // The first data symbol printed as another: every symbol valid, only the check tells.
        elements.replaceSubrange(6..<12, with: Code128Symbols.patterns[(values[1] + 1) % 96].map(Double.init))
        #expect(Code128Symbols.decode(elements) == nil)
    }

    /// zbar alone reads "ó" as "s"; qrtui announces what is printed, turned or not.
    @Test(arguments: [0.0, 4, -5, 180])
    func anExtendedCodeIsAnnouncedWithItsUpperHalf(degrees: Double) throws {
        let barcode = try #require(Barcode(.code128, Self.extended))
        let frame = picture(barcode, degrees: degrees)
        #expect(ZbarEngine().decode(frame).codes.map(\.text) == ["ssss1234ssabszz"])
        let reading = CodeReader().read(frame, kind: .still)
        #expect(reading.codes.map(\.text) == [Self.extended])
        #expect(reading.codes.first?.encoding == .latin1)
    }

    /// Symbols that spell another text than zbar's withhold the read; a plain code is kept.
    @Test func symbolsSpellingAnotherTextWithholdTheRead() throws {
        let frame = picture(try #require(Barcode(.code128, Self.extended)))
        let read = try #require(ZbarEngine().decode(frame).codes.first)
        let other = DetectedCode(symbology: .code128, bytes: Array("ssss1234ssabszy".utf8), corners: read.corners)
        var disagreeing = other
        disagreeing.ends = read.ends
        #expect(Code128Extended.revised(disagreeing, in: frame) == nil)
        let plain = picture(try #require(Barcode(.code128, "Code 128")))
        let plainRead = try #require(ZbarEngine().decode(plain).codes.first)
        #expect(Code128Extended.revised(plainRead, in: plain) == plainRead)
    }
}
