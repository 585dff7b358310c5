/// The content lines of vCard and iCalendar (RFC 6350, 5545; vCard 2.1's quoted-printable):
/// folded lines joined, `NAME;PARAM=x:value` split, values unescaped.
struct ContentLine {
    let name: String
    let parameters: [String]
    let value: String

    static func parse(_ text: String) -> [ContentLine] {
        var lines = [String]()
        let raw = text.replacingLineEnds().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in raw {
            // A line that starts with a space or tab continues the one before (folding), and
            // a quoted-printable line ending in "=" continues on the next.
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else if let last = lines.last, last.hasSuffix("="), last.uppercased().contains("QUOTED-PRINTABLE") {
                lines[lines.count - 1] = String(last.dropLast()) + line
            } else {
                lines.append(line)
            }
        }
        return lines.compactMap(contentLine)
    }

    private static func contentLine(_ line: String) -> ContentLine? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let head = line[..<colon].split(separator: ";").map(String.init)
        guard var name = head.first?.uppercased(), !name.isEmpty else { return nil }
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }  // "item1.TEL"
        let parameters = head.dropFirst().map { $0.uppercased() }
        var value = String(line[line.index(after: colon)...])
        if parameters.contains(where: { $0.contains("QUOTED-PRINTABLE") }) { value = quotedPrintable(value) }
        return ContentLine(name: name, parameters: Array(parameters), value: value)
    }

    /// The value with `\n`, `\,`, `\;` and `\\` unescaped; `split` at unescaped `;` first
    /// (structured values: N, ADR).
    func components() -> [String] {
        var parts = [String]()
        var current = ""
        var escaped = false
        for character in value {
            if escaped {
                current.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ";" {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    var text: String { components().joined(separator: ";") }

    private static func quotedPrintable(_ text: String) -> String {
        var bytes = [UInt8]()
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "="), index + 2 < utf8.count,
                let value = UInt8(String(decoding: utf8[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// CRLF and CR as LF.
    func replacingLineEnds() -> String {
        var out = ""
        var previousCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                out.unicodeScalars.append("\n")
                previousCR = true
                continue
            }
            if !(scalar == "\n" && previousCR) { out.unicodeScalars.append(scalar) }
            previousCR = false
        }
        return out
    }
}
