import FrameCore
import Glibc
import PictureOps

/// Character sets a payload's bytes may be in. zbar's own guess is wrong for many
/// Shift_JIS and CJK codes, so qrtui takes raw bytes and decides itself.
public enum PayloadEncoding: String, Sendable, Hashable {
    case utf8 = "UTF-8", shiftJIS = "Shift_JIS", gb18030 = "GB18030", big5 = "Big5", latin1 = "ISO-8859-1"
    /// As the symbol's own ECI designators say, segment by segment (zxing-cpp decodes them).
    case eci = "ECI"
}

public enum PayloadText {
    /// The text of `bytes`: strict UTF-8 if valid; else the East Asian set whose strict
    /// decoding is valid and reads as text (Shift_JIS first, as QR's own Kanji mode is
    /// Shift_JIS; then GB18030 or Big5); else Latin-1, which every byte sequence is.
    public static func decode(_ bytes: [UInt8]) -> (text: String, encoding: PayloadEncoding) {
        if let text = String(validating: bytes, as: UTF8.self) { return (text, .utf8) }
        if let text = convert(bytes, from: "CP932"), isPlausible(text) { return (text, .shiftJIS) }
        let gb = convert(bytes, from: "GB18030").flatMap { isPlausible($0) ? $0 : nil }
        let big5 = convert(bytes, from: "BIG5").flatMap { isPlausible($0) ? $0 : nil }
        // Big5 text also decodes as GB18030, but then to rare characters outside GB2312's
        // common ones: GB18030 wins only when it stays within GB2312.
        if let gb, big5 == nil || isWithinGB2312(bytes) { return (gb, .gb18030) }
        if let big5 { return (big5, .big5) }
        return (latin1(bytes), .latin1)
    }

    /// ISO 8859-1: each byte is the code point of the same number.
    public static func latin1(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.map { UInt16($0) }, as: UTF16.self)
    }

    /// Every non-ASCII byte pair is in GB2312's range (both bytes 0xA1-0xFE, lead at most 0xF7).
    static func isWithinGB2312(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            guard index + 1 < bytes.count, (0xA1...0xF7).contains(bytes[index]),
                (0xA1...0xFE).contains(bytes[index + 1])
            else {
                return false
            }
            index += 2
        }
        return true
    }

    /// Text people write: printable ASCII, CJK ideographs and punctuation, kana, Hangul,
    /// full- and half-width forms; no control characters, private use or rare blocks that
    /// binary data decodes to.
    static func isPlausible(_ text: String) -> Bool {
        var wide = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x20...0x7E: continue
            case 0xA5, 0x203E: continue  // yen sign, overline (JIS X 0201)
            case 0x3000...0x30FF, 0x4E00...0x9FFF, 0xFF01...0xFF9F, 0xAC00...0xD7A3: wide += 1
            default: return false
            }
        }
        return wide > 0
    }

    /// Strict conversion to UTF-8 with iconv; nil when any byte is invalid in `charset`.
    static func convert(_ bytes: [UInt8], from charset: String) -> String? {
        let descriptor = iconv_open("UTF-8", charset)
        guard let descriptor, descriptor != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(descriptor) }
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: bytes.count * 4 + 4)
        let outputCount = output.count
        let produced: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer = inBuffer.baseAddress
                var outPointer = outBuffer.baseAddress
                var inLeft = inBuffer.count
                var outLeft = outputCount
                let status = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                guard status != -1 && inLeft == 0 else { return nil }
                return outputCount - outLeft
            }
        }
        guard let produced else { return nil }
        return String(validating: output.prefix(produced).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
