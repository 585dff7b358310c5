/// How many terminal columns a character takes, as wcwidth(3) says for the characters a
/// payload is likely to hold: 2 for East Asian wide and fullwidth characters and emoji,
/// 0 for combining marks and zero-width characters, 1 otherwise. Pure Swift, so that the
/// Overlay needs no C.
public enum CellWidth {
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1,
            character.unicodeScalars.contains(where: { $0.value == 0xFE0F })
        {
            return 2
        }
        return of(first)
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0 { return 0 }
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 1 }  // never printed raw anyway
        if isZeroWidth(v) { return 0 }
        return isWide(v) ? 2 : 1
    }

    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    static func isZeroWidth(_ v: UInt32) -> Bool {
        (0x0300...0x036F).contains(v) || (0x0483...0x0489).contains(v) || (0x0591...0x05BD).contains(v)
            || (0x0610...0x061A).contains(v) || (0x064B...0x065F).contains(v)
            || (0x200B...0x200F).contains(v) || (0x2060...0x2064).contains(v)
            || (0x20D0...0x20FF).contains(v) || (0xFE00...0xFE0F).contains(v)
            || (0xFE20...0xFE2F).contains(v) || v == 0xFEFF || (0xE0100...0xE01EF).contains(v)
    }

    static func isWide(_ v: UInt32) -> Bool {
        (0x1100...0x115F).contains(v) || (0x231A...0x231B).contains(v) || (0x2329...0x232A).contains(v)
            || (0x23E9...0x23EC).contains(v) || v == 0x23F0 || v == 0x23F3 || (0x25FD...0x25FE).contains(v)
            || (0x2614...0x2615).contains(v) || (0x2648...0x2653).contains(v) || v == 0x267F || v == 0x2693
            || v == 0x26A1 || (0x26AA...0x26AB).contains(v) || (0x26BD...0x26BE).contains(v)
            || (0x26C4...0x26C5).contains(v) || v == 0x26CE || v == 0x26D4 || v == 0x26EA
            || (0x26F2...0x26F3).contains(v) || v == 0x26F5 || v == 0x26FA || v == 0x26FD || v == 0x2705
            || (0x270A...0x270B).contains(v) || v == 0x2728 || v == 0x274C || v == 0x274E
            || (0x2753...0x2755).contains(v) || v == 0x2757 || (0x2795...0x2797).contains(v)
            || v == 0x27B0 || v == 0x27BF || (0x2B1B...0x2B1C).contains(v) || v == 0x2B50 || v == 0x2B55
            || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v) || (0x3400...0x4DBF).contains(v)
            || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v) || (0xA960...0xA97F).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE10...0xFE19).contains(v)
            || (0xFE30...0xFE6F).contains(v) || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v)
            || (0x1F004...0x1F004).contains(v) || v == 0x1F0CF || v == 0x1F18E || (0x1F191...0x1F19A).contains(v)
            || (0x1F200...0x1F251).contains(v) || (0x1F300...0x1F64F).contains(v) || (0x1F680...0x1F6FF).contains(v)
            || (0x1F900...0x1F9FF).contains(v) || (0x1FA70...0x1FAFF).contains(v)
            || (0x20000...0x2FFFD).contains(v) || (0x30000...0x3FFFD).contains(v)
    }
}
