import CodeFixtures
import FrameCore
import Testing

@testable import CodeReading

/// Each 1D symbology's one description of its print holds for codes libzint draws.
@Suite struct LinearCodeSpecTests {
    /// A code's span from its first bar to its last is what the description says, for the
    /// characters zbar reports and the wide elements libzint draws (ITF's three modules wide,
    /// Code 39's two; Code 128 packs digits in pairs).
    @Test(arguments: [
        (LinearSymbology.ean13, "400638133393", Symbology.ean13), (.ean8, "9638507", .ean8),
        (.upce, "0123456", .upce), (.itf, "12345678", .i25), (.code39, "QRTUI-39", .code39),
        (.code128, "Hello 128", .code128), (.code128, "20261202", .code128),
    ])
    func theSpanIsTheDrawnOne(kind: LinearSymbology, data: String, symbology: Symbology) throws {
        let code = try #require(Barcode(kind, data))
        let spec = try #require(LinearCodeSpec.of(symbology))
        let drawn = Int(code.elementWidths.reduce(0, +))
        let characters =
            symbology == .upce || symbology == .ean8 || symbology == .ean13 ? code.expected.count : data.count
        let digits = data.allSatisfy(\.isNumber)
        #expect(
            spec.span(characters, digits, symbology == .code39 ? 2 : 3) == drawn, "\(symbology): \(drawn) modules drawn"
        )
    }

    /// zbar's marks of a whole read lie at least this far apart; a half of an EAN is less.
    @Test func theFewestModulesBetweenMarksAreNeverMoreThanTheSpan() throws {
        for symbology in Symbology.allCases {
            guard let spec = LinearCodeSpec.of(symbology) else { continue }
            for characters in 1...20 {
                let fewest = spec.fewestBetweenMarks(characters: characters, upceNumber: false)
                #expect(fewest <= spec.span(characters, true, 2), "\(symbology) \(characters)")
            }
        }
        #expect(LinearCodeSpec.of(.ean13)?.fewestBetweenMarks(characters: 13, upceNumber: true) == 51)
        #expect(LinearCodeSpec.of(.qr) == nil)
    }
}
