import FrameCore

/// ITF has no check digit, and its start and stop patterns recur inside it: a scan line that
/// crosses its bars at a slant and leaves through their top or bottom reads a run of digit
/// pairs as a code of its own, and does so again in every frame. So an ITF read is decoded
/// again straight across its bars (along their normal, found from the picture's gradients),
/// on a few lines through the bars where it was read: such a line crosses every bar of the
/// printed code, from quiet zone to quiet zone (ISO/IEC 16390: start, digit pairs, stop;
/// see `BarsAcross`). A read the lines across spell too is believed however few scan lines
/// saw it; a read they spell otherwise (a longer code, a fragment of which was read) is refused.
enum ITFAcross {
    /// A quiet zone is ten narrow elements by the standard; blur and a tight crop leave less.
    static let quietNarrows = 5.0

    /// Every ITF along a line of light, bar and space widths (`BarWidths.elements`: light
    /// first and last), each from a quiet zone through its start, whole digit pairs and its
    /// stop into a quiet zone, as digits.
    static func decode(_ widths: [Double]) -> [SpeltCode] {
        var found = [SpeltCode]()
        for start in stride(from: 1, to: widths.count - 4, by: 2) {
            let narrow = widths[start..<start + 4].reduce(0, +) / 4
            guard widths[start..<start + 4].allSatisfy({ $0 < 1.5 * narrow }),
                widths[start - 1] >= quietNarrows * narrow,
                let (digits, end) = digits(widths, from: start + 4, narrow: narrow)
            else { continue }
            found.append(SpeltCode(digits: digits, elements: start..<end))
        }
        return found
    }

    /// The digit pairs from `index` up to a stop pattern (wide bar, narrow space, narrow bar)
    /// followed by a quiet zone, and the element after the stop; nil when an element group is
    /// no digit pair or no stop comes. The narrow width is taken again from each digit pair:
    /// perspective makes the far end's elements narrower.
    private static func digits(_ widths: [Double], from index: Int, narrow: Double) -> ([UInt8], Int)? {
        var digits = [UInt8]()
        var index = index
        var narrow = narrow
        while index + 3 < widths.count {
            let stopped =
                widths[index] >= 1.5 * narrow && widths[index + 1] < 1.5 * narrow && widths[index + 2] < 1.5 * narrow
                && widths[index + 3] >= quietNarrows * narrow
            if stopped { return digits.isEmpty ? nil : (digits, index + 3) }
            guard index + 10 <= widths.count,
                let bars = digit(stride(from: index, to: index + 10, by: 2).map { widths[$0] }),
                let spaces = digit(stride(from: index + 1, to: index + 10, by: 2).map { widths[$0] })
            else { return nil }
            digits += [0x30 + bars, 0x30 + spaces]
            let narrows = widths[index..<index + 10].sorted().prefix(6)
            narrow = narrows.reduce(0, +) / 6
            index += 10
        }
        return nil
    }

    /// Wide (true) and narrow elements of each digit: two wide in five.
    static let patterns: [[Bool]] = [
        [false, false, true, true, false], [true, false, false, false, true], [false, true, false, false, true],
        [true, true, false, false, false], [false, false, true, false, true], [true, false, true, false, false],
        [false, true, true, false, false], [false, false, false, true, true], [true, false, false, true, false],
        [false, true, false, true, false],
    ]

    /// The digit five elements spell: the two widest are wide, clearly wider than the rest.
    private static func digit(_ elements: [Double]) -> UInt8? {
        let sorted = elements.sorted(by: >)
        guard sorted[1] >= 1.5 * sorted[2] else { return nil }
        let wide = elements.map { $0 >= sorted[1] }
        return patterns.firstIndex(of: wide).map(UInt8.init)
    }
}
