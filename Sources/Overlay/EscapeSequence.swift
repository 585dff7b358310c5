/// The generic escape sequences of key and mouse input (ECMA-48, as xterm, rxvt, screen, tmux
/// and the Linux console send them). Each function is given the bytes after `ESC [` or `ESC O`
/// and says how many of them the sequence takes.
enum EscapeSequence {
    typealias Step = KeyDecoder.Step

    /// `ESC [` parameters, intermediates and a final byte; the Linux console's `ESC [ [ A`;
    /// X10 (`ESC [ M b x y`) and SGR (`ESC [ < b ; x ; y M`) mouse reports.
    static func control(_ bytes: ArraySlice<UInt8>) -> Step {
        guard let first = bytes.first else { return .incomplete }
        if first == UInt8(ascii: "[") {
            guard let key = bytes.dropFirst().first else { return .incomplete }
            let number = Int(key) - Int(UInt8(ascii: "A")) + 1
            return .decoded((1...5).contains(number) ? .key(.function(number)) : nil, length: 2)
        }
        if first == UInt8(ascii: "M") {
            guard bytes.count >= 4 else { return .incomplete }
            let report = Array(bytes.dropFirst().prefix(3)).map { Int($0) - 32 }
            return .decoded(click(button: report[0], column: report[1] - 1, row: report[2] - 1), length: 4)
        }
        var parameters = [UInt8]()
        for (offset, byte) in bytes.enumerated() {
            switch byte {
            case 0x30...0x3F: parameters.append(byte)
            case 0x20...0x2F where byte != UInt8(ascii: "$"): continue
            case 0x40...0x7E, UInt8(ascii: "$"):  // `$` ends rxvt's shifted keys (`ESC [ 2 $`)
                return .decoded(event(parameters: parameters, final: byte), length: offset + 1)
            default:
                return .decoded(nil, length: offset)  // broken off: drop what came
            }
        }
        return .incomplete
    }

    /// `ESC O`, an optional modifier (older xterm) and a final byte: cursor keys in
    /// application mode, Home and End, F1 to F4, the keypad.
    static func singleShift(_ bytes: ArraySlice<UInt8>) -> Step {
        let digits = bytes.prefix { (0x30...0x39).contains($0) }
        guard let final = bytes.dropFirst(digits.count).first else { return .incomplete }
        guard (0x40...0x7E).contains(final) else { return .decoded(nil, length: digits.count) }
        let modifier = Int(String(decoding: digits, as: UTF8.self)) ?? 1
        let keypad: [UInt8: Key] = [
            UInt8(ascii: "M"): .enter, UInt8(ascii: "k"): .character("+"),
            UInt8(ascii: "m"): .character("-"),
        ]
        let key =
            cursorKey(final, modifier: modifier) ?? (modifier == 1 ? keypad[final] : nil)
            ?? (modifier == 1 && (UInt8(ascii: "P")...UInt8(ascii: "S")).contains(final)
                ? .function(Int(final - UInt8(ascii: "P")) + 1) : nil)
        return .decoded(key.map(TerminalEvent.key), length: digits.count + 1)
    }

    /// Arrows (Shift too), Home and End by their letter; other modifiers are not keys qrtui takes.
    static func cursorKey(_ final: UInt8, modifier: Int) -> Key? {
        let plain: [UInt8: Key] = [
            UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
            UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
        ]
        let shifted: [UInt8: Key] = [
            UInt8(ascii: "A"): .shiftUp, UInt8(ascii: "B"): .shiftDown,
            UInt8(ascii: "C"): .shiftRight, UInt8(ascii: "D"): .shiftLeft,
        ]
        switch modifier {
        case 1: return plain[final]
        case 2: return shifted[final]
        default: return nil
        }
    }

    static func event(parameters: [UInt8], final: UInt8) -> TerminalEvent? {
        let text = String(decoding: parameters, as: UTF8.self)
        if text.hasPrefix("<") {
            guard final == UInt8(ascii: "M") else { return nil }  // `m` is the release
            let numbers = text.dropFirst().split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 3 else { return nil }
            return click(button: numbers[0], column: numbers[1] - 1, row: numbers[2] - 1)
        }
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";") }) else { return nil }
        let numbers = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 1 }
        let modifier = numbers.count > 1 ? numbers[1] : 1
        let rxvtShifted: [UInt8: Key] = [
            UInt8(ascii: "a"): .shiftUp, UInt8(ascii: "b"): .shiftDown,
            UInt8(ascii: "c"): .shiftRight, UInt8(ascii: "d"): .shiftLeft,
        ]
        switch final {
        case UInt8(ascii: "~"):
            return modifier == 1 ? tilde(numbers.first ?? 0).map(TerminalEvent.key) : nil
        case UInt8(ascii: "Z"):
            return .key(.backTab)
        default:
            if text.isEmpty, let key = rxvtShifted[final] { return .key(key) }
            guard (numbers.first ?? 1) == 1 else { return nil }
            return cursorKey(final, modifier: modifier).map(TerminalEvent.key)
        }
    }

    /// `CSI n ~` keys (VT220): Home, End, Insert, Delete, pages and F5 to F12.
    static func tilde(_ number: Int) -> Key? {
        switch number {
        case 1, 7: .home
        case 4, 8: .end
        case 2: .insert
        case 3: .delete
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23, 24: .function(number - 12)
        default: nil
        }
    }

    /// A press of the left button, without motion, wheel or modifier keys, is a click.
    static func click(button: Int, column: Int, row: Int) -> TerminalEvent? {
        guard button == 0, column >= 0, row >= 0 else { return nil }
        return .click(column: column, row: row)
    }
}
