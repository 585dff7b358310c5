import CNcursesw
import FrameCore
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
    let outputDescriptor: Int32
    private let screen: OpaquePointer
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    var previous: CellGrid?
    /// Draws the grid's changes in one write (ncurses keeps the terminal's modes and keys).
    private(set) var writer: CellWriter?
    private var keyInput: TerminalInput?
    private var queued: [TerminalEvent] = []
    /// What the terminal said it draws besides characters (asked once, as the screen opens).
    public private(set) var graphics = GraphicsSupport()
    /// What is written goes through here, never blocking the loop.
    let sending: TerminalOutput
    /// The camera's picture in pixels, where the terminal draws them (nil: characters only).
    private(set) var pictures: TerminalPicture?
    var pictureOnScreen = false
    /// The newest draw that came while the terminal was still taking the last.
    var owedDraw: (grid: CellGrid, picture: FramePicture?)?
    public internal(set) var pictureProblem: String?
    private var reportedSize = (columns: 0, rows: 0)
    private var ended = false

    /// Opens the screen on `input`/`output` descriptors (normally both /dev/tty).
    /// `terminalType`: $TERM as qrtui started (nil: none set); `wantColor` false draws without
    /// colours; `askingKitty`: the kitty graphics question is put (see `GraphicsProbe.asksKitty`).
    public init(
        input inputFD: Int32, output outputFD: Int32, terminalType: String? = nil,
        wantColor: Bool = true, askingKitty: Bool = false
    ) throws(Failure) {
        setlocale(LC_ALL, "")
        unicode = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
        guard let output = fdopen(dup(outputFD), "w"), let input = fdopen(dup(inputFD), "r") else {
            throw Failure(description: "cannot open the terminal: \(String(cString: strerror(errno)))")
        }
        (self.input, self.output) = (input, output)
        inputDescriptor = fileno(input)
        outputDescriptor = fileno(output)
        sending = TerminalOutput(descriptor: outputDescriptor)
        qrtui_keep_shell_modes(outputDescriptor)
        let name = terminalType ?? "(TERM not set)"
        guard let screen = newterm(terminalType, output, input) else {
            fclose(input)
            fclose(output)
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
            throw Failure(description: "terminal type '\(name)' cannot move the cursor, so it cannot show a preview")
        }
        Self.setModes()
        reportedSize = (Int(qrtui_columns()), Int(qrtui_lines()))
        if wantColor && has_colors() {
            start_color()
            use_default_colors()
            depth = qrtui_colors() >= 256 ? .indexed256 : .eight
        } else {
            depth = .none
        }
        keyInput = TerminalInput(descriptor: inputDescriptor, known: Self.describedKeys())
        writer = CellWriter(depth: depth)
        mouse(on: true)
        askGraphics(askingKitty: askingKitty)
        sending.start()
    }

    /// Keys one at a time, unechoed, without waiting; no cursor.
    private static func setModes() {
        cbreak()
        noecho()
        nonl()
        keypad(qrtui_stdscr(), true)
        nodelay(qrtui_stdscr(), true)
        curs_set(0)
        typeahead(-1)  // draw whole frames even while keys wait: they are read right after
    }

    /// Asks the terminal once what it draws besides characters; keys typed while it answered
    /// are the user's, kept in order.
    private func askGraphics(askingKitty: Bool) {
        let probe = GraphicsQuestions.ask(input: inputDescriptor, output: outputDescriptor, askingKitty: askingKitty)
        graphics = probe.support
        pictures = TerminalPicture(graphics)
        queued = keyInput?.events(from: probe.other) ?? []
    }

    deinit { end() }

    /// Mouse clicks reported in SGR form (1006), which has no limit on the column (X10's
    /// ends at 223); only where the terminal description knows a mouse.
    private func mouse(on: Bool) {
        guard Self.has("kmous") else { return }
        writeControl(Array((on ? "\u{1B}[?1000h\u{1B}[?1006h" : "\u{1B}[?1006l\u{1B}[?1000l").utf8))
    }

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
        owedDraw = nil
        leavePicture()
        sending.stop()
        qrtui_disarm_crash_reset()
        // Keys typed for qrtui and not yet read are not the shell's.
        tcflush(inputDescriptor, TCIFLUSH)
        mouse(on: false)
        // Without an alternate screen (vt100) the picture would stay on the shell: clear it
        // (curses never drew it: it is told the screen is unknown, so it clears it whole).
        if !Self.has("rmcup") {
            qrtui_forget_screen()
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
        // A picture cut short by the crash is ended first (ST), so the reset is not its payload;
        // kitty's picture is deleted.
        if let pictures { reset = [0x1B, UInt8(ascii: "\\")] + pictures.clear + reset }
        for path in pictures?.dropPaths ?? [] { qrtui_crash_removes(path) }
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
        leavePicture()
        sending.stop()
        def_prog_mode()
        mouse(on: false)
        curs_set(1)
        endwin()
        pause()
        reset_prog_mode()
        mouse(on: true)
        curs_set(0)
        invalidate()
        refresh()
        sending.start()
    }

    public var size: TerminalSize {
        TerminalSize(columns: Int(qrtui_columns()), rows: Int(qrtui_lines()), cellAspect: cellAspect)
    }

    public var eventDescriptor: Int32? { inputDescriptor }

    /// Width of a cell divided by its height, from the pixel size the terminal reports
    /// (TIOCGWINSZ); 1:2 when it reports none.
    private var cellAspect: Double {
        var columns: Int32 = 0
        var rows: Int32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
        guard qrtui_window_pixels(outputDescriptor, &columns, &rows, &width, &height) == 0,
            columns > 0, rows > 0, width > 0, height > 0
        else { return 0.5 }
        let aspect = (Double(width) / Double(columns)) / (Double(height) / Double(rows))
        return (0.2...2).contains(aspect) ? aspect : 0.5
    }

    /// Forgets what is on screen, so that the next draw repaints every cell.
    public func invalidate() {
        previous = nil
        pictures?.forget()
        clearok(qrtui_stdscr(), true)
    }

    /// The next input event, or nil when none is waiting. Keys are decoded here from the bytes
    /// the terminal sends (`TerminalInput`), not by ncurses, whose keypad mode takes the ESC of
    /// any sequence its terminal description does not name for the Esc key.
    public func readEvent() -> TerminalEvent? {
        if queued.isEmpty { queued = pendingEvents() }
        return queued.isEmpty ? nil : queued.removeFirst()
    }

    private func pendingEvents() -> [TerminalEvent] {
        resized() ? [.resize] : keyInput?.events() ?? []
    }

    /// The terminal's size changed since it was last reported (SIGWINCH only interrupts the
    /// loop's wait): ncurses is told, and the change is reported once.
    private func resized() -> Bool {
        var columns: Int32 = 0
        var rows: Int32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
        guard qrtui_window_pixels(outputDescriptor, &columns, &rows, &width, &height) == 0, columns > 0, rows > 0,
            (Int(columns), Int(rows)) != reportedSize
        else { return false }
        reportedSize = (Int(columns), Int(rows))
        if columns != qrtui_columns() || rows != qrtui_lines() { resizeterm(rows, columns) }
        return true
    }

    /// The sequences this terminal's description gives for the keys qrtui takes.
    private static func describedKeys() -> [[UInt8]: Key] {
        let capabilities: [(String, Key)] =
            [
                ("kcuu1", .up), ("kcud1", .down), ("kcuf1", .right), ("kcub1", .left), ("kri", .shiftUp),
                ("kind", .shiftDown), ("kRIT", .shiftRight), ("kLFT", .shiftLeft), ("khome", .home), ("kend", .end),
                ("kpp", .pageUp), ("knp", .pageDown), ("kich1", .insert), ("kdch1", .delete), ("kent", .enter),
                ("kcbt", .backTab),
            ] + (1...12).map { ("kf\($0)", Key.function($0)) }
        var keys = [[UInt8]: Key]()
        for (name, key) in capabilities {
            guard let text = tigetstr(name), Int(bitPattern: text) != -1 else { continue }
            keys[Array(String(cString: text).utf8)] = keys[Array(String(cString: text).utf8)] ?? key
        }
        return keys
    }

    /// The terminal bell.
    public func bell() { sending.send([0x07]) }

    /// Bytes for the terminal itself, outside the grid (OSC 52 clipboard requests).
    public func writeControl(_ bytes: [UInt8]) {
        fflush(output)
        sending.send(bytes)  // a terminal gone away: nothing to tell
    }

    /// Tells ncurses the screen size when the output is not a terminal (benchmarks).
    public func setSize(columns: Int, rows: Int) {
        resizeterm(Int32(rows), Int32(columns))
        previous = nil
    }
}
