/// The modules a Code 128 read says are printed (ISO/IEC 15417), for `ModuleFit`. zbar gives
/// the text, not the symbols, and a text has more than one encodation: it is laid as the
/// standard recommends (its Annex E, the shortest), as libzint varies it (a last character of
/// the other code set shifted, not latched), and all in code set B as simple encoders write
/// it. A code printed otherwise does not fit, and its read is left as it was.
enum Code128Modules {
    /// How far another pattern may lie from a symbol's own (modules that differ) to be its
    /// rival: blur or a misjudged edge moves an edge by a module, so a misread symbol lies two
    /// modules from the printed one, a double misjudgement four.
    static let rivalDistance = 4

    /// Every layout the read's text could have been printed as (none for GS1 and FNC4 texts,
    /// whose symbols zbar's text does not tell).
    static func of(_ code: DetectedCode) -> [ModuleLayout] {
        guard code.symbology == .code128, !code.gs1, !code.bytes.isEmpty, code.bytes.allSatisfy({ $0 < 0x80 }) else {
            return []
        }
        var layouts = [ModuleLayout]()
        let encodations = [shortest(code.bytes), shortest(code.bytes, shiftingLast: true), allInB(code.bytes)]
        for values in encodations.compactMap({ $0 }) {
            let laid = layout(values + [checkValue(values)])
            if !layouts.contains(laid) { layouts.append(laid) }
        }
        return layouts
    }

    /// The modules of symbols 0 to 105, bar first.
    static let symbolModules: [[Bool]] = Code128Symbols.patterns.prefix(Code128Symbols.stop).map(modules)
    /// Each symbol's rivals (see `rivalDistance`).
    static let rivals: [[[Bool]]] = symbolModules.map { own in
        symbolModules.filter { $0 != own && zip($0, own).filter { $0 != $1 }.count <= rivalDistance }
    }

    static func modules(_ widths: [Int]) -> [Bool] {
        widths.enumerated().flatMap { index, width in [Bool](repeating: index % 2 == 0, count: width) }
    }

    /// The symbols, then the stop pattern and its final bar.
    static func layout(_ values: [Int]) -> ModuleLayout {
        var laid = ModuleLayout(bars: [])
        for value in values { laid.append(symbolModules[value], among: rivals[value]) }
        laid.bars += modules(Code128Symbols.patterns[Code128Symbols.stop] + [2])
        return laid
    }

    /// The check symbol: the start's value plus each data value times its position, modulo 103.
    static func checkValue(_ values: [Int]) -> Int {
        values.enumerated().reduce(0) { $0 + $1.element * max(1, $1.offset) } % 103
    }

    /// The text in code set B throughout, when every character is in it.
    static func allInB(_ bytes: [UInt8]) -> [Int]? {
        bytes.allSatisfy { $0 >= 0x20 } ? [Code128Symbols.startB] + bytes.map { Int($0) - 0x20 } : nil
    }

    enum CodeSet { case a, b, c }

    /// The value of `byte` in code set A or B, nil when that set lacks it.
    static func value(_ byte: UInt8, in set: CodeSet) -> Int? {
        switch (set, byte) {
        case (.b, 0x20...): Int(byte) - 0x20
        case (.a, 0..<0x20): Int(byte) + 0x40
        case (.a, 0x20..<0x60): Int(byte) - 0x20
        default: nil
        }
    }

    /// ISO/IEC 15417 Annex E: start in C before four digits or more (or a text of two digits),
    /// else in A when a control character comes before any lower-case letter, else in B; code
    /// set C for every run of four digits or more (after its first digit when the run is odd);
    /// a single character of the other set shifted when the text comes back to this set first
    /// (or, `shiftingLast`, when it ends with that character).
    static func shortest(_ bytes: [UInt8], shiftingLast: Bool = false) -> [Int]? {
        func digits(from index: Int) -> Int { bytes[index...].prefix { $0 >= 0x30 && $0 <= 0x39 }.count }
        func letters(from index: Int) -> CodeSet {
            bytes[index...].first { $0 < 0x20 || $0 >= 0x60 }.map { $0 < 0x20 ? .a : .b } ?? .b
        }
        var set: CodeSet = digits(from: 0) >= 4 || (bytes.count == 2 && digits(from: 0) == 2) ? .c : letters(from: 0)
        var values = [set == .c ? Code128Symbols.startC : set == .a ? Code128Symbols.startA : Code128Symbols.startB]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if set == .c {
                if digits(from: index) >= 2 {
                    values.append(Int(byte - 0x30) * 10 + Int(bytes[index + 1] - 0x30))
                    index += 2
                    continue
                }
                set = letters(from: index)
                values.append(set == .a ? 101 : 100)
                continue
            }
            let run = digits(from: index)
            if run >= 4 {
                if run % 2 == 1, let single = value(byte, in: set) {
                    values.append(single)
                    index += 1
                }
                values.append(99)
                set = .c
                continue
            }
            if let own = value(byte, in: set) {
                values.append(own)
                index += 1
                continue
            }
            let other: CodeSet = set == .a ? .b : .a
            guard let shifted = value(byte, in: other) else { return nil }
            // A shift when the next character that one set lacks is this set's own again.
            let next = bytes[(index + 1)...].first { value($0, in: set) == nil || value($0, in: other) == nil }
            let backHere = next.map { value($0, in: other) == nil } ?? (shiftingLast && index == bytes.count - 1)
            if backHere {
                values += [98, shifted]
            } else {
                set = other
                values += [other == .a ? 101 : 100, shifted]
            }
            index += 1
        }
        return values
    }
}
