import CNcursesw
import Glibc
import Overlay
import SystemCalls

/// The terminal seen through ncurses: the only code that touches it. It draws a `CellGrid`
/// (writing only the cells that changed since the last grid), reads keys, and restores the
/// terminal exactly once however qrtui ends.
public final class CursesTerminal: TerminalBackend {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let depth: ColorDepth
    public var colour: Bool { depth != .none }
    public var greys: Bool { depth == .indexed256 }
    public let unicode: Bool
    public let inputDescriptor: Int32
    private let outputDescriptor: Int32
    private let screen: OpaquePointer
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    private var previous: CellGrid?
    private var pairs: [Int32] = []
    private var ended = false

    /// Opens the screen on `input`/`output` descriptors (normally both /dev/tty).
    /// `terminalType` nil uses $TERM; `wantColor` false draws without colours.
    public init(input inputFD: Int32, output outputFD: Int32, terminalType: String? = nil,
                wantColor: Bool = true) throws(Failure) {
        setlocale(LC_ALL, "")
        unicode = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
        guard let output = fdopen(dup(outputFD), "w"), let input = fdopen(dup(inputFD), "r") else {
            throw Failure(description: "cannot open the terminal: \(String(cString: strerror(errno)))")
        }
        self.input = input
        self.output = output
        inputDescriptor = fileno(input)
        outputDescriptor = fileno(output)
        qrtui_keep_shell_modes(outputDescriptor)
        guard let screen = newterm(terminalType, output, input) else {
            fclose(input)
            fclose(output)
            let name = terminalType ?? ProcessEnvironment.value("TERM") ?? "(TERM not set)"
            throw Failure(description: "cannot use terminal type '\(name)'")
        }
        self.screen = screen
        set_term(screen)
        // A terminal that cannot place the cursor (TERM=dumb) cannot show a screen at all.
        guard Self.has("cup") else {
            endwin()
            delscreen(screen)
            fclose(input)
            fclose(output)
            let name = terminalType ?? ProcessEnvironment.value("TERM") ?? "(TERM not set)"
            throw Failure(description: "terminal type '\(name)' cannot move the cursor, so it cannot show a preview")
        }
        cbreak()
        noecho()
        nonl()
        keypad(qrtui_stdscr(), true)
        nodelay(qrtui_stdscr(), true)
        curs_set(0)
        set_escdelay(25)
        mousemask(qrtui_click_mask(), nil)
        mouseinterval(0)
        if wantColor && has_colors() {
            start_color()
            use_default_colors()
            depth = qrtui_colors() >= 256 ? .indexed256 : .eight
        } else {
            depth = .none
        }
    }

    deinit { end() }

    /// The terminal description has this string capability.
    private static func has(_ capability: String) -> Bool {
        guard let text = tigetstr(capability) else { return false }
        return Int(bitPattern: text) != -1
    }

    /// Leaves the screen as it was: alternate screen off, cursor back, modes restored. Safe
    /// to call more than once; only the first call does anything.
    public func end() {
        guard !ended else { return }
        ended = true
        qrtui_disarm_crash_reset()
        // Without an alternate screen (vt100) the picture would stay on the shell: clear it.
        if !Self.has("rmcup") {
            erase()
            refresh()
        }
        curs_set(1)
        endwin()
        delscreen(screen)
        fclose(input)
        fclose(output)
    }

    /// From now until `end`, a crash (a fatal error, a bad access) first puts the terminal
    /// back as `end` would (alternate screen off, cursor shown, attributes and mouse reset,
    /// modes restored) and makes `stderr` (a descriptor saved while stderr was held back)
    /// stderr again, so the backtrace that follows lands on the shell, readable.
    public func restoreOnCrash(stderr: Int32?) {
        var reset = [UInt8]()
        for capability in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            guard let text = tigetstr(capability), Int(bitPattern: text) != -1 else { continue }
            reset += Array(String(cString: text).utf8)
        }
        reset += Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\r\n".utf8)  // mouse reports off
        reset.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                qrtui_arm_crash_reset(outputDescriptor, $0.baseAddress, Int32($0.count), stderr ?? -1)
            }
        }
    }

    /// Leaves the screen for a while (Ctrl-Z): `pause` runs with the terminal as it was
    /// before qrtui; afterwards the screen is entered again and repainted in full.
    public func suspend(_ pause: () -> Void) {
        guard !ended else { return }
        def_prog_mode()
        curs_set(1)
        endwin()
        pause()
        reset_prog_mode()
        curs_set(0)
        invalidate()
        refresh()
    }

    public var size: TerminalSize {
        TerminalSize(columns: Int(qrtui_columns()), rows: Int(qrtui_lines()), cellAspect: cellAspect)
    }

    public var eventDescriptor: Int32? { inputDescriptor }

    /// Width of a cell divided by its height, from the pixel size the terminal reports
    /// (TIOCGWINSZ); 1:2 when it reports none.
    private var cellAspect: Double {
        var columns: Int32 = 0, rows: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        guard qrtui_window_pixels(outputDescriptor, &columns, &rows, &width, &height) == 0,
              columns > 0, rows > 0, width > 0, height > 0 else { return 0.5 }
        let aspect = (Double(width) / Double(columns)) / (Double(height) / Double(rows))
        return (0.2...2).contains(aspect) ? aspect : 0.5
    }

    /// Writes the cells that differ from the last grid drawn, then shows them.
    public func draw(_ grid: CellGrid) {
        if previous?.width != grid.width || previous?.height != grid.height {
            erase()
            previous = nil
        }
        for change in grid.changes(since: previous) { put(change.cell, column: change.column, row: change.row) }
        previous = grid
        refresh()
    }

    /// Forgets what is on screen, so that the next draw repaints every cell.
    public func invalidate() {
        previous = nil
        clearok(qrtui_stdscr(), true)
    }

    private func put(_ cell: Cell, column: Int, row: Int) {
        var attributes = QRTUI_A_NORMAL
        if cell.style.attributes.contains(.bold) { attributes |= QRTUI_A_BOLD }
        if cell.style.attributes.contains(.dim) { attributes |= QRTUI_A_DIM }
        if cell.style.attributes.contains(.reverse) { attributes |= QRTUI_A_REVERSE }
        if cell.style.attributes.contains(.underline) { attributes |= QRTUI_A_UNDERLINE }
        let pair = self.pair(cell.style.foreground, cell.style.background)
        // Up to four scalars and the terminating zero, on the stack: a full repaint puts
        // thousands of cells a frame.
        var text: (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &text) { raw in
            let scalars = raw.bindMemory(to: wchar_t.self)
            for (index, scalar) in cell.text.unicodeScalars.prefix(4).enumerated() {
                scalars[index] = wchar_t(bitPattern: scalar.value)
            }
            _ = qrtui_put_cell(Int32(row), Int32(column), scalars.baseAddress, attributes, pair)
        }
    }

    /// A colour pair for foreground and background, allocated once and kept (looked up in
    /// a table by colour numbers -1...255: every cell of every frame asks).
    private func pair(_ foreground: Color, _ background: Color) -> Int32 {
        guard depth != .none else { return 0 }
        let fg = depth.number(for: foreground), bg = depth.number(for: background)
        if fg == -1 && bg == -1 { return 0 }
        let key = Int(fg + 1) * 257 + Int(bg + 1)
        if pairs.isEmpty { pairs = [Int32](repeating: -1, count: 257 * 257) }
        if pairs[key] >= 0 { return pairs[key] }
        let allocated = max(0, alloc_pair(fg, bg))
        pairs[key] = allocated
        return allocated
    }

    /// The next input event, or nil when none is waiting (never blocks).
    public func readEvent() -> TerminalEvent? {
        var value: wint_t = 0
        let status = get_wch(&value)
        if status == ERR { return nil }
        if status == KEY_CODE_YES { return keyEvent(Int32(value)) }
        switch value {
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 32: return .key(.space)
        case 9: return .key(.tab)
        default:
            guard let scalar = Unicode.Scalar(UInt32(value)) else { return .key(.other(Int32(value))) }
            return .key(.character(Character(scalar)))
        }
    }

    private func keyEvent(_ code: Int32) -> TerminalEvent? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_SR: return .key(.shiftUp)
        case KEY_SF: return .key(.shiftDown)
        case KEY_SLEFT: return .key(.shiftLeft)
        case KEY_SRIGHT: return .key(.shiftRight)
        case KEY_ENTER: return .key(.enter)
        case KEY_RESIZE: return .resize
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            return .click(column: Int(event.x), row: Int(event.y))
        default: return .key(.other(code))
        }
    }

    /// The terminal bell.
    public func bell() { beep() }

    /// Bytes for the terminal itself, outside the grid (OSC 52 clipboard requests).
    public func writeControl(_ bytes: [UInt8]) {
        fflush(output)
        try? Syscall.writeAll(outputDescriptor, bytes)  // a terminal gone away: nothing to tell
    }

    /// Tells ncurses the screen size when the output is not a terminal (benchmarks).
    public func setSize(columns: Int, rows: Int) {
        resizeterm(Int32(rows), Int32(columns))
        previous = nil
    }
}
