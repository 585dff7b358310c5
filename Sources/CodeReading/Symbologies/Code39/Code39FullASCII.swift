/// Code 39's Full ASCII mode: the 43 characters it has spell the other ASCII characters in
/// pairs, a shift ($ % / +) and a letter: "+A" is "a", "$M" a carriage return, "%U" NUL.
/// The reader cannot know whether a symbol was printed in that mode, so it is decoded as
/// such when every shift pair in it is valid (as zxing-cpp does), and kept as printed when any
/// is not.
package enum Code39FullASCII {
    package static func decoded(_ bytes: [UInt8]) -> [UInt8]? {
        let shifts: Set<UInt8> = [0x24, 0x25, 0x2F, 0x2B]  // $ % / +
        guard bytes.contains(where: shifts.contains) else { return nil }
        var out = [UInt8]()
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard shifts.contains(byte) else {
                out.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count, let value = pair(byte, bytes[index + 1]) else { return nil }
            out.append(value)
            index += 2
        }
        return out
    }

    /// The ASCII character a shift and a letter stand for (nil: no such pair).
    private static func pair(_ shift: UInt8, _ letter: UInt8) -> UInt8? {
        guard (0x41...0x5A).contains(letter) else { return nil }  // A...Z
        let n = letter - 0x41
        switch shift {
        case 0x24: return 0x01 + n  // $A...$Z: SOH...SUB
        case 0x2B: return 0x61 + n  // +A...+Z: a...z
        case 0x2F:  // /A.../O: ! ... /, /Z: colon
            if n <= 14 { return 0x21 + n }
            return letter == 0x5A ? 0x3A : nil
        default:  // %
            switch letter {
            case 0x41...0x45: return 0x1B + n  // %A...%E: ESC FS GS RS US
            case 0x46...0x4A: return 0x3B + (n - 5)  // %F...%J: ; < = > ?
            case 0x4B...0x4F: return 0x5B + (n - 10)  // %K...%O: [ \\ ] ^ _
            case 0x50...0x54: return 0x7B + (n - 15)  // %P...%T: { | } ~ DEL
            case 0x55: return 0x00  // %U: NUL
            case 0x56: return 0x40  // %V: @
            case 0x57: return 0x60  // %W: `
            default: return 0x7F  // %X...%Z: DEL
            }
        }
    }
}
