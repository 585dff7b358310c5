import CodeMeaning
import CodeReading
import OneTimeCodes
import SystemCalls

/// Two-factor accounts (`otpauth://`, and Google Authenticator's exports of several): the code
/// a TOTP account makes now, the URIs another app imports, and their secrets kept out of sight.
/// A secret appears only where the user asked for the payload (stdout into a pipe, JSON,
/// `--history`): never on the status line, in a notice, on stderr or on a terminal's stdout.
enum TwoFactor {
    /// What makes an account's codes: nil without a valid secret, or for an unknown algorithm.
    static func generator(_ account: CodeMeaning) -> OneTimeCode? {
        guard let secret = account["secret"].flatMap(Base32.decode), !secret.isEmpty,
            let algorithm = OneTimeCode.Algorithm(rawValue: account["algorithm"] ?? "SHA1")
        else { return nil }
        return OneTimeCode(
            secret: secret, algorithm: algorithm, digits: Int(account["digits"] ?? "6") ?? 6,
            period: Int(account["period"] ?? "30") ?? 30)
    }

    /// A TOTP account's code at `seconds` since 1970, and how long it stays valid.
    static func now(_ account: CodeMeaning, at seconds: Double) -> (code: String, secondsLeft: Int)? {
        guard account.kind == .otp, account["type"] == "totp" else { return nil }
        return generator(account)?.totp(at: seconds)
    }

    /// JSON's fields for a TOTP account beside its own: the code now and its seconds left.
    static func currentFields(_ account: CodeMeaning, at seconds: Double) -> [Field] {
        guard let current = now(account, at: seconds) else { return [] }
        return [Field("code", current.code), Field("seconds_left", "\(current.secondsLeft)")]
    }

    /// The accounts of a code: itself for an `otpauth://` code, each one for an export.
    static func accounts(_ meaning: CodeMeaning) -> [CodeMeaning] {
        meaning.kind == .otp ? [meaning] : meaning.accounts
    }

    /// `--format otpauth`: a normalised URI per usable account (for `pass otp`, KeePassXC,
    /// Aegis); none for a code that holds no account.
    static func uris(_ code: DetectedCode) -> [String] {
        accounts(code.meaning).compactMap { $0["uri"] }
    }

    /// `text` with every value the meaning module takes as a secret (an account's secret, an
    /// export's data, however spelt, a Wi-Fi password) masked: a payload on a terminal.
    static func masked(_ text: String, unicode: Bool = true) -> String {
        var out = ""
        var shown = text.startIndex
        for range in CodeMeaning.secretRanges(in: text) {
            out += text[shown..<range.lowerBound] + CodePresentation.mask(unicode: unicode)
            shown = range.upperBound
        }
        return out + text[shown...]
    }

    /// Whether a code holds a secret (a two-factor secret, a Wi-Fi password) anywhere in its
    /// payload, by what the meaning module finds: masked on a terminal, withheld from a hook.
    static func holdsSecret(_ code: DetectedCode) -> Bool {
        let meaning = code.meaning
        return [.otp, .otpExport].contains(meaning.kind) || (meaning.kind == .wifi && meaning["password"] != nil)
            || !CodeMeaning.secretRanges(in: code.text).isEmpty
    }

    /// The code's text as a terminal may show it: every secret in it masked.
    static func shown(_ code: DetectedCode, unicode: Bool = true) -> String {
        holdsSecret(code) ? masked(code.text, unicode: unicode) : code.text
    }

    /// "GitHub: alice" for an account.
    static func name(_ account: CodeMeaning) -> String {
        [account["issuer"], account["account"]].compactMap { $0 }.joined(separator: ": ")
    }
}
