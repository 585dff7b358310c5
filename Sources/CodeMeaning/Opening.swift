/// What a code may hand to a browser or a handler (`o`): a URI they take, written from the
/// code's meaning (`SMSTO:` becomes `sms:`, `MATMSG:` becomes `mailto:`), or why nothing is.
public enum Opening: Equatable, Sendable {
    /// The URI, with the link's warnings (a second press opens a warned one).
    case uri(String, warnings: [LinkWarning])
    /// Never opened, whatever is pressed: why, in a few words.
    case refused(String)
}

extension CodeMeaning {
    /// Schemes whose links are never opened: they run code or reach local files.
    static let neverOpened: Set<String> = ["javascript", "data", "file", "vbscript"]

    /// What `o` does with a code of this meaning whose payload is `payload`; nil when the code
    /// is nothing to open (text, a product, a network...).
    public func opening(payload: String) -> Opening? {
        switch kind {
        case .url:
            guard let report = linkReport(payload: payload), let scheme = self["scheme"] else { return nil }
            if Self.neverOpened.contains(scheme) { return .refused("\(scheme): links run code or open local files") }
            if report.warnings.contains(where: { $0.word == "controls" }) {
                return .refused("the link holds control characters")
            }
            let uri = payload.lowercased().hasPrefix("www.") ? "http://" + payload : payload
            return .uri(uri, warnings: report.warnings)
        case .phone:
            return self["number"].map { .uri("tel:" + PercentEncoding.encode($0, keeping: "+"), warnings: []) }
        case .sms:
            guard let number = self["number"] else { return nil }
            let body = self["body"].map { "?body=" + PercentEncoding.encode($0) } ?? ""
            return .uri("sms:" + PercentEncoding.encode(number, keeping: "+") + body, warnings: [])
        case .email:
            let to = all("to").map { PercentEncoding.encode($0, keeping: "@+") }.joined(separator: ",")
            let query = ["cc", "bcc", "subject", "body"].flatMap { name in
                all(name).map { "\(name)=" + PercentEncoding.encode($0) }
            }
            return .uri("mailto:" + to + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), warnings: [])
        case .geo:
            guard let latitude = self["latitude"], let longitude = self["longitude"] else { return nil }
            let place = [latitude, longitude] + (self["altitude"].map { [$0] } ?? [])
            let query = self["query"].map { "?q=" + PercentEncoding.encode($0) } ?? ""
            return .uri("geo:" + place.joined(separator: ",") + query, warnings: [])
        case .otp:
            return .refused("a two-factor secret is never handed on")
        default:
            return nil
        }
    }
}

/// RFC 3986 percent-encoding of a URI component: everything but the unreserved characters
/// (and those `keeping` names) is written `%XX`, controls included.
enum PercentEncoding {
    static func encode(_ text: String, keeping: String = "") -> String {
        let kept = Set(keeping.utf8)
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if (byte < 0x80 && (Character(scalar).isLetter || Character(scalar).isNumber)) || "-._~".utf8.contains(byte)
                || kept.contains(byte)
            {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
