import FrameCore
import Glibc
import PictureOps

/// The character set a payload's bytes were read in, by its name. zbar's own guess is wrong
/// for many Shift_JIS and CJK codes, so qrtui takes raw bytes and decides itself, unless the
/// symbol names its set with an ECI (`ECIContent`).
public struct PayloadEncoding: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let utf8 = Self(rawValue: "UTF-8")
    public static let shiftJIS = Self(rawValue: "Shift_JIS")
    public static let gb18030 = Self(rawValue: "GB18030")
    public static let big5 = Self(rawValue: "Big5")
    public static let latin1 = Self(rawValue: "ISO-8859-1")
    /// ECI 899: bytes that are no text.
    public static let binary = Self(rawValue: "binary")
    /// Segments in several character sets, as the symbol's own ECI designators say.
    public static let eci = Self(rawValue: "ECI")
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
