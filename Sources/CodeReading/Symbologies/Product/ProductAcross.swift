/// EAN-13 (UPC-A), EAN-8 and UPC-E decoded from the widths of bars and spaces along a line
/// straight across them (ISO/IEC 15420), for `BarsAcross`: a look at a product code that
/// owes nothing to zbar. Each digit is four elements seven modules wide, told by its
/// edge-to-similar-edge distances (a bar and the space beside it, which ink spread and blur
/// leave whole) in its own modules, so a picture's perspective does not matter; guards,
/// quiet zones and the check digit must all be right.
enum ProductAcross {
    /// Light before and after the guards, in modules (the standard asks 7 to 11; blur and a
    /// tight crop leave less).
    static let quietModules = 5.0
    /// A decode is sure when no digit's measure lies further than this from a whole module
    /// (0.5: halfway to the next digit); only a sure decode is a look (`BarsAcross`). Blur and
    /// a module of two pixels shift edges the same way for zbar and for us, so a doubtful
    /// decode can repeat zbar's misread, check digit and all: on `qrtui-bench --stress` an
    /// EAN-13 and a UPC-A in 1000 were misread so, their digits 0.38 to 0.49 off, and lines
    /// across one code spelt the right and the wrong number by turns; right decodes of clearly
    /// printed codes lie within 0.25.
    static let sureDoubt = 0.3

    /// The digits (and elements) of every product code along a line of light, bar and space
    /// widths (`BarWidths.elements`: light first and last); EAN-13 and UPC-E as 13 digits
    /// (UPC-E as the number it stands for, as zbar reports it), EAN-8 as 8.
    static func decode(_ widths: [Double]) -> [SpeltCode] {
        var found = [SpeltCode]()
        for start in stride(from: 1, to: widths.count - 3, by: 2) {
            guard let module = guardModule(widths[start..<start + 3]), widths[start - 1] >= quietModules * module else {
                continue
            }
            for layout in Layout.allCases {
                if let spelt = layout.decode(widths, from: start, module: module) { found.append(spelt) }
            }
        }
        return found
    }

    /// The module of a guard's elements, one module each; nil when they are not alike.
    static func guardModule(_ elements: ArraySlice<Double>) -> Double? {
        let module = elements.reduce(0, +) / Double(elements.count)
        return module > 0 && elements.allSatisfy({ $0 >= 0.4 * module && $0 <= 1.8 * module }) ? module : nil
    }

    enum Layout: CaseIterable {
        case ean13, ean8, upce

        /// Digits in the left half (L or G code), and in the right half (R code) after a middle guard.
        var halves: (left: Int, right: Int) {
            switch self {
            case .ean13: (6, 6)
            case .ean8: (4, 4)
            case .upce: (6, 0)
            }
        }

        /// The code whose start guard begins at element `start`, or nil.
        func decode(_ widths: [Double], from start: Int, module: Double) -> SpeltCode? {
            var reader = DigitReader(widths: widths, index: start + 3, module: module)
            guard let left = reader.digits(halves.left, parities: self != .ean8) else { return nil }
            var right = [(digit: Int, even: Bool)]()
            if halves.right > 0 {
                guard reader.guardElements(5), let digits = reader.digits(halves.right, parities: false) else {
                    return nil
                }
                right = digits
            }
            guard reader.guardElements(self == .upce ? 6 : 3), reader.quietZone(),
                let digits = number(left: left, right: right.map(\.digit))
            else { return nil }
            return SpeltCode(
                digits: digits.map { UInt8(0x30 + $0) }, elements: start..<reader.index,
                sure: reader.doubt <= ProductAcross.sureDoubt)
        }

        /// The number the digits and their parities spell, checked; nil when it does not add up.
        private func number(left: [(digit: Int, even: Bool)], right: [Int]) -> [Int]? {
            switch self {
            case .ean8:
                let digits = left.map(\.digit) + right
                return ProductAcross.checkDigit(digits.dropLast()) == digits.last ? digits : nil
            case .ean13:
                guard let first = ProductAcross.firstDigitParities.firstIndex(of: left.map(\.even)) else { return nil }
                let digits = [first] + left.map(\.digit) + right
                return ProductAcross.checkDigit(digits.dropLast()) == digits.last ? digits : nil
            case .upce:
                let parities = left.map(\.even)
                guard let (system, check) = ProductAcross.upceParities(parities) else { return nil }
                let upca = ProductAcross.expandUPCE(system: system, left.map(\.digit))
                return ProductAcross.checkDigit(upca) == check ? [0] + upca + [check] : nil
            }
        }
    }

    /// The even (G code) digits of an EAN-13's left half that spell its first digit.
    static let firstDigitParities: [[Bool]] = [
        "OOOOOO", "OOEOEE", "OOEEOE", "OOEEEO", "OEOOEE", "OEEOOE", "OEEEOO",
        "OEOEOE", "OEOEEO", "OEEOEO",
    ].map { $0.map { $0 == "E" } }

    /// The even digits of a UPC-E of number system 0 that spell its check digit.
    static let upceCheckParities: [[Bool]] = [
        "EEEOOO", "EEOEOO", "EEOOEO", "EEOOOE", "EOEEOO", "EOOEEO", "EOOOEE",
        "EOEOEO", "EOEOOE", "EOOEOE",
    ].map { $0.map { $0 == "E" } }

    /// A UPC-E's number system and check digit from its digits' parities (number system 1:
    /// those of number system 0 the other way round).
    static func upceParities(_ parities: [Bool]) -> (system: Int, check: Int)? {
        if let check = upceCheckParities.firstIndex(of: parities) { return (0, check) }
        if let check = upceCheckParities.firstIndex(of: parities.map { !$0 }) { return (1, check) }
        return nil
    }

    /// The UPC-A (without its check digit) a UPC-E's six digits stand for.
    static func expandUPCE(system: Int, _ d: [Int]) -> [Int] {
        let body: [Int] =
            switch d[5] {
            case 0...2: [d[0], d[1], d[5], 0, 0, 0, 0, d[2], d[3], d[4]]
            case 3: [d[0], d[1], d[2], 0, 0, 0, 0, 0, d[3], d[4]]
            case 4: [d[0], d[1], d[2], d[3], 0, 0, 0, 0, 0, d[4]]
            default: [d[0], d[1], d[2], d[3], d[4], 0, 0, 0, 0, d[5]]
            }
        return [system] + body
    }

    /// The check digit of the digits before it: weights 3 and 1 from the right.
    static func checkDigit<Digits: Collection<Int>>(_ digits: Digits) -> Int {
        let sum = digits.reversed().enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10
    }
}

/// A code spelt along a line, and the elements it took; `sure`: every element measured
/// clearly (a doubtful decode counts for nothing, see `ProductAcross.sureDoubt`).
struct SpeltCode: Equatable {
    var digits: [UInt8]
    var elements: Range<Int>
    var sure = true
}

/// Reads digits and guards off a line's widths, element by element, keeping the module up to
/// date (perspective changes it along the code).
private struct DigitReader {
    let widths: [Double]
    var index: Int
    var module: Double
    /// The most doubtful digit's doubt so far.
    var doubt = 0.0

    /// Edge-to-similar-edge distances (in modules) of each L-code digit: bar plus space, and
    /// space plus bar. 1 and 7, and 2 and 8, share theirs.
    static let distances: [[Int]: [Int]] = [
        [5, 3]: [0], [4, 4]: [1, 7], [3, 3]: [2, 8], [5, 5]: [3], [2, 4]: [4],
        [3, 5]: [5], [2, 2]: [6], [4, 2]: [9],
    ]

    mutating func digits(_ count: Int, parities: Bool) -> [(digit: Int, even: Bool)]? {
        var digits = [(digit: Int, even: Bool)]()
        for _ in 0..<count {
            guard index + 4 <= widths.count else { return nil }
            let elements = Array(widths[index..<index + 4])
            let total = elements.reduce(0, +)
            guard total >= 0.65 * 7 * module && total <= 1.5 * 7 * module else { return nil }
            let unit = total / 7
            if let read = Self.digit(elements, unit: unit) {
                digits.append((read.digit, false))
                doubt = max(doubt, read.doubt)
            } else if parities, let read = Self.digit(Array(elements.reversed()), unit: unit) {
                digits.append((read.digit, true))  // G code: an L code's widths the other way round
                doubt = max(doubt, read.doubt)
            } else {
                return nil
            }
            module = unit
            index += 4
        }
        return digits
    }

    /// The L-code digit four widths spell: each distance to the nearest whole module, as the
    /// standard's reference decode does; with its doubt, 0 (each distance a whole number of
    /// modules) to 0.5 (halfway between two digits).
    static func digit(_ e: [Double], unit: Double) -> (digit: Int, doubt: Double)? {
        let raw = [(e[0] + e[1]) / unit, (e[1] + e[2]) / unit]
        let whole = raw.map { Int($0.rounded()) }
        guard let digits = distances[whole] else { return nil }
        var doubt = raw.map { abs($0 - $0.rounded()) }.max()!
        guard digits.count == 2 else { return (digits[0], doubt) }
        // 1 and 2 have narrower second and fourth elements (3 modules together) than 7 and 8 (5).
        let narrow = (e[1] + e[3]) / unit
        doubt = max(doubt, 0.5 - min(abs(narrow - 4), 1) / 2)
        return (narrow < 4 ? digits[0] : digits[1], doubt)
    }

    /// `count` guard elements of a module each.
    mutating func guardElements(_ count: Int) -> Bool {
        guard index + count <= widths.count else { return false }
        let elements = widths[index..<index + count]
        guard let found = ProductAcross.guardModule(elements), found >= 0.6 * module, found <= 1.6 * module else {
            return false
        }
        index += count
        return true
    }

    /// Light of at least `quietModules` next (the line's last light runs to its end).
    func quietZone() -> Bool {
        index < widths.count && widths[index] >= ProductAcross.quietModules * module
    }
}
