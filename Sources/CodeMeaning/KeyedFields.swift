/// The `KEY:value;KEY:value;;` syntax of ZXing's Wi-Fi, MECARD and MATMSG payloads, where a
/// backslash makes the next character literal (`\;`, `\:`, `\,`, `\\`).
enum KeyedFields {
    /// The pairs after `prefix` ("WIFI:"), in order; keys upper-cased.
    static func parse(_ text: String, prefix: String) -> [(key: String, value: String)] {
        var body = Substring(text)
        guard body.uppercased().hasPrefix(prefix.uppercased()) else { return [] }
        body = body.dropFirst(prefix.count)
        var pairs = [(key: String, value: String)]()
        var current = ""
        var escaped = false
        func finish() {
            defer { current = "" }
            guard let colon = current.firstIndex(of: "\u{0}") else { return }
            pairs.append((String(current[..<colon]).uppercased(), String(current[current.index(after: colon)...])))
        }
        for character in body {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ";" {
                finish()
            } else if character == ":" && !current.contains("\u{0}") {
                current.append("\u{0}")  // the key ends at its first unescaped colon
            } else {
                current.append(character)
            }
        }
        finish()
        return pairs
    }
}

/// `%41` as `A`, and `+` as a space where a form said so (query strings).
enum PercentDecoding {
    static func decode(_ text: Substring, plusIsSpace: Bool = false) -> String {
        var bytes = [UInt8]()
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let high = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex),
                let low = utf8.index(index, offsetBy: 2, limitedBy: utf8.endIndex), low < utf8.endIndex,
                let value = UInt8(String(decoding: [utf8[high], utf8[low]], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index = utf8.index(after: low)
                continue
            }
            bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = utf8.index(after: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` as a URI component: letters, digits and `-._~` as they are, every other byte %XX.
    static func encode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out = [UInt8]()
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.append(byte)
            default: out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `a=1&b=two` as pairs, decoded.
    static func query(_ text: Substring) -> [(String, String)] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (
                decode(parts[0], plusIsSpace: true).lowercased(),
                parts.count > 1 ? decode(parts[1], plusIsSpace: true) : ""
            )
        }
    }
}
