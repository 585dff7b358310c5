/// Code 128 decoded from the widths of bars and spaces along a line straight across them, for
/// `BarsAcross`: from a quiet zone through a start symbol, data symbols, a check symbol that
/// must be right (`Code128Symbols`) and the stop pattern, into a quiet zone.
enum Code128Across {
    /// Light before and after, in modules (the standard asks 10).
    static let quietModules = 5.0

    /// The text of every Code 128 along a line of light, bar and space widths
    /// (`BarWidths.elements`: light first and last), as zbar gives it (FNC4's extension
    /// taken off: zbar drops FNC4; `Code128Extended` puts it back).
    static func decode(_ widths: [Double]) -> [SpeltCode] {
        var found = [SpeltCode]()
        for start in stride(from: 1, to: widths.count - 7, by: 2) {
            let module = widths[start..<start + 6].reduce(0, +) / 11
            guard module > 0, widths[start - 1] >= quietModules * module,
                let values = Code128Symbols.decode(widths, from: start)
            else { continue }
            // Symbols of six elements each, then the stop's seven.
            let end = start + 6 * values.count + 7
            guard end < widths.count, widths[end] >= quietModules * module else { continue }
            found.append(
                SpeltCode(digits: Code128Extended.spelling(values).bytes.map { $0 & 0x7F }, elements: start..<end))
        }
        return found
    }
}
