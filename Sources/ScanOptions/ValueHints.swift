import CodeReading
import Overlay

/// What an option's value can be, for completions and the manual: made from the same enums
/// the parsers accept, so a new glyph set or format is offered without being written twice.
package enum ValueHint: Equatable {
    case none
    case files
    case devices
    case choices([String])
}

extension OptionSpec {
    package var valueHint: ValueHint {
        guard argument != nil else { return .none }
        switch names.last {
        case "--input", "--history": return .files
        case "--device": return .devices
        case "--glyphs": return .choices(GlyphSet.allCases.map(\.rawValue))
        case "--format": return .choices(Options.Format.allCases.map(\.rawValue))
        case "--color": return .choices(Options.ColorChoice.allCases.map(\.rawValue))
        case "--effort": return .choices(["fast", "normal", "thorough"])
        case "--symbologies": return .choices(Symbology.allCases.map { $0.optionNames[0] } + ["disable", "enable"])
        case "--completions": return .choices(Shell.allCases.map(\.rawValue))
        default: return .choices([])
        }
    }
}
