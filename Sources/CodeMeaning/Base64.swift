/// Base64 (RFC 4648), standard and URL-safe alphabets: bytes in JSON and XML, OSC 52's
/// clipboard, and the payloads that carry it (two-factor exports).
public enum Base64 {
    static let standard = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The standard alphabet, with padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = 0
            for offset in 0..<3 { group = group << 8 | (offset < count ? Int(bytes[index + offset]) : 0) }
            for position in 0..<4 {
                out.append(position <= count ? standard[(group >> (18 - 6 * position)) & 63] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes `text` stands for, in either alphabet, padded or not, spaces and line breaks
    /// ignored; nil when it holds anything else or ends in a part of a byte.
    public static func decode(_ text: String) -> [UInt8]? {
        var packer = BitPacker()
        var padding = 0
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x0D { continue }
            if byte == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            guard padding == 0, let value = sextet(byte) else { return nil }
            packer.append(value, bits: 6)
        }
        // Leftover bits must be zero padding of a whole group.
        guard packer.leftoverCount < 6, packer.leftover == 0, padding <= 2 else { return nil }
        return packer.bytes
    }

    private static func sextet(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"), UInt8(ascii: "-"): 62
        case UInt8(ascii: "/"), UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
