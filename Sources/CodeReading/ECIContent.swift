/// A symbol's content as its ECI designators divide it: each segment's bytes in the character
/// set its ECI names (AIM's ECI register), or as bytes when it names none. zxing-cpp 1.4
/// knows ECIs only up to 30 and reads the rest as ISO 8859-1, so qrtui reads them itself.
struct ECIContent: Sendable, Hashable {
    struct Segment: Sendable, Hashable {
        /// nil before the first designator: the symbology's default set (ISO 8859-1).
        let eci: Int?
        var bytes: [UInt8]
    }

    let segments: [Segment]

    /// The payload without its designators.
    var bytes: [UInt8] { segments.flatMap(\.bytes) }

    /// Whether any segment is in a set named by a designator.
    var isDeclared: Bool { segments.contains { $0.eci != nil } }

    /// Content in the ECI protocol as zxing-cpp writes it: a symbology identifier ("]d4"), then
    /// the bytes, each designator a backslash and six digits, a backslash itself doubled.
    /// nil when it is not written so.
    init?(protocol written: [UInt8]) {
        var index = 0
        if written.first == UInt8(ascii: "]") {
            guard written.count >= 3 else { return nil }
            index = 3
        }
        var segments = [Segment(eci: nil, bytes: [])]
        let backslash = UInt8(ascii: "\\")
        while index < written.count {
            let byte = written[index]
            guard byte == backslash else {
                segments[segments.count - 1].bytes.append(byte)
                index += 1
                continue
            }
            if index + 1 < written.count, written[index + 1] == backslash {
                segments[segments.count - 1].bytes.append(backslash)
                index += 2
                continue
            }
            let digits = written[min(written.count, index + 1)..<min(written.count, index + 7)]
            guard digits.count == 6, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            let eci = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            segments.append(Segment(eci: eci, bytes: []))
            index += 7
        }
        self.init(segments: segments)
    }

    init(segments: [Segment]) {
        self.segments = segments.filter { !$0.bytes.isEmpty || $0.eci != nil }
    }

    /// The parts of one structured-append message, in order: a designator holds on into the
    /// parts after it until the next.
    init(joining parts: [ECIContent]) {
        self.init(segments: parts.flatMap(\.segments))
    }

    /// The text, and the set it is in: the one set every segment that is not plain ASCII is in
    /// (an ASCII run reads alike in most sets), else "ECI".
    var decoded: (text: String, encoding: PayloadEncoding) {
        var text = ""
        var names = [PayloadEncoding]()
        var plainNames = [PayloadEncoding]()
        for segment in segments {
            let (piece, name) = Self.decode(segment)
            text += piece
            let plain = segment.bytes.allSatisfy { $0 < 0x80 } && ECICharset(segment.eci).isASCIICompatible
            if plain {
                if !plainNames.contains(name) { plainNames.append(name) }
            } else if !names.contains(name) {
                names.append(name)
            }
        }
        let chosen = names.isEmpty ? Array(plainNames.suffix(1)) : names
        return (text, chosen.count == 1 ? chosen[0] : .eci)
    }

    /// One segment as text: bytes invalid in their set, or in none, as ISO 8859-1.
    private static func decode(_ segment: Segment) -> (String, PayloadEncoding) {
        let charset = ECICharset(segment.eci)
        if let iconvName = charset.iconvName, let text = PayloadText.convert(segment.bytes, from: iconvName) {
            return (text, charset.name)
        }
        if charset.iconvName == nil { return (PayloadText.latin1(segment.bytes), charset.name) }
        return (PayloadText.latin1(segment.bytes), .latin1)
    }
}

/// The character set an ECI names, from AIM's register (ITS/04-001): its name as shown, and
/// as iconv knows it (nil: not text).
struct ECICharset {
    let name: PayloadEncoding
    let iconvName: String?
    let isASCIICompatible: Bool

    init(_ eci: Int?) {
        let named = eci.map(Self.register) ?? ("ISO-8859-1", "ISO-8859-1")
        name = PayloadEncoding(rawValue: named.name)
        iconvName = named.iconv
        isASCIICompatible =
            named.iconv != nil && !(named.iconv ?? "").hasPrefix("UTF-16")
            && !(named.iconv ?? "").hasPrefix("UTF-32")
    }

    private static func register(_ eci: Int) -> (name: String, iconv: String?) {
        switch eci {
        case 0, 2: ("CP437", "CP437")
        case 1, 3: ("ISO-8859-1", "ISO-8859-1")
        case 4...13, 15...18:
            // ECI 4 is part 2, 13 part 11; part 12 was never published (ECI 14 is unassigned).
            ("ISO-8859-\(eci - 2)", "ISO-8859-\(eci - 2)")
        case 20: ("Shift_JIS", "CP932")
        case 21...23: ("windows-\(1229 + eci)", "CP\(1229 + eci)")
        case 24: ("windows-1256", "CP1256")
        case 25: ("UTF-16BE", "UTF-16BE")
        case 26: ("UTF-8", "UTF-8")
        case 27, 170: ("US-ASCII", "ASCII")
        case 28: ("Big5", "BIG5")
        // GB 2312 and GBK are subsets of GB 18030: read alike.
        case 29: ("GB2312", "GB18030")
        case 30: ("EUC-KR", "EUC-KR")
        case 31: ("GBK", "GB18030")
        case 32: ("GB18030", "GB18030")
        case 33: ("UTF-16LE", "UTF-16LE")
        case 34: ("UTF-32BE", "UTF-32BE")
        case 35: ("UTF-32LE", "UTF-32LE")
        case 899: ("binary", nil)
        default: ("ECI \(eci)", nil)
        }
    }
}
