import CNcursesw
import Overlay

/// The cells that changed, as one piece of terminal output: cursor moves, attributes and
/// text, made from the terminal description's own capabilities (cup, sgr0, bold, dim, rev,
/// smul, setaf, setab, clear). ncurses' refresh writes every line with a `write` of its own
/// (a full repaint is dozens); over SSH each can be a packet, so a frame is sent in one.
struct CellWriter {
    private let cursorTo: String?
    /// The terminal moves the cursor as ANSI terminals do (`ESC [ row ; column H`): the move
    /// is written directly, not filled in by tiparm for every cell.
    private let ansiMoves: Bool
    private let reset: [UInt8]
    private let clear: [UInt8]
    private let attributeCodes: [(Attributes, [UInt8])]
    private let foregrounds: [[UInt8]]
    private let backgrounds: [[UInt8]]
    let depth: ColorDepth
    /// Writing the bottom-right cell would scroll the screen (auto margins without the
    /// newline glitch): it is left alone.
    private let lastCellScrolls: Bool

    init(depth: ColorDepth) {
        self.depth = depth
        cursorTo = Self.string("cup")
        ansiMoves = cursorTo == "\u{1B}[%i%p1%d;%p2%dH"
        reset = Array(Self.unpadded(Self.string("sgr0") ?? "\u{1B}[m").utf8)
        clear = Array(Self.unpadded(Self.string("clear") ?? "").utf8)
        attributeCodes = [(.bold, "bold"), (.dim, "dim"), (.reverse, "rev"), (.underline, "smul")].compactMap {
            attribute, name in Self.string(name).map { (attribute, Array(Self.unpadded($0).utf8)) }
        }
        let colours = depth == .none ? 0 : depth == .indexed256 ? 256 : 8
        let setaf = Self.string("setaf")
        let setab = Self.string("setab")
        foregrounds = (0..<colours).map { number in setaf.map { Array(Self.filled($0, number).utf8) } ?? [] }
        backgrounds = (0..<colours).map { number in setab.map { Array(Self.filled($0, number).utf8) } ?? [] }
        lastCellScrolls = qrtui_has_flag("am") != 0 && qrtui_has_flag("xenl") == 0
    }

    /// What draws `changes` over a screen of `width` x `height`; `fresh` clears it first.
    func output(for changes: [CellChange], width: Int, height: Int, fresh: Bool) -> [UInt8] {
        var bytes = reset
        bytes.reserveCapacity(changes.count * 4 + 64)
        if fresh { bytes += clear }
        var style: Style?
        var cursor: (column: Int, row: Int)?
        for change in changes {
            if lastCellScrolls && change.row == height - 1 && change.column + 1 >= width { continue }
            if cursor.map({ $0.column != change.column || $0.row != change.row }) ?? true {
                move(column: change.column, row: change.row, into: &bytes)
            }
            if change.cell.style != style {
                codes(for: change.cell.style, after: style, into: &bytes)
                style = change.cell.style
            }
            bytes.append(contentsOf: change.cell.text.utf8)
            let next = change.column + max(1, CellWidth.of(change.cell.text.first ?? " "))
            // Past the last column the cursor waits to wrap: its place is not known.
            cursor = next < width ? (next, change.row) : nil
        }
        return bytes + reset
    }

    /// What moves the cursor to (`column`, `row`).
    func moving(column: Int, row: Int) -> [UInt8] {
        var bytes = [UInt8]()
        move(column: column, row: row, into: &bytes)
        return bytes
    }

    private func move(column: Int, row: Int, into bytes: inout [UInt8]) {
        guard let cursorTo else { return }
        guard ansiMoves else {
            bytes.append(contentsOf: Self.filled(cursorTo, row, column).utf8)
            return
        }
        bytes += [0x1B, UInt8(ascii: "[")]
        Self.decimal(row + 1, into: &bytes)
        bytes.append(UInt8(ascii: ";"))
        Self.decimal(column + 1, into: &bytes)
        bytes.append(UInt8(ascii: "H"))
    }

    private static func decimal(_ value: Int, into bytes: inout [UInt8]) {
        if value >= 10 { decimal(value / 10, into: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// The codes from `previous` (nil: just reset) to `style`: only the colours that differ
    /// while the attributes stay, else a reset and all of it (attributes cannot be turned off
    /// one by one everywhere, and the terminal's default colours only by a reset).
    private func codes(for style: Style, after previous: Style?, into bytes: inout [UInt8]) {
        let foreground = Int(depth.number(for: style.foreground))
        let background = Int(depth.number(for: style.background))
        if let previous, previous.attributes == style.attributes, foreground >= 0, background >= 0 {
            if depth.number(for: previous.foreground) != Int32(foreground) { bytes += foregrounds[foreground] }
            if depth.number(for: previous.background) != Int32(background) { bytes += backgrounds[background] }
            return
        }
        bytes += reset
        for (attribute, code) in attributeCodes where style.attributes.contains(attribute) { bytes += code }
        if foregrounds.indices.contains(foreground) { bytes += foregrounds[foreground] }
        if backgrounds.indices.contains(background) { bytes += backgrounds[background] }
    }

    private static func string(_ name: String) -> String? {
        guard let text = tigetstr(name), Int(bitPattern: text) != -1 else { return nil }
        return String(cString: text)
    }

    private static func filled(_ capability: String, _ a: Int, _ b: Int? = nil) -> String {
        guard
            let text = b.map({ qrtui_tiparm2(capability, Int32(a), Int32($0)) }) ?? qrtui_tiparm1(capability, Int32(a))
        else { return "" }
        return unpadded(String(cString: text))
    }

    /// The capability without its padding ("$<5>", "$<2*/>": delays tputs would wait out for
    /// a hardware terminal; no emulator needs them, and written as they are they show).
    static func unpadded(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "$", next < text.endIndex, text[next] == "<",
                let end = text[next...].firstIndex(of: ">"),
                text[text.index(after: next)..<end].allSatisfy({ "0123456789.*/".contains($0) })
            {
                index = text.index(after: end)
                continue
            }
            result.append(text[index])
            index = next
        }
        return result
    }
}
