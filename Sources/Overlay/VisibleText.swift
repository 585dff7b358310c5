/// Makes every control character of a payload visible, so that no byte of a scanned code
/// can reach a terminal as an escape sequence (ESC, CSI, OSC, BEL, C1 controls, bidi
/// overrides): `\e`, `\n`, `\x07`, `\u{9b}`, `\u{202e}`.
public enum VisibleText {
    public static func escaping(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let escape = escape(scalar) { out += escape } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// True when `text` would be printed unchanged.
    public static func isPlain(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { escape($0) == nil }
    }

    static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x1B: return "\\e"
        case 0x00...0x1F, 0x7F: return "\\x" + hex(scalar.value, digits: 2)
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
            return "\\u{" + hex(scalar.value, digits: 1) + "}"
        default: return nil
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
