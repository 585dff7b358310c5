/// What a terminal can draw besides characters, found by asking it, never by `TERM` alone:
/// sixel when its Primary DA names attribute 4, the kitty graphics protocol when it answers
/// the protocol's query with OK, and its cell's size in pixels.
public struct GraphicsSupport: Equatable, Sendable {
    /// The terminal answered at all (its Primary DA came).
    public var answered = false
    public var sixel = false
    /// Sixel's colour registers (XTSMGRAPHICS; nil: not said).
    public var colourRegisters: Int?
    /// The largest sixel picture (XTSMGRAPHICS; nil: not said).
    public var sixelLimit: PixelSize?
    public var kitty = false
    /// How kitty pictures reach the terminal: in the escapes, or (a terminal on this machine,
    /// that read the drop the probe left) by shared memory or a temporary file.
    public var kittyTransfer = KittyTransfer.direct
    /// A cell in screen pixels (`CSI 16 t`, else the window's pixels over its cells).
    public var cellPixels: PixelSize?

    public init() {}

    /// Whether the terminal draws pictures of its own, by either protocol.
    public var drawsPictures: Bool { (sixel || kitty) && cellPixels != nil }

    /// "sixel (1024 colours, 16x32 px cells)", "kitty graphics", "characters only".
    public var summary: String {
        var protocols = [String]()
        if kitty { protocols.append("kitty graphics" + kittyTransfer.summary) }
        if sixel { protocols.append("sixel" + (colourRegisters.map { " (\($0) colours)" } ?? "")) }
        let cells = cellPixels.map { ", cells of \($0.width)x\($0.height) px" } ?? ""
        guard answered else { return "characters only (the terminal answered no question)" }
        return (protocols.isEmpty ? "characters only" : protocols.joined(separator: " and ")) + cells
    }
}

/// How a kitty picture's pixels reach the terminal.
public enum KittyTransfer: Sendable, Equatable {
    /// In the escapes themselves, compressed (works over any link).
    case direct
    /// A POSIX shared-memory object the terminal reads and removes (`t=s`).
    case sharedMemory
    /// A file in /tmp the terminal reads and removes (`t=t`).
    case file

    var summary: String {
        switch self {
        case .direct: ""
        case .sharedMemory: " (by shared memory)"
        case .file: " (by temporary file)"
        }
    }
}

/// The questions put to a terminal and its answers read back. Each answer is a sequence of its
/// own among whatever else comes (keys typed meanwhile are kept, in order, for the key decoder).
/// Primary DA is asked last: every terminal answers it, so its answer ends the wait, and one
/// that ignores the other questions still ends it.
public struct GraphicsProbe: Sendable {
    /// The kitty query (a 1x1 picture, checked and not kept) where it is asked, then the same
    /// picture left in shared memory and in a file (`drops`: their names in base64, made by the
    /// caller), XTSMGRAPHICS (colour registers, sixel geometry), the cell's size, then Primary DA.
    public static func questions(askingKitty: Bool, drops: (sharedMemory: String, file: String)? = nil) -> [UInt8] {
        var kitty = askingKitty ? "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" : ""
        if askingKitty, let drops {
            kitty += "\u{1B}_Gi=\(sharedMemoryQuery),s=1,v=1,a=q,t=s,f=24;\(drops.sharedMemory)\u{1B}\\"
            kitty += "\u{1B}_Gi=\(fileQuery),s=1,v=1,a=q,t=t,f=24;\(drops.file)\u{1B}\\"
        }
        return Array((kitty + "\u{1B}[?1;1;0S" + "\u{1B}[?2;1;0S" + "\u{1B}[16t" + "\u{1B}[c").utf8)
    }
    static let sharedMemoryQuery = 32
    static let fileQuery = 33

    /// Whether the kitty question may be put: not inside tmux or screen, which take the APC it
    /// comes in for a title of their own (and pass no picture on).
    public static func asksKitty(environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return (environment["TMUX"] ?? "").isEmpty && (environment["STY"] ?? "").isEmpty
            && !term.hasPrefix("screen") && !term.hasPrefix("tmux")
    }
    /// The wait for the answers, in all (seconds): a terminal that answers nothing costs this once.
    /// Every other one ends it with its Primary DA, so it is long enough for a link of some
    /// hundreds of milliseconds, or a terminal still starting (kitty drawing by software).
    public static let patience = 1.0

    public private(set) var support = GraphicsSupport()
    /// Bytes that were no answer (keys), in the order they came.
    public private(set) var other: [UInt8] = []
    /// An answer begun and not yet whole.
    private var pending: [UInt8] = []
    /// Answers longer than this are no answers (a stray ESC _ with no end).
    static let longest = 256

    public init() {}

    /// Primary DA has come: nothing more to wait for.
    public var finished: Bool { support.answered }

    /// Reads what the terminal sent.
    public mutating func feed(_ bytes: [UInt8]) {
        for byte in bytes {
            if pending.isEmpty {
                if byte == 0x1B { pending = [byte] } else { other.append(byte) }
                continue
            }
            pending.append(byte)
            if let complete = Self.end(of: pending) {
                if !complete || !take(pending) { other += pending }
                pending = []
            } else if pending.count > Self.longest {
                other += pending
                pending = []
            }
        }
    }

    /// The wait ended: what was begun and never finished was no answer.
    public mutating func giveUp() {
        other += pending
        pending = []
    }

    /// Whether `sequence` is whole: true when it ends an answer-like sequence, false when it
    /// ends as something else (not an answer), nil while it goes on.
    private static func end(of sequence: [UInt8]) -> Bool? {
        guard sequence.count >= 2 else { return nil }
        switch sequence[1] {
        case UInt8(ascii: "_"):  // APC, ends with ST (ESC \)
            return sequence.count >= 4 && sequence.suffix(2) == [0x1B, UInt8(ascii: "\\")] ? true : nil
        case UInt8(ascii: "["):  // CSI: parameters, then a final byte
            guard sequence.count >= 3, let last = sequence.last else { return nil }
            return (0x40...0x7E).contains(last) ? true : nil
        default:
            return false
        }
    }

    /// Records `sequence` if it is an answer to a question asked; whether it was.
    private mutating func take(_ sequence: [UInt8]) -> Bool {
        let text = String(decoding: sequence.dropFirst(2), as: UTF8.self)
        if sequence[1] == UInt8(ascii: "_") {
            let ok = text.dropFirst(6).hasPrefix("OK")
            switch text.prefix(6) {
            case "Gi=31;": support.kitty = ok
            case "Gi=\(Self.sharedMemoryQuery);": if ok { support.kittyTransfer = .sharedMemory }
            case "Gi=\(Self.fileQuery);": if ok && support.kittyTransfer == .direct { support.kittyTransfer = .file }
            default: return false
            }
            return true
        }
        guard let final = text.last else { return false }
        let numbers = text.dropLast().split(separator: ";", omittingEmptySubsequences: false).map {
            Int($0.hasPrefix("?") ? $0.dropFirst() : $0)
        }
        switch (final, text.first) {
        case ("c", "?"):
            support.answered = true
            support.sixel = numbers.dropFirst().contains(4)
        case ("S", "?") where numbers.count >= 3 && numbers[1] == 0:
            if numbers[0] == 1, let count = numbers[2] { support.colourRegisters = count }
            if numbers[0] == 2, numbers.count >= 4, let width = numbers[2], let height = numbers[3] {
                support.sixelLimit = PixelSize(width: width, height: height)
            }
        case ("S", "?"):
            break  // a register or geometry it does not have
        case ("t", _) where numbers.count == 3 && numbers[0] == 6:
            if let height = numbers[1], let width = numbers[2], width > 0, height > 0 {
                support.cellPixels = PixelSize(width: width, height: height)
            }
        default:
            return false
        }
        return true
    }

    /// The window's size in pixels over its cells, where the terminal did not say a cell's.
    public mutating func assume(window: PixelSize, columns: Int, rows: Int) {
        guard support.cellPixels == nil, columns > 0, rows > 0, window.width >= columns, window.height >= rows
        else { return }
        support.cellPixels = PixelSize(width: window.width / columns, height: window.height / rows)
    }
}
