import CodeReading
import Testing

@testable import ScanOptions

/// `-S` as zbar users type it, and as qrtui's own lists.
@Suite struct SymbologySettingsTests {
    func parsed(_ arguments: [String]) throws -> Set<Symbology>? {
        guard case .run(let options) = try CommandLineParser.parse(arguments) else { return nil }
        return options.reading.symbologies
    }

    /// Every symbology answers to each of its names, in any case and punctuation.
    @Test func everyNameIsItsSymbology() throws {
        for symbology in Symbology.allCases {
            for name in SymbologyNames.names(of: symbology) {
                #expect(SymbologyNames.symbology(named: name) == symbology)
                #expect(SymbologyNames.symbology(named: name.uppercased()) == symbology)
            }
        }
        #expect(SymbologyNames.symbology(named: "EAN-13") == .ean13)
        #expect(SymbologyNames.symbology(named: "Code 128") == .code128)
        #expect(SymbologyNames.symbology(named: "beetle") == nil)
        #expect(Set(SymbologyNames.known).count == Symbology.allCases.count)
        #expect(try parsed(["-S", "qr, EAN-13,code128"]) == [.qr, .ean13, .code128])
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
        #expect(withoutEAN == Symbology.defaults.subtracting([.ean13]))
        #expect(try parsed(["-Sisbn13.enable"]) == Symbology.defaults.union([.isbn13]))
        #expect(try parsed(["-Sqrcode.enable=0"]) == Symbology.defaults.subtracting([.qr]))
        #expect(try parsed(["-Sdatamatrix.disable"]) == Symbology.defaults.subtracting([.dataMatrix]))
    }

    /// zbar's scanner settings, as zbar takes them; zbarimg's and zbarcam's other habits.
    @Test func zbarHabitsAreTaken() throws {
        func options(_ arguments: [String]) throws -> Options? {
            guard case .run(let options) = try CommandLineParser.parse(arguments) else { return nil }
            return options
        }
        let densities = try #require(try options(["-Sx-density=0", "-S", "y-density=3", "-Stest-inverted"]))
        #expect(densities.reading.scanner == ScannerSettings(xDensity: 0, yDensity: 3, testInverted: true))
        #expect(densities.reading.symbologies == nil)  // settings are not symbologies
        #expect(try options(["-Sqrcode.x-density=2"])?.reading.scanner.xDensity == 2)
        #expect(try options(["-Sbinary"])?.format == .raw)
        #expect(try options(["-Sqrcode.binary=1", "-Sqrcode.binary=0"])?.format == .text)
        #expect(try options(["-vv"])?.verbosity == 2)
        #expect(try options(["-v", "-v", "-v"])?.verbosity == 3)
        #expect(try options(["-qv"]).map { $0.quiet && $0.verbose } == true)
        #expect(try options(["--nodbus", "--xml", "--noxml"])?.format == .text)
        #expect(try options(["--prescale=640x480"])?.size == PictureSize(width: 640, height: 480))
        #expect(try options(["--polygon", "-H"]).map { $0.polygon && $0.withFilename } == true)
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["-vx"]) }
    }

    /// zbar 0.23 enables everything but the ISBNs, the add-ons, UPC-A/E as their own types,
    /// composite and PDF417 (asked of zbar, except where asking crashes it).
    @Test func zbarDefaultsAreZbars() {
        #expect(
            Symbology.zbarDefaults.isSuperset(of: [.qr, .ean13, .ean8, .code128, .code39, .i25, .codabar, .code93]))
        #expect(Symbology.zbarDefaults.isDisjoint(with: [.isbn10, .isbn13, .ean2, .ean5, .pdf417, .dataMatrix]))
        // qrtui's own defaults add what zxing-cpp reads.
        #expect(
            Symbology.defaults == Symbology.zbarDefaults.union([.pdf417, .dataMatrix, .aztec, .microQR, .maxiCode]))
    }

    @Test(arguments: [
        (["-Sbeetle"], "unknown symbology 'beetle' in -S"),
        (["-Sqr.enable=yes"], "-S qr.enable=yes: this setting's value is 0 or 1"),
        (["-Sx-density=-1"], "-S x-density=-1: a density is a number of lines from 0 (off) to 100"),
        (["-Sy-density"], "-S y-density: a density is a number of lines from 0 (off) to 100"),
        (["-Sqr.min-length=4"], "-S qr.min-length=4: this setting's value is 0 or 1"),
        (
            ["-Sqr.ascii"],
            "-S qr.ascii: qrtui takes zbar's enable, disable, density, test-inverted and binary settings only"
        ),
        (["-Stest-inverted=2"], "-S test-inverted=2: this setting's value is 0 or 1"),
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
