/// The modules a 1D read says are printed, for `ModuleFit`: bars and spaces from quiet zone
/// to quiet zone, and for each symbol (an EAN digit, a Code 128 symbol) where it lies and what
/// else a reader could have taken it for.
struct ModuleLayout: Equatable {
    /// True where a module is dark.
    var bars: [Bool]
    /// Each symbol's first module and the other patterns its modules could hold.
    var symbols: [Slot] = []

    struct Slot: Equatable {
        var start: Int
        var width: Int
        var rivals: [[Bool]]
    }

    /// What `code` says is printed (several layouts where more than one could spell it), none
    /// for symbologies that are not fitted.
    static func of(_ code: DetectedCode) -> [ModuleLayout] {
        LinearCodeSpec.of(code.symbology)?.layouts?(code) ?? []
    }

    /// `pattern` laid after the modules so far, a symbol that could have been any of `all`.
    mutating func append(_ pattern: [Bool], among all: [[Bool]]) {
        symbols.append(Slot(start: bars.count, width: pattern.count, rivals: all.filter { $0 != pattern }))
        bars += pattern
    }
}
