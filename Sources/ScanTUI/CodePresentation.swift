import CodeMeaning
import CodeReading
import Overlay

/// A read code as the status line tells it: what it means rather than its raw text, a link's
/// host in both its forms, a warning word, passwords masked until revealed, two-factor
/// secrets always masked (`showCodeAt`: the time to show a TOTP account's code for, on `t`).
enum CodePresentation {
    static func summary(_ code: DetectedCode, reveal: Bool, unicode: Bool = true, showCodeAt: Double? = nil)
        -> CodeSummary
    {
        let meaning = code.meaning
        var summary = CodeSummary(
            type: code.symbology.displayName, text: TwoFactor.shown(code, unicode: unicode), byteCount: code.bytes.count
        )
        switch meaning.kind {
        case .url:
            guard let report = meaning.linkReport(payload: code.text) else { break }
            let host = report.host == report.asciiHost ? report.host : "\(report.host) (\(report.asciiHost))"
            summary.meaning = report.host.isEmpty ? summary.text : "\(report.scheme)  \(host)  \(summary.text)"
            summary.warning = report.warnings.first.map { first in
                report.warnings.count > 1 ? "\(first.word) +\(report.warnings.count - 1)" : first.word
            }
        case .wifi:
            let password = meaning["password"].map { reveal ? $0 : mask(unicode: unicode) }
            summary.meaning =
                "Wi-Fi \(meaning["ssid"] ?? "")" + (meaning["security"].map { " (\($0))" } ?? "")
                + (password.map { ", password \($0)" + (reveal ? "" : "  r shows") } ?? ", open")
        case .otp:
            summary.meaning = otp(meaning, unicode: unicode, codeAt: showCodeAt)
            summary.warning = meaning["problem"]
        case .otpExport:
            let names = meaning.accounts.map(TwoFactor.name)
            let count = meaning["accounts"] ?? "\(names.count)"
            summary.meaning =
                "2FA export: \(count) account\(count == "1" ? "" : "s")"
                + (meaning["batch"].map { " (part \($0))" } ?? "")
                + ": " + names.joined(separator: ", ") + "  h lists them"
        case .contact:
            summary.meaning = (["contact"] + [meaning["name"], meaning["phone"], meaning["email"]].compactMap { $0 })
                .joined(separator: "  ")
        case .boardingPass:
            let route = [meaning["from"], meaning["to"]].compactMap { $0 }.joined(separator: unicode ? " → " : " -> ")
            summary.meaning = [
                "boarding pass", meaning["passenger"], meaning["flight"], route,
                meaning["date"].map { "day \($0)" }, meaning["seat"].map { "seat \($0)" },
            ]
            .compactMap { $0 }.joined(separator: "  ")
        case .product, .isbn:
            summary.meaning = meaning.fields.map { "\($0.name) \($0.value)" }.joined(separator: "  ")
        case .text:
            break
        default:
            summary.meaning = ([meaning.kind.rawValue] + meaning.fields.map(\.value)).joined(separator: "  ")
        }
        return summary
    }

    /// A code in a list (`h`): its text, but a code that holds a secret as the status line
    /// tells it, the secret masked.
    static func listed(_ code: DetectedCode, reveal: Bool, unicode: Bool) -> String {
        let summary = summary(code, reveal: reveal, unicode: unicode)
        return [.wifi, .otp, .otpExport].contains(code.meaning.kind) ? summary.meaning ?? summary.text : summary.text
    }

    /// A secret as it is shown until `r`: a fixed number of dots, which tells nothing of its length.
    static func mask(unicode: Bool) -> String { String(repeating: unicode ? "•" : "*", count: 8) }

    /// "2FA GitHub: alice (TOTP, 6 digits, 30 s, SHA1), secret ••••••••  t shows the code";
    /// on `t`, "code 123456 (17 s left)" instead. The secret itself is never shown.
    static func otp(_ meaning: CodeMeaning, unicode: Bool, codeAt time: Double? = nil) -> String {
        let type = (meaning["type"] ?? "totp").uppercased()
        let timing = meaning["period"].map { ", \($0) s" } ?? meaning["counter"].map { ", counter \($0)" } ?? ""
        var secret = meaning["secret"].map { _ in ", secret " + mask(unicode: unicode) } ?? ""
        if meaning["secret"] != nil, type == "TOTP" {
            if let time, let current = TwoFactor.now(meaning, at: time) {
                secret = ", code \(current.code) (\(current.secondsLeft) s left)  t hides it"
            } else {
                secret += "  t shows the code"
            }
        }
        return "2FA \(TwoFactor.name(meaning)) (\(type), \(meaning["digits"] ?? "6") digits\(timing), "
            + "\(meaning["algorithm"] ?? "SHA1"))" + secret
    }

    /// A link's warnings, each in full (for the help box).
    static func warnings(_ code: DetectedCode) -> [String] {
        code.meaning.linkReport(payload: code.text)?.warnings.map { "\($0.word): \($0.detail)" } ?? []
    }

    /// What `c` copies, in turn: the main field first (a network's password, a contact's
    /// number, a product's GTIN), then the code's other fields, then the whole code.
    static func copyableFields(_ code: DetectedCode) -> [(name: String, value: String)] {
        let meaning = code.meaning
        let main: [CodeKind: (String, String)] = [
            .wifi: ("password", "the Wi-Fi password"), .contact: ("phone", "the phone number"),
            .phone: ("number", "the number"),
            .sms: ("number", "the number"), .email: ("to", "the address"), .product: ("gtin", "the GTIN"),
            .isbn: ("isbn13", "the ISBN"), .gs1: ("gtin", "the GTIN"), .payment: ("iban", "the IBAN"),
            .otp: ("secret", "the secret"), .boardingPass: ("pnr", "the booking reference"),
        ]
        var fields = [(name: String, value: String)]()
        // An export: each account's URI in turn, as another app imports it.
        if meaning.kind == .otpExport {
            return meaning.accounts.compactMap { account in
                account["uri"].map { ("the URI of \(TwoFactor.name(account))", $0) }
            } + [("the code", code.text)]
        }
        if let (field, name) = main[meaning.kind], let value = meaning[field] { fields.append((name, value)) }
        if meaning.kind != .url {
            for field in meaning.fields where !fields.contains(where: { $0.value == field.value }) {
                fields.append(("the \(field.name)", field.value))
            }
        }
        return fields + [("the code", code.text)]
    }

    /// What `o` hands the opener (a URI a browser or handler takes, written from the code's
    /// meaning), or why it never does; nil when the code is nothing to open. Nothing with
    /// control characters is ever handed on.
    static func opening(_ code: DetectedCode) -> Opening? {
        let opening = code.meaning.opening(payload: code.text)
        if case .uri(let target, _)? = opening, !VisibleText.isPlain(target) {
            return .refused("it holds control characters")
        }
        return opening
    }
}
