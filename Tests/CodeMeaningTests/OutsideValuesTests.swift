import CodeFixtures
import Testing

@testable import CodeMeaning

/// Values from outside at their extremes, and settings no standard allows: told, never a
/// crash and never shown as if usable.
@Suite struct OutsideValuesTests {
    func fields(_ meaning: CodeMeaning) -> [String] { meaning.fields.map { "\($0.name)=\($0.value)" } }

    /// An export's batch index 2^63−1 of 2 (the fuzzer's crasher), or past its size: the
    /// accounts are read, the batch is not told.
    @Test func anExportsBatchNumbersAtTheirLimitsAreNotTold() {
        let account = [MigrationExport.Account(secret: [1, 2, 3, 4, 5], name: "a")]
        for (size, index) in [(2, Int.max), (Int.max, Int.max), (2, 2)] {
            let meaning = CodeMeaning.of(
                MigrationExport.uri(MigrationExport.payload(account, batchSize: size, batchIndex: index)))
            #expect(meaning.kind == .otpExport && meaning["batch"] == nil, "\(size) \(index)")
        }
        let last = CodeMeaning.of(MigrationExport.uri(MigrationExport.payload(account, batchSize: 3, batchIndex: 2)))
        #expect(last["batch"] == "3 of 3")
    }

    /// GS1's century rule: a two-digit year more than 50 ahead is of the last century.
    @Test func gs1DatesTakeTheCenturyRule() {
        #expect(CodeMeaning.of("]C115991231", year: 2026)["best before"] == "1999-12-31")
        #expect(CodeMeaning.of("]C115761231", year: 2026)["best before"] == "2076-12-31")
        #expect(CodeMeaning.of("]C115771231", year: 2026)["best before"] == "1977-12-31")
        #expect(CodeMeaning.of("]C117010101", year: 2080)["expiry"] == "2101-01-01")
        #expect(GS1Elements.fullYear(30, judgedFrom: 2026) == 2030)
    }

    /// AI 7230 (a certification reference) and 414 with its extension 254 are known.
    @Test func certificationAndLocationExtensionAreKnown() {
        let meaning = CodeMeaning.of("]C1723012ABC\u{1D}4140614141000012254EXT-7")
        #expect(fields(meaning) == ["certification 0=12ABC", "location=0614141000012", "location extension=EXT-7"])
    }

    /// Settings outside RFC 4226 and 6238 make an account unusable: said, not shown.
    @Test func otpSettingsNoStandardAllowsAreUnusable() {
        let base = "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP"
        let cases = [
            ("&digits=99", "a number of digits outside 6 to 8"), ("&digits=5", "a number of digits outside 6 to 8"),
            ("&period=0", "a period outside 1 second to a day"), ("&period=-30", "a period outside 1 second to a day"),
            ("&period=99999999999999999999", "a period outside 1 second to a day"),
            ("&algorithm=MD5", "an algorithm two-factor codes do not use"),
            ("&algorithm=SHA3-256", "an algorithm two-factor codes do not use"),
            ("&secret=GEZDGNBV", "two secrets: which one makes the codes is not known"),
        ]
        for (extra, problem) in cases {
            let meaning = CodeMeaning.of(base + extra)
            #expect(meaning["problem"] == problem, "\(extra)")
            #expect(meaning["secret"] == nil && meaning["uri"] == nil, "\(extra)")
            #expect(!fields(meaning).contains { $0.contains("99") || $0.contains("MD5") }, "\(extra)")
        }
        #expect(CodeMeaning.of("otpauth://hotp/x?secret=JBSWY3DPEHPK3PXP&counter=-1")["problem"] != nil)
        #expect(CodeMeaning.of(base + "&digits=8&period=60&algorithm=sha512")["problem"] == nil)
        let md5 = MigrationExport.uri(MigrationExport.payload([.init(secret: [1, 2, 3], name: "m", algorithm: 4)]))
        #expect(CodeMeaning.of(md5).accounts.first?["problem"] == "an algorithm two-factor codes do not use")
    }

    /// The secret masked is the one the parser takes, however its name is spelt.
    @Test func theSecretsFoundAreTheParsersOwn() {
        for text in TwoFactorFixtures.secretSpellings {
            let ranges = CodeMeaning.secretRanges(in: text)
            #expect(!ranges.isEmpty, "\(text)")
            var rest = text
            for range in ranges.reversed() { rest.replaceSubrange(range, with: "") }
            #expect(!rest.uppercased().contains("JBSW") && !rest.lowercased().contains("jbsw"), "\(text)")
        }
        #expect(CodeMeaning.secretRanges(in: "https://example.org/?secret=abc").isEmpty)
    }
}
