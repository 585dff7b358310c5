/// Code 39 decoded from the widths of bars and spaces along a line straight across them, for
/// `BarsAcross` (ISO/IEC 16388): from a quiet zone through the start character, data
/// characters, each nine elements with three wide and a narrow gap after it, and the stop
/// character into a quiet zone. Code 39 carries no check character of its own, but every
/// character must be one of the 44 patterns of three wide in nine, and `*` only starts and stops.
enum Code39Across {
    /// Light before and after, in narrow elements (the standard asks 10; blur and a tight crop
    /// leave less).
    static let quietNarrows = 5.0
    /// The gap between characters is narrow by the standard; printers make it up to about
    /// five narrow elements.
    static let widestGap = 5.5

    /// Every Code 39 along a line of light, bar and space widths (`BarWidths.elements`: light
    /// first and last), as its characters without the start and stop `*`.
    static func decode(_ widths: [Double]) -> [SpeltCode] {
        var found = [SpeltCode]()
        for start in stride(from: 1, to: widths.count - 9, by: 2) {
            guard let (star, narrow) = character(widths, at: start), star == UInt8(ascii: "*"),
                widths[start - 1] >= quietNarrows * narrow,
                let (text, end) = characters(widths, from: start + 9, narrow: narrow)
            else { continue }
            found.append(SpeltCode(digits: text, elements: start..<end))
        }
        return found
    }

    /// The characters after the start, from the gap at `index` up to the stop character
    /// followed by a quiet zone, and the element after the stop; nil when a gap is too wide,
    /// a group of nine elements is no character, or no stop comes. The narrow width is taken
    /// again from each character: perspective makes the far end's elements narrower.
    private static func characters(_ widths: [Double], from index: Int, narrow: Double) -> ([UInt8], Int)? {
        var text = [UInt8]()
        var index = index
        var narrow = narrow
        while index + 10 < widths.count {
            guard widths[index] <= widestGap * narrow, let (next, width) = character(widths, at: index + 1) else {
                return nil
            }
            index += 10
            narrow = width
            if next == UInt8(ascii: "*") {
                return !text.isEmpty && widths[index] >= quietNarrows * narrow ? (text, index) : nil
            }
            text.append(next)
        }
        return nil
    }

    /// The character of the nine elements from `index` (a bar), and their narrow width: the
    /// three widest are wide, clearly wider than the rest.
    private static func character(_ widths: [Double], at index: Int) -> (UInt8, Double)? {
        let elements = Array(widths[index..<index + 9])
        let sorted = elements.sorted(by: >)
        guard sorted[2] >= 1.5 * sorted[3] else { return nil }
        let wide = elements.reduce(0) { mask, width in mask << 1 | (width >= sorted[2] ? 1 : 0) }
        guard let position = patterns.firstIndex(of: wide) else { return nil }
        return (alphabet[position], sorted[3...].reduce(0, +) / 6)
    }

    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%*".utf8)
    /// Each character's wide elements, bar first, as nine bits (the first element highest).
    static let patterns: [Int] = [
        0b000110100, 0b100100001, 0b001100001, 0b101100000, 0b000110001, 0b100110000, 0b001110000, 0b000100101,
        0b100100100, 0b001100100, 0b100001001, 0b001001001, 0b101001000, 0b000011001, 0b100011000, 0b001011000,
        0b000001101, 0b100001100, 0b001001100, 0b000011100, 0b100000011, 0b001000011, 0b101000010, 0b000010011,
        0b100010010, 0b001010010, 0b000000111, 0b100000110, 0b001000110, 0b000010110, 0b110000001, 0b011000001,
        0b111000000, 0b010010001, 0b110010000, 0b011010000, 0b010000101, 0b110000100, 0b011000100, 0b010101000,
        0b010100010, 0b010001010, 0b000101010, 0b010010100,
    ]
}
