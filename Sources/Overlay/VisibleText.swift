/// Makes every character of outside text that a terminal would act on, or a reader could
/// not see, visible, in one scheme that cannot be confused with the text itself: `\\` for a
/// backslash, `\e` for ESC, `\n` `\r` `\t`, `\xNN` for the other C0 controls and DEL, and
/// `\u{NNNN}` for C1 controls, bidi overrides and invisible characters; `\xNN` too for a
/// byte of a file name that was not UTF-8 (carried as SystemCalls' `ArgumentBytes` says). So no byte of a
/// scanned code, a file name or a driver string reaches a terminal as an escape sequence,
/// and a payload holding the text `\e` prints differently from one holding ESC.
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

    /// True when `text` is text to print as it is: nothing escaped but tabs, newlines and
    /// backslashes (no other control, no bidi or invisible character, no line separator).
    public static func isPrintable(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { [0x09, 0x0A, 0x5C].contains($0.value) || escape($0) == nil }
    }

    static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x5C: return "\\\\"
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x1B: return "\\e"
        case 0x00...0x1F, 0x7F: return "\\x" + hex(scalar.value, digits: 2)
        // A byte of a file name that was not UTF-8, carried this way (SystemCalls' ArgumentBytes).
        case 0x10FD80...0x10FDFF: return "\\x" + hex(scalar.value - 0x10FD00, digits: 2)
        case 0x80...0x9F, 0xAD, 0x034F, 0x061C, 0x115F, 0x1160, 0x180E, 0x200B...0x200F, 0x2028...0x202E,
            0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
            return "\\u{" + hex(scalar.value, digits: 4) + "}"
        default: return nil
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

/// Text for a terminal that cannot carry outside text raw: what the program wrote (string
/// literals) stays as it is, and everything interpolated into it is escaped with
/// `VisibleText`. There is no way to make one from a plain `String` without escaping it, so
/// a message cannot print a file name, a header or a driver string raw by accident.
public struct TerminalText: ExpressibleByStringInterpolation, Sendable, Equatable, CustomStringConvertible {
    public typealias StringLiteralType = StaticString

    /// The text, safe for a terminal.
    public let escaped: String

    public init(stringLiteral value: StaticString) { escaped = value.description }

    public init(stringInterpolation: StringInterpolation) { escaped = stringInterpolation.text }

    /// Outside text, made safe.
    public init(escaping text: String) { escaped = VisibleText.escaping(text) }

    public var description: String { escaped }

    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: StaticString) { text += literal.description }

        /// Anything shown by its description: escaped.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            text += VisibleText.escaping(value.description)
        }

        /// Text already made safe: as it is.
        public mutating func appendInterpolation(_ value: TerminalText) { text += value.escaped }
    }
}
