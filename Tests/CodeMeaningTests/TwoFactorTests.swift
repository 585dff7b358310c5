import CodeFixtures
import OneTimeCodes
import Testing

@testable import CodeMeaning

/// Two-factor codes: RFC 4226's and RFC 6238's test vectors through libcrypto's HMAC.
@Suite struct OneTimeCodeTests {
    static let sha1Key = Array("12345678901234567890".utf8)
    static let sha256Key = Array("12345678901234567890123456789012".utf8)
    static let sha512Key = Array("1234567890123456789012345678901234567890123456789012345678901234".utf8)

    @Test func hotpGivesRFC4226sCodes() {
        let expected = [
            "755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489",
        ]
        let code = OneTimeCode(secret: Self.sha1Key)
        #expect((0..<10).map { code.hotp(counter: UInt64($0)) } == expected)
    }

    @Test func totpGivesRFC6238sCodes() {
        let times: [Double] = [59, 1_111_111_109, 1_111_111_111, 1_234_567_890, 2_000_000_000, 20_000_000_000]
        let vectors: [(OneTimeCode.Algorithm, [UInt8], [String])] = [
            (.sha1, Self.sha1Key, ["94287082", "07081804", "14050471", "89005924", "69279037", "65353130"]),
            (.sha256, Self.sha256Key, ["46119246", "68084774", "67062674", "91819424", "90698825", "77737706"]),
            (.sha512, Self.sha512Key, ["90693936", "25091201", "99943326", "93441116", "38618901", "47863826"]),
        ]
        for (algorithm, key, codes) in vectors {
            let code = OneTimeCode(secret: key, algorithm: algorithm, digits: 8)
            #expect(times.map { code.totp(at: $0)?.code } == codes, "\(algorithm)")
        }
        // 59 s into the epoch: the second 30-second step, one second of it left.
        #expect(OneTimeCode(secret: Self.sha1Key).totp(at: 59)?.secondsLeft == 1)
    }
}

/// Google Authenticator's exports: their accounts as `otpauth://` URIs, and what is not one.
@Suite struct MigrationPayloadTests {
    static let accounts = [
        MigrationExport.Account(
            secret: Array("12345678901234567890".utf8), name: "alice@example.org", issuer: "Example"),
        MigrationExport.Account(
            secret: [0xDE, 0xAD, 0xBE, 0xEF], name: "bob", issuer: "Git Hub", algorithm: 2, digits: 2),
        MigrationExport.Account(secret: [1, 2, 3, 4, 5], name: "carol", algorithm: 1, digits: 1, type: 1, counter: 42),
    ]

    @Test func anExportOfThreeAccountsGivesThreeURIs() throws {
        let meaning = CodeMeaning.of(MigrationExport.uri(MigrationExport.payload(Self.accounts)))
        #expect(meaning.kind == .otpExport && meaning["accounts"] == "3")
        #expect(
            meaning.accounts.compactMap { $0["uri"] } == [
                "otpauth://totp/Example%3Aalice%40example.org?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
                    + "&issuer=Example&algorithm=SHA1&digits=6&period=30",
                "otpauth://totp/Git%20Hub%3Abob?secret=32W353Y&issuer=Git%20Hub&algorithm=SHA256&digits=8&period=30",
                "otpauth://hotp/carol?secret=AEBAGBAF&algorithm=SHA1&digits=6&counter=42",
            ])
        // Each URI read back is the account it came from.
        let bob = CodeMeaning.of(try #require(meaning.accounts[1]["uri"]))
        #expect(bob.kind == .otp && bob["issuer"] == "Git Hub" && bob["account"] == "bob" && bob["digits"] == "8")
        #expect(Base32.decode(bob["secret"] ?? "") == [0xDE, 0xAD, 0xBE, 0xEF])
    }

    @Test func aBatchSaysWhichPartItIs() {
        let meaning = CodeMeaning.of(
            MigrationExport.uri(MigrationExport.payload(Array(Self.accounts.prefix(1)), batchSize: 3, batchIndex: 1)))
        #expect(meaning["batch"] == "2 of 3" && meaning.accounts.count == 1)
    }

    /// Not base64, lengths past the end, no account, no data: text, with a note of why.
    @Test func whatIsNotAnExportIsTextWithANote() {
        let valid = MigrationExport.payload(Self.accounts)
        let cases: [(String, String)] = [
            ("otpauth-migration://offline?data=%%%not-base64", "a two-factor export whose data is not base64"),
            (MigrationExport.uri(Array(valid.prefix(valid.count / 2))), "a two-factor export that cannot be read"),
            (MigrationExport.uri([0x0A, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]), "a two-factor export that cannot be read"),
            (MigrationExport.uri([0x10, 0x01]), "a two-factor export that cannot be read"),
            ("otpauth-migration://offline?nodata=1", "a two-factor export without its data"),
        ]
        for (text, note) in cases {
            let meaning = CodeMeaning.of(text)
            #expect(meaning.kind == .text && meaning["note"] == note, "\(text)")
        }
    }

    @Test func anAccountWithoutASecretOrWithABadOneSaysSo() {
        #expect(CodeMeaning.of("otpauth://totp/x?issuer=X")["problem"] == "no secret")
        #expect(CodeMeaning.of("otpauth://totp/x?secret=18!")["problem"] == "the secret is not base32")
        let empty = CodeMeaning.of(MigrationExport.uri(MigrationExport.payload([.init(secret: [], name: "x")])))
        #expect(empty.accounts.first?["problem"] == "no secret")
    }

    @Test func aLabelWithNothingBeforeItsColonNamesNoIssuer() {
        let meaning = CodeMeaning.of("otpauth://totp/%20%0C:alice?secret=JBSWY3DPEHPK3PXP")
        #expect(meaning["issuer"] == nil)
        #expect(meaning["account"] == "alice")
        #expect(meaning.fields.allSatisfy { !$0.value.isEmpty })
    }
}
