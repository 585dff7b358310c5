/// What the terminal reports: keys, a new size, mouse clicks.
public enum TerminalEvent: Equatable, Sendable {
    case key(Key)
    case resize
    case click(column: Int, row: Int)
}

public enum Key: Hashable, Sendable {
    case up, down, left, right
    case shiftUp, shiftDown, shiftLeft, shiftRight
    case enter, escape, space, tab, backTab
    case home, end, pageUp, pageDown, insert, delete
    /// F1, F2...
    case function(Int)
    case character(Character)
    case other(Int32)
}

/// What a key asks the live screen to do.
public enum KeyAction: Equatable, Sendable {
    /// Move the scan area by whole steps (columns, rows).
    case move(columns: Int, rows: Int)
    /// Grow (positive) or shrink (negative) the scan area on each side.
    case resize(columns: Int, rows: Int)
    /// The scan area as it started (in the middle), or over the whole picture.
    case startingArea, wholeArea
    case copy
    /// Copy the code's main field (a Wi-Fi password, a contact's number).
    case copyField
    /// Open a link, place, address or number with the desktop's opener.
    case open
    /// Show or hide secrets (Wi-Fi passwords).
    case reveal
    /// Show or hide a two-factor account's current code.
    case showCode
    /// Show or hide this run's codes.
    case history
    /// Join the Wi-Fi network a code names.
    case join
    case pause
    case nextGlyphs
    /// Turn one of the camera's controls (where it has it).
    case camera(CameraKey)
    /// Show the picture mirrored (a camera facing the user); codes are read as taken.
    case mirror
    case help
    case quit
}

/// What a camera key asks of the camera.
public enum CameraKey: Equatable, Sendable {
    case focusNearer, focusFarther, autoFocus
    case brighter, darker
    case zoomIn, zoomOut
}

/// One line of the key table: the keys, what they do, how help and the status line name them.
public struct KeyBinding: Sendable {
    /// How help names the keys ("arrows", "q, esc").
    public let label: String
    /// What they do, for the help box and `--help`.
    public let help: String
    /// The keys and their actions.
    public let keys: [(key: Key, action: KeyAction)]
    /// The short hint the status line shows (Unicode and ASCII), if any.
    public let hint: (unicode: String, ascii: String)?
    /// Keys only a camera answers: the live screen's help leaves them out for a file.
    public var cameraOnly = false
}

/// Every key binding, once: `update`, the help box, the status hints and `--help` all read it.
public enum KeyBindings {
    public static let table: [KeyBinding] = [
        KeyBinding(
            label: "arrows", help: "move the scan area",
            keys: [
                (.up, .move(columns: 0, rows: -1)), (.down, .move(columns: 0, rows: 1)),
                (.left, .move(columns: -1, rows: 0)), (.right, .move(columns: 1, rows: 0)),
            ],
            hint: ("←↑↓→ move", "arrows move")),
        KeyBinding(
            label: "shift+arrows", help: "resize it (right/up grow, left/down shrink)",
            keys: [
                (.shiftUp, .resize(columns: 0, rows: 1)), (.shiftDown, .resize(columns: 0, rows: -1)),
                (.shiftRight, .resize(columns: 1, rows: 0)), (.shiftLeft, .resize(columns: -1, rows: 0)),
            ],
            hint: ("⇧/+- size", "shift/+- size")),
        KeyBinding(
            label: "+ -", help: "grow / shrink it",
            keys: [
                (.character("+"), .resize(columns: 1, rows: 1)), (.character("="), .resize(columns: 1, rows: 1)),
                (.character("-"), .resize(columns: -1, rows: -1)), (.character("_"), .resize(columns: -1, rows: -1)),
            ],
            hint: nil),
        KeyBinding(
            label: "home, end", help: "back to the middle / over the whole picture",
            keys: [(.home, .startingArea), (.end, .wholeArea)], hint: nil),
        KeyBinding(label: "mouse click", help: "centre it there", keys: [], hint: nil),
        KeyBinding(label: "enter", help: "copy the last code", keys: [(.enter, .copy)], hint: ("⏎ copy", "enter copy")),
        KeyBinding(
            label: "c", help: "copy the main field (Wi-Fi password, phone number)",
            keys: [(.character("c"), .copyField)], hint: nil),
        KeyBinding(
            label: "o", help: "open a link, place, mail or number (warned: twice)",
            keys: [(.character("o"), .open)], hint: nil),
        KeyBinding(
            label: "r t", help: "reveal a password; a 2FA code now",
            keys: [(.character("r"), .reveal), (.character("t"), .showCode)], hint: nil),
        KeyBinding(
            label: "h", help: "this run's codes (arrows pick, enter copies)", keys: [(.character("h"), .history)],
            hint: nil),
        KeyBinding(
            label: "w", help: "join the Wi-Fi network with nmcli (asks twice)", keys: [(.character("w"), .join)],
            hint: nil),
        KeyBinding(
            label: "space", help: "pause (freeze the picture)", keys: [(.space, .pause)],
            hint: ("␣ pause", "space pause")),
        KeyBinding(
            label: "g", help: "glyphs: ascii, blocks, half, braille, picture",
            keys: [(.character("g"), .nextGlyphs)],
            hint: ("g glyphs", "g glyphs")),
        // One line for the camera's keys, in the order the help names them: f auto focus and
        // [ ] farther / nearer, e E exposure up / down, z Z zoom in / out.
        KeyBinding(
            label: "f [] eE zZ", help: "camera focus, exposure, zoom",
            keys: [
                (.character("f"), .camera(.autoFocus)), (.character("["), .camera(.focusFarther)),
                (.character("]"), .camera(.focusNearer)), (.character("e"), .camera(.brighter)),
                (.character("E"), .camera(.darker)), (.character("z"), .camera(.zoomIn)),
                (.character("Z"), .camera(.zoomOut)),
            ],
            hint: nil, cameraOnly: true),
        KeyBinding(label: "m", help: "mirror the picture", keys: [(.character("m"), .mirror)], hint: nil),
        KeyBinding(
            label: "?", help: "show / hide this help", keys: [(.character("?"), .help)], hint: ("? help", "? help")),
        KeyBinding(label: "ctrl-z", help: "suspend qrtui (fg resumes it)", keys: [], hint: nil),
        KeyBinding(
            label: "q, esc", help: "stop and print the last code",
            keys: [(.character("q"), .quit), (.character("Q"), .quit), (.escape, .quit)], hint: ("q quit", "q quit")),
    ]

    private static let actions: [Key: KeyAction] = Dictionary(
        table.flatMap { $0.keys.map { ($0.key, $0.action) } }, uniquingKeysWith: { first, _ in first })

    /// What `key` does, if anything.
    public static func action(for key: Key) -> KeyAction? { actions[key] }

    /// The status line's key hints, in table order.
    /// What is left of the hints on a narrow line.
    public static let shortHint = "? help"

    public static func hints(unicode: Bool) -> String {
        table.compactMap { $0.hint.map { unicode ? $0.unicode : $0.ascii } }.joined(separator: "  ")
    }
}
