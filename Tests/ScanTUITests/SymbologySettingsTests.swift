import CodeReading
@testable import ScanOptions
import Testing

/// `-S` as zbar users type it, and as qrtui's own lists.
@Suite struct SymbologySettingsTests {
    func parsed(_ arguments: [String]) throws -> Set<Symbology>? {
        guard case .run(let options) = try CommandLineParser.parse(arguments) else { return nil }
        return options.symbologies
    }

    @Test func namesChooseAndRepeatsAddUp() throws {
        #expect(try parsed([]) == nil)
        #expect(try parsed(["-S", "qr,ean13"]) == [.qr, .ean13])
        #expect(try parsed(["-S", "qr", "-S", "ean13", "--set=code128"]) == [.qr, .ean13, .code128])
        #expect(try parsed(["-S", "isbn13"]) == [.isbn13])
    }

    @Test func zbarSettingsWorkOnItsDefaults() throws {
        #expect(try parsed(["-Sdisable", "-Sqrcode.enable"]) == [.qr])
        #expect(try parsed(["-S*.disable", "-Sean13.enable=1", "-Sqr.enable"]) == [.ean13, .qr])
        #expect(try parsed(["-S*.enable"]) == Set(Symbology.allCases))
        let withoutEAN = try #require(try parsed(["-Sean13.disable"]))
        #expect(withoutEAN == Symbology.zbarDefaults.subtracting([.ean13]))
        #expect(try parsed(["-Sisbn13.enable"]) == Symbology.zbarDefaults.union([.isbn13]))
        #expect(try parsed(["-Sqrcode.enable=0"]) == Symbology.zbarDefaults.subtracting([.qr]))
    }

    /// zbar 0.23 enables everything but the ISBNs, the add-ons, UPC-A/E as their own types,
    /// composite and PDF417 (asked of zbar, except where asking crashes it).
    @Test func zbarDefaultsAreZbars() {
        #expect(Symbology.zbarDefaults.isSuperset(of: [.qr, .ean13, .ean8, .code128, .code39, .i25, .codabar, .code93]))
        #expect(Symbology.zbarDefaults.isDisjoint(with: [.isbn10, .isbn13, .ean2, .ean5, .pdf417]))
    }

    @Test(arguments: [
        (["-Saztec"], "unknown symbology 'aztec' in -S"),
        (["-Sqr.enable=yes"], "-S qr.enable=yes: a setting's value is 0 or 1"),
        (["-Sx-density=2"], "-S x-density=2: a setting's value is 0 or 1"),
        (["-Sqr.min-length=4"], "-S qr.min-length=4: a setting's value is 0 or 1"),
        (["-Sqr.ascii"], "-S qr.ascii: qrtui takes zbar's enable and disable settings only"),
        (["-S", ","], "-S needs a symbology or a setting"),
    ])
    func mistakesAreNamed(arguments: [String], message: String) {
        #expect {
            _ = try CommandLineParser.parse(arguments)
        } throws: { error in
            (error as? UsageError)?.message.hasPrefix(message) == true
        }
    }
}
