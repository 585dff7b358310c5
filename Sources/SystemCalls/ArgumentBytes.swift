import Glibc

/// Command-line arguments are bytes, and a file name need not be UTF-8 (`latin\xe9.png`).
/// Swift's `CommandLine.arguments` puts U+FFFD for what is not, so such a file could not be
/// opened. Here each byte that is not part of UTF-8 is kept as a private-use character
/// (U+10FD00 + the byte); `systemBytes` gives the bytes back for the system, and
/// `VisibleText` shows them as `\xE9`. The UTF-8 of those characters themselves is taken as
/// bytes too, so every argument comes back exactly as given.
public enum ArgumentBytes {
    /// The private-use characters U+10FD80...U+10FDFF stand for the bytes 0x80...0xFF.
    public static let carriers: ClosedRange<UInt32> = 0x10FD80...0x10FDFF

    /// The program's arguments, after its name.
    public static func arguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return decode(UnsafeBufferPointer(start: argument, count: strlen(argument)).map { UInt8(bitPattern: $0) })
        }
    }

    /// `bytes` as text, each byte outside UTF-8 carried by its private-use character.
    public static func decode(_ bytes: [UInt8]) -> String {
        var text = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if carriers.contains(scalar.value) {
                    for byte in encoded { text.append(carrier(of: byte)) }
                } else {
                    text.append(scalar)
                }
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] { text.append(carrier(of: byte)) }
                offset += length
            case .emptyInput:
                return String(text)
            }
        }
    }

    /// The bytes `text` stands for: its carried bytes as they were, the rest as UTF-8.
    public static func systemBytes(_ text: String) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if carriers.contains(scalar.value) {
                bytes.append(UInt8(scalar.value - carriers.lowerBound + 0x80))
            } else {
                bytes += Array(String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Calls `body` with `path` as the NUL-terminated bytes the system is to see.
    public static func withSystemPath<T, E: Error>(_ path: String, _ body: (UnsafePointer<CChar>) throws(E) -> T)
        throws(E) -> T
    {
        let bytes = systemBytes(path).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { buffer throws(E) in try body(buffer.baseAddress!) }
    }

    /// `text` for a file that holds only UTF-8 (JSON, XML): each carried byte as `\xE9`.
    public static func described(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { carriers.contains($0.value) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if carriers.contains(scalar.value) {
                out += "\\x" + String(UInt8(scalar.value - carriers.lowerBound + 0x80), radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func carrier(of byte: UInt8) -> Unicode.Scalar {
        // Bytes below 0x80 are always valid UTF-8 on their own.
        Unicode.Scalar(carriers.lowerBound + UInt32(byte) - 0x80)!
    }
}
