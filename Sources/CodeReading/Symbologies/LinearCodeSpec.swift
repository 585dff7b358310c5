/// What qrtui knows of a 1D symbology's print, in one place: how many modules a code of it
/// spans, how zbar marks a read of it, its quiet zone, and its decoder across the bars. The
/// checks (`LocationSanity`, `QuietZone`, `BarsAcross`, `ModuleFit`) ask it; a symbology
/// without one is not checked by them.
struct LinearCodeSpec: Sendable {
    /// Modules a code of `characters` characters spans, from its first bar to its last: its
    /// wide elements `wide` modules wide (2 at the narrowest the standards allow, 3 as commonly
    /// printed), its digits packed in pairs where the symbology can (`packedDigits`).
    let span: @Sendable (_ characters: Int, _ packedDigits: Bool, _ wide: Int) -> Int
    /// Modules of a whole read that lie outside zbar's two marks (zbar marks a Code 128 read
    /// where its start and stop symbols were decoded, not at its ends).
    var unmarked = 0
    /// The fewest modules between two marks when zbar reads the code in halves, each on a
    /// scan line of its own (a guard, a half's digits, the middle guard): EAN and UPC-A.
    var halfMarks: Int? = nil
    /// An EAN-13 that may spell a UPC-E's number (a UPC-E is an EAN-13 to zbar).
    var upceInside = false
    /// How far the code's own bars may reach beyond zbar's mark, in modules: the mark lies
    /// where the last element zbar needed begins.
    var trailing = 3.0
    /// An end on the picture's edge is refused outright (a symbology with no check digit).
    var edgeIsNoQuietZone = false
    /// Which reads have their quiet zones checked, and the span they are checked against.
    var checkedSpan: @Sendable (DetectedCode) -> Double?
    /// The decoder straight across the bars (from a line's element widths), and the bytes a
    /// read should spell there.
    let decode: @Sendable ([Double]) -> [SpeltCode]
    var spelling: @Sendable (DetectedCode) -> [UInt8] = { $0.bytes }
    /// Its decoder asks five light modules on both sides, so a line across that spells a read
    /// stands in for a quiet zone not seen (not ITF, whose fragments are the commonest misread).
    var spellingStandsIn = true
    /// The modules a read says are printed, for `ModuleFit` (nil: not fitted).
    var layouts: (@Sendable (DetectedCode) -> [ModuleLayout])? = nil

    /// The descriptor of `symbology`, if qrtui checks it.
    static func of(_ symbology: Symbology) -> LinearCodeSpec? {
        switch symbology {
        case .ean13, .upca, .isbn13, .isbn10:
            var product = Self.product(95, halfMarks: 3 + 6 * 7 + 2, upceInside: true)
            if symbology == .upca { product.spelling = { [0x30] + $0.bytes } }  // zbar drops the EAN-13's leading 0
            if symbology == .isbn10 { product.spellingStandsIn = false }
            return product
        case .ean8: return product(67, halfMarks: 3 + 4 * 7 + 2, upceInside: false)
        case .upce: return product(51, halfMarks: nil, upceInside: false)
        case .i25:
            // A pair of digits is two wide and three narrow bars interleaved with as many
            // spaces; the start is four narrow elements, the stop a wide bar and two narrow.
            var itf = LinearCodeSpec(
                span: { characters, _, wide in (2 * wide + 3) * characters + wide + 6 },
                checkedSpan: Self.commonSpan(.i25), decode: ITFAcross.decode, spellingStandsIn: false)
            itf.edgeIsNoQuietZone = true
            return itf
        case .code39:
            // Each character three wide elements and six narrow, and a narrow gap after it;
            // start and stop are characters too.
            return LinearCodeSpec(
                span: { characters, _, wide in (3 * wide + 7) * (characters + 2) - 1 },
                checkedSpan: Self.commonSpan(.code39), decode: Code39Across.decode,
                spelling: { $0.raw ?? $0.bytes })  // as printed: before Full ASCII or Code 32
        case .code128:
            // Symbols of eleven modules (digits two to a symbol in code set C): start, data,
            // check, and the stop pattern of thirteen.
            return LinearCodeSpec(
                span: { characters, packed, _ in 11 * (packed ? (characters + 1) / 2 : characters) + 35 },
                unmarked: 11, trailing: 6, checkedSpan: Self.commonSpan(.code128), decode: Code128Across.decode,
                layouts: Code128Modules.of)
        default: return nil
        }
    }

    /// An EAN or UPC. zbar may read one in halves, each marked on its own scan line, and
    /// mark a whole read at its middle guard: only a UPC-E is checked for its quiet zone, and
    /// an EAN-13 whose number a UPC-E could spell (`upceInside`), for a UPC-E read out of an
    /// EAN-13's half is the misread to catch.
    private static func product(_ modules: Int, halfMarks: Int?, upceInside: Bool) -> LinearCodeSpec {
        let checked: @Sendable (DetectedCode) -> Double? = { code in
            halfMarks == nil ? Double(modules) : upceInside && UPCE.couldSpell(code.bytes) ? 51 : nil
        }
        var product = LinearCodeSpec(
            span: { _, _, _ in modules }, halfMarks: halfMarks, checkedSpan: checked,
            decode: ProductAcross.decode, layouts: ProductModules.of)
        product.upceInside = upceInside
        return product
    }

    /// The span of a read as commonly printed (wide elements three modules), its characters
    /// as printed, digits packed where the whole text is digits.
    private static func commonSpan(_ symbology: Symbology) -> @Sendable (DetectedCode) -> Double? {
        { code in
            let characters = (code.raw ?? code.bytes).count
            let digits = code.bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            return LinearCodeSpec.of(symbology).map { Double($0.span(characters, digits, 3)) }
        }
    }

    /// The fewest modules between two of zbar's marks of a whole read of `characters`
    /// characters (wide elements at their narrowest, digits packed; a half for a code zbar may
    /// read in halves, but a UPC-E's whole length for a number a UPC-E could spell): marks
    /// closer together are a misread of part of a larger code.
    func fewestBetweenMarks(characters: Int, upceNumber: Bool) -> Int {
        if let halfMarks { return upceNumber && upceInside ? 51 : halfMarks }
        return fewestMarked(characters: characters)
    }

    /// The fewest modules a whole read of `characters` characters spans between zbar's marks
    /// on one scan line.
    func fewestMarked(characters: Int) -> Int { span(characters, true, 2) - unmarked }
}
