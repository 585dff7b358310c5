import Glibc

/// Character sets a payload's bytes may be in. zbar's own guess is wrong for many
/// Shift_JIS and CJK codes, so qrtui takes raw bytes and decides itself.
public enum PayloadEncoding: String, Sendable, Hashable {
    case utf8 = "UTF-8", shiftJIS = "Shift_JIS", latin1 = "ISO-8859-1"
}

public enum PayloadText {
    /// The text of `bytes`: strict UTF-8 if valid, else Shift_JIS if the bytes are valid
    /// Shift_JIS, else Latin-1 (which every byte sequence is).
    public static func decode(_ bytes: [UInt8]) -> (text: String, encoding: PayloadEncoding) {
        if let text = String(validating: bytes, as: UTF8.self) { return (text, .utf8) }
        if let text = convert(bytes, from: "CP932") { return (text, .shiftJIS) }
        return (String(decoding: bytes.map { UInt16($0) }, as: UTF16.self), .latin1)
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
