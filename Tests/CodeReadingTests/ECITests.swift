import CodeFixtures
import FrameCore
import Testing

@testable import CodeReading

/// Every ECI that AIM's register gives a character set is honoured, in every symbology that
/// carries ECIs: the text is in the set the symbol names, and the set is named.
@Suite struct ECITests {
    static let text = "中文 Zürich"

    static let sets: [(eci: Int, name: String)] = [
        (26, "UTF-8"), (28, "Big5"), (29, "GB2312"), (32, "GB18030"), (33, "UTF-16LE"), (34, "UTF-32BE"),
        (35, "UTF-32LE"), (25, "UTF-16BE"), (20, "Shift_JIS"), (30, "EUC-KR"),
    ]

    func read(_ kind: ECICode.Kind, _ segments: [ECICode.Segment]) throws -> DetectedCode {
        let picture = try #require(ECICode.picture(kind, segments), "zint: \(kind) \(segments)")
        let codes = CodeReader().read(picture).codes
        #expect(codes.count == 1, "\(kind) \(segments.map(\.eci))")
        return try #require(codes.first, "\(kind) \(segments.map(\.eci)) not read")
    }

    @Test(arguments: ECICode.Kind.allCases)
    func eachCharacterSetECIIsReadInItsSet(kind: ECICode.Kind) throws {
        for (eci, name) in Self.sets {
            // Each set's own characters: Big5 and EUC-KR have no "ü", Shift_JIS no "中文 ü" as such.
            let text = [28: "中文 Zurich", 30: "한국어 Zurich", 20: "テスト Zurich"][eci] ?? Self.text
            let code = try read(kind, [ECICode.Segment(eci: eci, text)])
            #expect(code.text == text, "\(kind) ECI \(eci)")
            #expect(code.encoding.rawValue == name, "\(kind) ECI \(eci)")
        }
    }

    @Test(arguments: ECICode.Kind.allCases)
    func binaryIsNamedBinaryAndKeepsItsBytes(kind: ECICode.Kind) throws {
        let code = try read(kind, [ECICode.Segment(eci: 899, "Zürich")])
        #expect(code.encoding == .binary)
        #expect(code.bytes == Array("Zürich".utf8))
    }

    /// The single-byte sets: ISO 8859-2 (ECI 4) and windows-1251 (ECI 22). zbar gives these
    /// QR segments as UTF-8: the bytes are the symbol's own.
    @Test(arguments: ECICode.Kind.allCases)
    func singleByteSetsKeepTheSymbolsBytes(kind: ECICode.Kind) throws {
        let latin2 = try read(kind, [ECICode.Segment(eci: 4, "Žluťoučký kůň")])
        #expect(latin2.text == "Žluťoučký kůň" && latin2.encoding.rawValue == "ISO-8859-2")
        #expect(latin2.bytes.count == "Žluťoučký kůň".count)
        let cyrillic = try read(kind, [ECICode.Segment(eci: 22, "Привет")])
        #expect(cyrillic.text == "Привет" && cyrillic.encoding.rawValue == "windows-1251")
    }

    @Test(arguments: [ECICode.Kind.qr, .dataMatrix, .aztec, .pdf417])
    func segmentsInSeveralSetsAreEachReadInTheirOwn(kind: ECICode.Kind) throws {
        let code = try read(kind, [.init(eci: 3, "Zür"), .init(eci: 32, "中文"), .init(eci: 33, "ab")])
        #expect(code.text == "Zür中文ab")
        #expect(code.encoding == .eci)
    }

    /// The parts of one message: the first part's ECI holds on into the next.
    @Test func aStructuredAppendMessageKeepsItsECI() throws {
        let pictures = try (1...2).map { index in
            try #require(ECICode.picture(.dataMatrix, [.init(eci: 32, index == 1 ? "中文" : "二维码")], part: (index, 2)))
        }
        let parts = MessageParts()
        let reader = CodeReader(messages: parts)
        _ = reader.read(pictures[0])
        let message = try #require(reader.read(pictures[1]).codes.first { $0.text.count > 2 })
        #expect(message.text == "中文二维码" && message.encoding == .gb18030)
    }

    @Test func theProtocolIsParsed() throws {
        let written = Array("]Q2a\\\\b\\000032".utf8) + [0xD6, 0xD0] + Array("\\000899\\\\".utf8)
        let content = try #require(ECIContent(protocol: written))
        #expect(content.segments.map(\.eci) == [nil, 32, 899])
        #expect(content.bytes == Array("a\\b".utf8) + [0xD6, 0xD0, 0x5C])
        // A designator cut short, or not digits, is no protocol.
        #expect(ECIContent(protocol: Array("]d4\\00003".utf8)) == nil)
        #expect(ECIContent(protocol: Array("]d4\\0000x3a".utf8)) == nil)
        #expect(ECIContent(protocol: Array("]d".utf8)) == nil)
    }

    @Test func bytesInvalidInTheirSetAndUnknownECIsAreNotGuessedAt() throws {
        let invalid = ECIContent(segments: [.init(eci: 26, bytes: [0xFF, 0x41])]).decoded
        #expect(invalid == ("ÿA", .latin1))
        let unknown = ECIContent(segments: [.init(eci: 901, bytes: [0x41, 0xE9])]).decoded
        #expect(unknown == ("Aé", PayloadEncoding(rawValue: "ECI 901")))
        // An ASCII run in another set does not make the whole mixed.
        let mostly = ECIContent(segments: [.init(eci: nil, bytes: [0x41]), .init(eci: 32, bytes: [0xD6, 0xD0])]).decoded
        #expect(mostly == ("A中", .gb18030))
    }
}
