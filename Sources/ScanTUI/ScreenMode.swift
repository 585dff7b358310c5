/// What the screen is doing: one mode at a time, each with the data only it has. A box (help,
/// this run's codes, an export's accounts) opens over the picture as it was, paused or not,
/// and closing it goes back to that.
enum ScreenMode: Equatable {
    /// Frames come and are read.
    case live
    /// `p`: the picture stands and nothing is read.
    case paused
    /// `?`: the keys.
    case help(paused: Bool)
    /// `h`: this run's codes, the chosen line.
    case history(selection: Int, paused: Bool)
    /// `h` after a two-factor export: its accounts, the chosen one.
    case accounts(selection: Int, paused: Bool)

    var paused: Bool {
        switch self {
        case .live: false
        case .paused: true
        case .help(let paused), .history(_, let paused), .accounts(_, let paused): paused
        }
    }

    /// A box (help, a list) lies over the picture.
    var boxOpen: Bool {
        switch self {
        case .live, .paused: false
        case .help, .history, .accounts: true
        }
    }

    var showsHelp: Bool { if case .help = self { true } else { false } }

    /// The chosen line of the box of codes or accounts (nil: neither is open).
    var selection: Int? {
        switch self {
        case .history(let selection, _), .accounts(let selection, _): selection
        default: nil
        }
    }

    var listsAccounts: Bool { if case .accounts = self { true } else { false } }

    /// The mode with its box closed.
    var closed: ScreenMode { paused ? .paused : .live }

    /// The same box with another line chosen.
    func choosing(_ selection: Int) -> ScreenMode {
        switch self {
        case .history(_, let paused): .history(selection: selection, paused: paused)
        case .accounts(_, let paused): .accounts(selection: selection, paused: paused)
        default: self
        }
    }

    /// `p`: paused, or running again (a box takes `p` for itself, or closes first).
    var togglingPause: ScreenMode { paused ? .live : .paused }
}
