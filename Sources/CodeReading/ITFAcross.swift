import FrameCore

/// ITF has no check digit, and its start and stop patterns recur inside it: a scan line that
/// crosses its bars at a slant and leaves through their top or bottom reads a run of digit
/// pairs as a code of its own, and does so again in every frame. So an ITF read is decoded
/// again straight across its bars (along their normal, found from the picture's gradients),
/// on a few lines through the bars where it was read: such a line crosses every bar of the
/// printed code, from quiet zone to quiet zone (ISO/IEC 16390: start, digit pairs, stop).
/// A read the lines across spell too is believed however few scan lines saw it; a read they
/// spell otherwise (a longer code, a fragment of which was read) is refused.
enum ITFAcross {
    enum Verdict: Equatable { case agrees, disagrees, unknown }

    /// Where lines across are drawn: on the path zbar's scan lines took, at these shares of
    /// the way from the read's one end to its other (a slanted line crosses the bars over
    /// part of that way only, and a fragment's end may lie at the picture's edge).
    static let stations = [0.2, 0.35, 0.5, 0.65, 0.8]
    /// Bars have their edges all one way: a patch less coherent is no place to cross them.
    static let coherence = 0.5
    /// A quiet zone is ten narrow elements by the standard; blur and a tight crop leave less.
    static let quietNarrows = 5.0

    /// `code` as it stands after the check: refused (nil) when the lines across spell another
    /// code, marked `checkedAcross` when they spell it.
    static func checked(_ code: DetectedCode, in picture: Frame) -> DetectedCode? {
        switch verdict(code, in: picture) {
        case .disagrees: return nil
        case .unknown: return code
        case .agrees:
            var checked = code
            checked.checkedAcross = true
            return checked
        }
    }

    /// What the lines across `code` (in `picture`'s pixels) spell, against what it says.
    static func verdict(_ code: DetectedCode, in picture: Frame) -> Verdict {
        guard code.symbology == .i25, let first = code.ends.first else { return .unknown }
        let axis = QuietZone.direction(of: first)
        let points = code.ends.map { (Double($0.at.x), Double($0.at.y)) }
        let along = points.map { QuietZone.dot($0, axis) }
        let middle = points.map { QuietZone.dot($0, (-axis.1, axis.0)) }.reduce(0, +) / Double(points.count)
        let (low, high) = (along.min()!, along.max()!)
        let reach = Double(picture.width + picture.height)
        var spelled = Set<[UInt8]>()
        for share in high - low >= 1 ? stations : [0.5] {
            let t = low + share * (high - low)
            let origin = (axis.0 * t - axis.1 * middle, axis.1 * t + axis.0 * middle)
            guard let normal = BarOrientation.normal(in: picture, around: origin, radius: 8, coherence: coherence) else { continue }
            let values = ProfileLine(picture: picture, origin: origin, direction: normal).values(from: -reach, to: reach, enteringLate: true)
            let elements = BarWidths.elements(values, reach: 6)
            spelled.formUnion(decode(elements) + decode(elements.reversed()))
        }
        if spelled.isEmpty { return .unknown }
        return spelled == [code.bytes] ? .agrees : .disagrees
    }

    /// Every ITF along a line of light, bar and space widths (`BarWidths.elements`: light
    /// first and last), each from a quiet zone through its start, whole digit pairs and its
    /// stop into a quiet zone, as digits.
    static func decode(_ widths: [Double]) -> [[UInt8]] {
        var found = [[UInt8]]()
        for start in stride(from: 1, to: widths.count - 4, by: 2) {
            let narrow = widths[start..<start + 4].reduce(0, +) / 4
            guard widths[start..<start + 4].allSatisfy({ $0 < 1.5 * narrow }),
                  widths[start - 1] >= quietNarrows * narrow,
                  let digits = digits(widths, from: start + 4, narrow: narrow) else { continue }
            found.append(digits)
        }
        return found
    }

    /// The digit pairs from `index` up to a stop pattern (wide bar, narrow space, narrow bar)
    /// followed by a quiet zone; nil when an element group is no digit pair or no stop comes.
    private static func digits(_ widths: [Double], from index: Int, narrow: Double) -> [UInt8]? {
        var digits = [UInt8](), index = index
        while index + 3 < widths.count {
            let stopped = widths[index] >= 1.5 * narrow && widths[index + 1] < 1.5 * narrow && widths[index + 2] < 1.5 * narrow
                && widths[index + 3] >= quietNarrows * narrow
            if stopped { return digits.isEmpty ? nil : digits }
            guard index + 10 <= widths.count,
                  let bars = digit(stride(from: index, to: index + 10, by: 2).map { widths[$0] }),
                  let spaces = digit(stride(from: index + 1, to: index + 10, by: 2).map { widths[$0] }) else { return nil }
            digits += [0x30 + bars, 0x30 + spaces]
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
