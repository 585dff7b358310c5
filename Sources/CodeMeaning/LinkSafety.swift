/// What a person should know before opening a scanned link (QR phishing): the host as it
/// reads and as the DNS sees it, and a short warning for each risk, with its details.
public struct LinkReport: Equatable, Sendable {
    public let scheme: String
    /// The host as it reads (Unicode) and as the DNS sees it (punycode); equal for plain ASCII.
    public let host: String
    public let asciiHost: String
    public let warnings: [LinkWarning]
}

public struct LinkWarning: Equatable, Sendable {
    /// One short word for the status line ("lookalike", "http"...).
    public let word: String
    /// What it means, for the help box.
    public let detail: String
}

extension CodeMeaning {
    /// For a link: its host in both forms and its warnings; nil for other kinds.
    public func linkReport(payload: String) -> LinkReport? {
        guard kind == .url, let scheme = self["scheme"] else { return nil }
        let forms = Punycode.forms(of: self["host"] ?? "")
        var warnings = [LinkWarning]()
        if payload.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            warnings.append(
                LinkWarning(word: "controls", detail: "the link holds control characters: it is never opened"))
        }
        if ["javascript", "data", "file", "vbscript"].contains(scheme) {
            warnings.append(
                LinkWarning(word: scheme, detail: "a \(scheme): link runs code or opens local files, not a web page"))
        }
        if scheme == "http" {
            warnings.append(
                LinkWarning(
                    word: "http", detail: "plain http: what is sent and received can be read and changed on the way"))
        }
        if let script = LookalikeHosts.mixedScripts(forms.unicode) {
            warnings.append(
                LinkWarning(
                    word: "lookalike",
                    detail: "the host \(script): it may imitate another name; the DNS sees \(forms.ascii)"))
        }
        if LookalikeHosts.isAddress(forms.unicode) {
            warnings.append(LinkWarning(word: "IP", detail: "the host is a bare IP address, not a name"))
        }
        if let port = self["port"], !(scheme == "http" && port == "80") && !(scheme == "https" && port == "443") {
            warnings.append(LinkWarning(word: "port", detail: "an unusual port (\(port))"))
        }
        if let user = self["user"] {
            warnings.append(
                LinkWarning(
                    word: "user@", detail: "'\(user)@' before the host hides where the link goes: to \(forms.unicode)"))
        }
        if LookalikeHosts.shorteners.contains(forms.ascii) {
            warnings.append(LinkWarning(word: "shortener", detail: "a link shortener: where it leads is not shown"))
        }
        return LinkReport(scheme: scheme, host: forms.unicode, asciiHost: forms.ascii, warnings: warnings)
    }
}

/// Hosts that may not be what they seem.
enum LookalikeHosts {
    static let shorteners: Set<String> = [
        "bit.ly", "tinyurl.com", "t.co", "goo.gl", "ow.ly", "is.gd", "buff.ly", "rebrand.ly", "cutt.ly", "s.id",
        "tiny.cc", "rb.gy", "shorturl.at", "t.ly", "lnkd.in", "qrco.de", "bl.ink", "short.io", "v.gd", "tr.im",
    ]

    enum Script: String { case latin = "Latin", greek = "Greek", cyrillic = "Cyrillic", armenian = "Armenian", other }

    /// A letter's script; nil for what belongs to every script (digits, hyphens, marks).
    static func script(_ scalar: Unicode.Scalar) -> Script? {
        guard scalar.properties.isAlphabetic else { return nil }
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
        case 0x400...0x52F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return .cyrillic
        case 0x530...0x58F: return .armenian
        default: return .other
        }
    }

    /// Letters of other scripts that look like Latin ones: a label made of them only
    /// ("аррӏе" in Cyrillic) imitates a Latin name as well as a mixed one does.
    static let latinLookalikes: Set<UInt32> = [
        0x430, 0x435, 0x43E, 0x440, 0x441, 0x443, 0x445, 0x456, 0x458, 0x455, 0x4CF, 0x501, 0x51B, 0x51D, 0x4BB,
        0x3BF, 0x3B1, 0x3BD, 0x3C1, 0x3C4, 0x3C5, 0x3B9, 0x3BA, 0x578, 0x57D, 0x585,
    ]

    /// "mixes Latin and Cyrillic letters", or "is written in Cyrillic letters that look
    /// Latin"; nil for an honest host.
    static func mixedScripts(_ host: String) -> String? {
        for label in host.split(separator: ".") {
            let scripts = Set(label.unicodeScalars.compactMap(script))
            if scripts.count > 1 {
                let names = scripts.map(\.rawValue).filter { $0 != "other" }.sorted()
                return "mixes \(names.joined(separator: " and ")) letters"
            }
            if let only = scripts.first, only != .latin, only != .other,
                label.unicodeScalars.allSatisfy({ script($0) == nil || latinLookalikes.contains($0.value) })
            {
                return "is written in \(only.rawValue) letters that look Latin"
            }
        }
        return nil
    }

    /// Dotted IPv4, decimal or hex integers, or a bracketed IPv6 literal.
    static func isAddress(_ host: String) -> Bool {
        if host.hasPrefix("[") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return !host.isEmpty && parts.count <= 4
            && parts.allSatisfy { part in
                !part.isEmpty
                    && (part.allSatisfy(\.isNumber)
                        || (part.lowercased().hasPrefix("0x") && part.dropFirst(2).allSatisfy(\.isHexDigit)))
            }
    }
}
