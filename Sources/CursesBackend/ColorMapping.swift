import Overlay

/// How the Overlay's colours become terminal colour numbers for the colours a terminal has.
public enum ColorDepth: Equatable, Sendable {
    /// NO_COLOR, `--color none`, or a terminal without colours: attributes only.
    case none
    case eight
    case indexed256

    /// The colour number for `color` (-1 is the terminal's default).
    public func number(for color: Color) -> Int32 {
        switch (self, color) {
        case (.none, _), (_, .default): return -1
        case (.indexed256, .grey(let level)): return Self.grey256(level)
        case (.eight, .grey(let level)): return level < 96 ? 0 : 7
        case (.indexed256, .green): return 46
        case (.indexed256, .red): return 196
        case (.indexed256, .yellow): return 226
        case (.indexed256, .white): return 15
        case (.indexed256, .black): return 16
        case (.eight, .green): return 2
        case (.eight, .red): return 1
        case (.eight, .yellow): return 3
        case (.eight, .white): return 7
        case (.eight, .black): return 0
        }
    }

    /// The grey a 256-colour terminal shows for `level` (what the fidelity benchmark compares).
    public static func shownGrey(_ level: UInt8) -> Int {
        let number = grey256(level)
        return number == 16 ? 0 : number == 231 ? 255 : 8 + 10 * Int(number - 232)
    }

    /// The nearest of black (16), the 24 greys 232-255 (levels 8, 18, ..., 238) and white (231).
    static func grey256(_ level: UInt8) -> Int32 {
        if level < 4 { return 16 }
        if level > 246 { return 231 }
        let step = (Int(level) - 8 + 5) / 10
        return Int32(232 + min(23, max(0, step)))
    }
}
