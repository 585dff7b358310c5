import FrameCore
import PictureOps

/// Code 32, the Italian pharmacode, is printed as Code 39: six characters that are a
/// nine-digit number in base 32. Shown as pharmacists know it ("A" and the nine digits) when
/// the characters are all base-32 digits and the number's check digit holds; any other
/// Code 39 is left alone.
enum Code32 {
    static let alphabet = Array("0123456789BCDFGHJKLMNPQRSTUVWXYZ".utf8)

    static func pharmacode(from bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count == 6 else { return nil }
        var value = 0
        for byte in bytes {
            guard let digit = alphabet.firstIndex(of: byte) else { return nil }
            value = value * 32 + digit
        }
        guard value < 1_000_000_000 else { return nil }
        let digits = Array(String(value).utf8).map { Int($0) - 48 }
        let padded = [Int](repeating: 0, count: 9 - digits.count) + digits
        guard checkDigit(padded.prefix(8)) == padded[8] else { return nil }
        return Array("A".utf8) + padded.map { UInt8($0 + 48) }
    }

    /// Odd positions count once; even positions doubled, with the digits of the double added.
    static func checkDigit(_ digits: ArraySlice<Int>) -> Int {
        var sum = 0
        for (index, digit) in digits.enumerated() {
            if index % 2 == 0 { sum += digit } else { sum += (2 * digit) / 10 + (2 * digit) % 10 }
        }
        return sum % 10
    }
}

/// Code 32 conversion on text, for tests and tools.
public enum Code32Check {
    public static func convert(_ text: String) -> String? {
        Code32.pharmacode(from: Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }
}
