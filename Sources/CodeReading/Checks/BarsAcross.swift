import FrameCore

/// A 1D read decoded again straight across its bars (along their normal, found from the
/// picture's gradients), on a few lines through the bars where zbar's scan lines read it,
/// each line crossing the whole printed code from quiet zone to quiet zone. Independent of
/// zbar: its own edges (`BarWidths`) and its own decoder for each symbology (`ITFAcross`,
/// `ProductAcross`, `Code128Across`, `Code39Across`). Lines that spell the read (and nothing else) mark it `checkedAcross`;
/// lines that spell something else (and not the read) refuse it; otherwise it stays as it was.
/// Where no line spells a product or Code 128 read (blur), two lines whose grey shows its
/// modules clearly (`ModuleFit`) mark it too, and two whose grey shows another symbol in the
/// place of one of them refuse it.
enum BarsAcross {
    enum Verdict: Equatable { case agrees, disagrees, unknown }

    /// Where lines across are drawn: on the path zbar's scan lines took, at these shares of
    /// the way from the read's one end to its other (a slanted line crosses the bars over
    /// part of that way only, and a fragment's end may lie at the picture's edge).
    static let stations = [0.2, 0.35, 0.5, 0.65, 0.8]
    /// Bars have their edges all one way: a patch less coherent is no place to cross them.
    static let coherence = 0.5

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

    /// `code` marked `checkedAcross` when the lines across spell it (a fit of its modules is
    /// not enough), else nil: for a read whose quiet zones were not seen (see `LinearCodeSpec.spellingStandsIn`).
    static func spelt(_ code: DetectedCode, in picture: Frame) -> DetectedCode? {
        guard verdict(code, in: picture, fitting: false) == .agrees else { return nil }
        var checked = code
        checked.checkedAcross = true
        return checked
    }

    /// What the lines across `code` (in `picture`'s pixels) spell, against what it says; where
    /// they spell nothing, what they show of its modules (`fitting`: product codes, Code 128).
    static func verdict(_ code: DetectedCode, in picture: Frame, fitting: Bool = true) -> Verdict {
        guard let linear = LinearCodeSpec.of(code.symbology) else { return .unknown }
        let decode = linear.decode
        let said = linear.spelling(code)
        let lines = profiles(code, in: picture)
        let spelled = spelled(on: lines, by: decode)
        // Lines that spell both it and something else (blur, a digit misjudged on one line) say nothing.
        switch (spelled.contains(said), spelled.contains { $0 != said }) {
        case (true, false): return .agrees
        case (false, true): return .disagrees
        case (false, false): return fitting ? fit(code, on: lines) : .unknown
        case (true, true): return .unknown
        }
    }

    /// Lines across that must show a read's modules (`ModuleFit`) for them to agree with it
    /// where no line spells it, or must show another symbol in its place to refute it.
    static let fittingLines = 2

    /// What the lines say of the modules a product or Code 128 read says are printed: two that
    /// show them clearly agree with it; two where each layout of the read that lies on them has
    /// a symbol that another pattern fits far better (and fewer than two that show them) refute it.
    static func fit(_ code: DetectedCode, on lines: [Profile]) -> Verdict {
        let layouts = ModuleLayout.of(code)
        guard !layouts.isEmpty else { return .unknown }
        var (confirming, refuting) = (0, 0)
        for line in lines {
            let said = layouts.compactMap { ModuleFit.judge($0, line.values, at: line.at) }
            if said.contains(.confirms) {
                confirming += 1
                if confirming >= fittingLines { return .agrees }
            } else if !said.isEmpty, said.allSatisfy({ $0 == .refutes }) {
                refuting += 1
            }
        }
        return refuting >= fittingLines ? .disagrees : .unknown
    }

    /// One line across the bars: its grey, and the sample where it crosses the read.
    struct Profile {
        var values: [Double]
        var at: Double
    }

    /// Everything `decode` finds surely (see `SpeltCode.sure`) on the lines across `code`, read
    /// both ways, where the line crosses the read (another code further along the line is none
    /// of its business).
    static func spelled(
        _ code: DetectedCode, in picture: Frame, by decode: ([Double]) -> [SpeltCode],
        finders: [EdgeFinder] = [.middleGrey, .slope]
    ) -> Set<[UInt8]> {
        spelled(on: profiles(code, in: picture), by: decode, finders: finders)
    }

    static func spelled(
        on lines: [Profile], by decode: ([Double]) -> [SpeltCode],
        finders: [EdgeFinder] = [.middleGrey, .slope]
    ) -> Set<[UInt8]> {
        var spelled = Set<[UInt8]>()
        for line in lines {
            spelled.formUnion(self.line(line, by: decode, finders: finders).filter(\.sure).map(\.digits))
        }
        return spelled
    }

    /// The lines straight across the bars, on the path zbar's scan lines took (`stations`).
    static func profiles(_ code: DetectedCode, in picture: Frame) -> [Profile] {
        guard let first = code.ends.first else { return [] }
        let axis = QuietZone.direction(of: first)
        let points = code.ends.map { (Double($0.at.x), Double($0.at.y)) }
        let along = points.map { QuietZone.dot($0, axis) }
        let middle = points.map { QuietZone.dot($0, (-axis.1, axis.0)) }.reduce(0, +) / Double(points.count)
        let (low, high) = (along.min()!, along.max()!)
        return (high - low >= 1 ? stations : [0.5]).compactMap { share in
            let t = low + share * (high - low)
            return profile(across: picture, at: (axis.0 * t - axis.1 * middle, axis.1 * t + axis.0 * middle))
        }
    }

    /// The grey along a line through `origin` straight across the bars there.
    private static func profile(across picture: Frame, at origin: (Double, Double)) -> Profile? {
        guard let normal = BarOrientation.normal(in: picture, around: origin, radius: 8, coherence: coherence) else {
            return nil
        }
        let line = ProfileLine(picture: picture, origin: origin, direction: normal)
        let reach = Double(picture.width + picture.height)
        let before = line.values(from: 0, to: -reach)
        let after = line.values(from: 0, to: reach)
        guard !before.isEmpty, !after.isEmpty else { return nil }
        return Profile(values: before + after.dropFirst(), at: Double(before.count - 1))
    }

    /// What one line spells, both ways, by each edge finder.
    private static func line(_ line: Profile, by decode: ([Double]) -> [SpeltCode], finders: [EdgeFinder])
        -> [SpeltCode]
    {
        finders.flatMap { finder in
            let elements = finder.elements(line.values)
            let at = line.at
            let length = elements.reduce(0, +)
            return crossing(decode(elements), elements, at: at)
                + crossing(decode(elements.reversed()), elements.reversed(), at: length - at)
        }
    }

    /// How a line's bars and spaces are found (see `BarWidths`): both are tried, the middle
    /// grey's crossings and the slope's peaks (which blur that half fills narrow spaces moves
    /// less).
    enum EdgeFinder {
        case middleGrey, slope

        func elements(_ values: [Double]) -> [Double] {
            switch self {
            case .middleGrey: BarWidths.elements(values, reach: 6)
            case .slope: BarWidths.elementsBySlope(values)
            }
        }
    }

    /// The codes among `spelt` whose elements span the sample `at`.
    static func crossing(_ spelt: [SpeltCode], _ elements: [Double], at: Double) -> [SpeltCode] {
        guard !spelt.isEmpty else { return [] }
        var starts = [0.0]
        for width in elements { starts.append(starts.last! + width) }
        return spelt.filter { starts[$0.elements.lowerBound] <= at && at <= starts[$0.elements.upperBound] }
    }
}
