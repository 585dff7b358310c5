/// Code 128's symbol values read from the widths of its bars and spaces, as ISO/IEC 15417's
/// reference decode does: each symbol is six elements eleven modules long, told apart by the
/// distances between similar edges (bar to bar, space to space), which blur and ink spread
/// change far less than the widths themselves. zbar decodes Code 128 too, but drops the
/// function characters it does not support (FNC4 among them) from its text; these values keep
/// them (see `Code128Extended`).
enum Code128Symbols {
    static let startA = 103, startB = 104, startC = 105, stop = 106

    /// The widths of the six elements of symbols 0 to 106 in modules (the stop symbol's
    /// seventh, a two-module bar, follows it).
    static let patterns: [[Int]] = """
        212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231
        113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211
        212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131
        113123 113321 133121 313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111
        314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211
        241211 221114 413111 241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141
        214121 412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 211214
        211232 233111
        """.split(whereSeparator: \.isWhitespace).map { $0.compactMap(\.wholeNumberValue) }

    /// Symbol value by its four similar-edge distances (each 2 to 7 modules), packed base 8.
    private static let bySignature: [Int: Int] = Dictionary(
        uniqueKeysWithValues: patterns.enumerated().map { value, widths in
            (signature((0..<4).map { widths[$0] + widths[$0 + 1] }), value)
        })

    private static func signature(_ distances: [Int]) -> Int { distances.reduce(0) { $0 * 8 + $1 } }

    /// The values from the start symbol to the check symbol (the stop left off) when
    /// `elements` (widths, first a bar) hold a whole symbol whose check symbol is right; nil
    /// otherwise. Each bar is tried as the start, so the light before the code may be in.
    static func decode(_ elements: [Double]) -> [Int]? {
        for first in stride(from: 0, to: elements.count, by: 2) {
            if let values = decode(elements, from: first) { return values }
        }
        return nil
    }

    static func decode(_ elements: [Double], from first: Int) -> [Int]? {
        guard let start = value(elements, at: first), (startA...startC).contains(start.value) else { return nil }
        var values = [start.value]
        var index = first + 6
        var width = start.width
        // Neighbouring symbols are about as wide (perspective changes the width slowly).
        while let symbol = value(elements, at: index), abs(symbol.width - width) < 0.2 * width {
            width = symbol.width
            // The stop symbol, then its final bar (two modules).
            if symbol.value == stop {
                guard index + 6 < elements.count, abs(elements[index + 6] * 11 / symbol.width - 2) < 1 else {
                    return nil
                }
                return values.count >= 3 && isChecked(values) ? values : nil
            }
            guard symbol.value < startA else { return nil }
            values.append(symbol.value)
            index += 6
        }
        return nil
    }

    /// The symbol whose six elements begin at `index`, with its width.
    private static func value(_ elements: [Double], at index: Int) -> (value: Int, width: Double)? {
        guard index + 6 <= elements.count else { return nil }
        let width = elements[index..<index + 6].reduce(0, +)
        guard width > 0 else { return nil }
        var distances = [Int]()
        for offset in 0..<4 {
            let modules = ((elements[index + offset] + elements[index + offset + 1]) * 11 / width).rounded()
            guard modules >= 2, modules <= 7 else { return nil }
            distances.append(Int(modules))
        }
        return bySignature[signature(distances)].map { ($0, width) }
    }

    /// The check symbol (the last value) is the start's value plus each data value times its
    /// position, modulo 103.
    static func isChecked(_ values: [Int]) -> Bool {
        let data = values.dropLast()
        let sum = data.enumerated().reduce(0) { $0 + $1.element * max(1, $1.offset) }
        return sum % 103 == values.last
    }
}
