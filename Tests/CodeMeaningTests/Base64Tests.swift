import Testing

@testable import CodeMeaning

/// RFC 4648's test vectors, both alphabets, and what is not base64.
@Suite struct Base64Tests {
    static let vectors = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ]

    @Test func theRFCVectorsGoBothWays() {
        for (plain, encoded) in Self.vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(Base64.decode(encoded) == Array(plain.utf8))
        }
    }

    @Test func eitherAlphabetPaddedOrNotIsRead() {
        #expect(Base64.decode("-_8") == [0xFB, 0xFF])
        #expect(Base64.decode("+/8=") == [0xFB, 0xFF])
        #expect(Base64.decode("Zm9v\nYmFy") == Array("foobar".utf8))
    }

    @Test func whatIsNotBase64IsNothing() {
        #expect(Base64.decode("Zm9v!") == nil)
        #expect(Base64.decode("Zg==Zg") == nil)  // data after padding
        #expect(Base64.decode("Zh") == nil)  // leftover bits that are not zero
    }
}
