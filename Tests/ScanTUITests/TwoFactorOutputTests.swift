import CodeFixtures
import CodeReading
import FrameCore
import Overlay
import Testing

@testable import ScanOptions
@testable import ScanTUI

/// Two-factor codes as qrtui gives them: `--format otpauth` a URI per account, JSON each
/// account's fields and a TOTP account's code now, the accounts box on `h`, and secrets only
/// where the payload was asked for (never on a terminal's line, the status line or a notice).
@Suite struct TwoFactorOutputTests {
    static let rfcKey = Array("12345678901234567890".utf8)
    static let accounts = [
        MigrationExport.Account(secret: rfcKey, name: "alice@example.org", issuer: "Example"),
        MigrationExport.Account(
            secret: [0xDE, 0xAD, 0xBE, 0xEF], name: "bob", issuer: "Git Hub", algorithm: 2, digits: 2),
        MigrationExport.Account(secret: [1, 2, 3, 4, 5], name: "carol", type: 1, counter: 42),
    ]
    static let export = MigrationExport.uri(MigrationExport.payload(accounts))
    static let uris = [
        "otpauth://totp/Example%3Aalice%40example.org?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Example"
            + "&algorithm=SHA1&digits=6&period=30",
        "otpauth://totp/Git%20Hub%3Abob?secret=32W353Y&issuer=Git%20Hub&algorithm=SHA256&digits=8&period=30",
        "otpauth://hotp/carol?secret=AEBAGBAF&algorithm=SHA1&digits=6&counter=42",
    ]

    func code(_ text: String) -> DetectedCode { DetectedCode(symbology: .qr, bytes: Array(text.utf8), corners: []) }

    func lines(_ printer: CodePrinter, _ code: DetectedCode) -> [String] {
        String(decoding: printer.line(for: code, frame: 0, source: "export.png"), as: UTF8.self)
            .split(separator: "\n").map(String.init)
    }

    /// Into a pipe, each account's URI for `pass otp`, KeePassXC or Aegis; on a terminal the
    /// same lines with the secrets masked; a code that holds no account gives no line.
    @Test func formatOtpauthGivesAURIPerAccount() {
        #expect(lines(CodePrinter(format: .otpauth, toTerminal: false), code(Self.export)) == Self.uris)
        let shown = lines(CodePrinter(format: .otpauth, toTerminal: true), code(Self.export))
        #expect(shown.count == 3 && shown.allSatisfy { $0.contains("secret=••••••••&") }, "\(shown)")
        #expect(!shown.joined().contains("GEZDGNBV") && !shown.joined().contains("32W353Y"))
        #expect(lines(CodePrinter(format: .otpauth, toTerminal: false), code(Self.uris[1])) == [Self.uris[1]])
        #expect(lines(CodePrinter(format: .otpauth, toTerminal: false), code("https://example.org")).isEmpty)
    }

    /// A payload on a terminal keeps its secret masked; into a pipe it is exact.
    @Test func aTerminalNeverShowsTheSecret() {
        let otp = "otpauth://totp/X:a?secret=JBSWY3DPEHPK3PXP&issuer=X"
        #expect(
            lines(CodePrinter(format: .text, toTerminal: true), code(otp)) == [
                "otpauth://totp/X:a?secret=••••••••&issuer=X"
            ])
        #expect(lines(CodePrinter(format: .text, toTerminal: false), code(otp)) == [otp])
        let export = lines(CodePrinter(format: .text, toTerminal: true), code(Self.export))
        #expect(export == ["otpauth-migration://offline?data=••••••••"])
    }

    /// However a secret's name is spelt (`SECRET=`, `secr%65t=`, an export's `DATA=`), what
    /// the parser takes as the secret is masked on a terminal, on every line qrtui prints.
    @Test func everySpellingOfASecretIsMasked() {
        for text in TwoFactorFixtures.secretSpellings {
            for format in [Options.Format.text, .otpauth, .raw] {
                let shown = lines(CodePrinter(format: format, toTerminal: true), code(text)).joined(separator: "\n")
                #expect(!shown.uppercased().contains("JBSW"), "\(format): \(shown)")
            }
        }
    }

    /// `--format otpauth` writes the URI as the Key URI format has it: the secret in upper case
    /// without spaces or padding, only the parameters the format names.
    @Test func formatOtpauthNormalisesTheURI() {
        let written =
            "otpauth://TOTP/Site:me?secret=jbsw%20y3dp%20ehpk%203pxp====&image=http://x/a.png&issuer=Site&foo=1"
        #expect(
            lines(CodePrinter(format: .otpauth, toTerminal: false), code(written)) == [
                "otpauth://totp/Site%3Ame?secret=JBSWY3DPEHPK3PXP&issuer=Site&algorithm=SHA1&digits=6&period=30"
            ])
    }

    /// JSON: a TOTP account's code at the line's time (RFC 6238's key at 59 s: 287082, one
    /// second left), each exported account an object with its own.
    @Test func jsonGivesTheCodeNowAndEachAccount() {
        var printer = CodePrinter(format: .json, toTerminal: false)
        printer.now = { 59 }
        let single = printer.json(for: code(Self.uris[0]), frame: 0, source: "a.png")
        #expect(single.contains("\"code\":\"287082\",\"seconds_left\":\"1\""), "\(single)")
        #expect(single.contains("\"secret\":\"GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ\""))
        let export = printer.json(for: code(Self.export), frame: 0, source: "a.png")
        #expect(export.contains("\"kind\":\"otpexport\""), "\(export)")
        #expect(export.contains("\"fields\":{\"accounts\":\"3\"}"), "\(export)")
        let accounts = export.components(separatedBy: "\"issuer\":").count - 1
        #expect(accounts == 2, "two of the three have an issuer: \(export)")
        #expect(export.contains("\"code\":\"287082\""))
        // The HOTP account has no code of the time.
        #expect(export.components(separatedBy: "\"seconds_left\"").count - 1 == 2)
    }

    /// `h` after an export lists its accounts (no secret), arrows pick one, Enter or `c` copies
    /// its URI; the notice names the account, never the secret.
    @Test func hListsTheAccountsAndCopiesOnesURI() throws {
        var state = LiveState(options: Options(input: "a.png"), source: .input("a.png", loop: false))
        _ = state.update(.resize(columns: 120, rows: 40, cellAspect: 0.5))
        let frame = Frame.filled(width: 640, height: 480, value: 128)
        let area = try #require(state.show(frame, kind: .still, now: 0).first?.scannedArea)
        let export = code(Self.export)
        _ = state.update(
            .scanned(FrameReading(codes: [export], frameSequence: 0, area: area), announcing: [export], now: 1))
        let status = state.lastSummary?.meaning ?? ""
        #expect(
            status.hasPrefix("2FA export: 3 accounts: Example: alice@example.org, Git Hub: bob, carol"), "\(status)")
        #expect(!status.contains("GEZDGNBV"))
        _ = state.update(.key(.character("h")))
        #expect(
            state.historyLines == [
                "Example: alice@example.org  TOTP  6 digits  SHA1", "Git Hub: bob  TOTP  8 digits  SHA256",
                "carol  HOTP  6 digits  SHA1",
            ])
        _ = state.update(.key(.down))
        #expect(state.update(.key(.enter)) == [.copy(Array(Self.uris[1].utf8))])
        _ = state.update(.copied("copied 80 bytes", now: 2))
        #expect(state.notice?.text == "copied the URI of Git Hub: bob: 80 bytes")
        _ = state.update(.key(.down))
        #expect(state.update(.key(.character("c"))) == [.copy(Array(Self.uris[2].utf8))])
        _ = state.update(.key(.character("h")))
        #expect(state.historySelection == nil)
    }
}
