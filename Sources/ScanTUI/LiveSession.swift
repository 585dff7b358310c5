import CaptureKit
import CursesBackend
import FrameCore
import Glibc
import Overlay
import ScanOptions
import ScanPipeline
import SystemCalls

/// The live screen: the shell around `LiveState`. It owns the threads (capture, scan),
/// the terminal and the effects; the state decides everything else.
struct LiveSession {
    let options: Options
    let choice: SourceFactory.Choice
    var history: HistoryFile?
    /// Where `q` prints the codes.
    let output: StandardOutput

    /// Draws on the controlling terminal; nil when there is none to draw on (the caller
    /// runs headless instead).
    func run() -> ExitStatus? {
        let signals = SignalWatcher()  // before any thread starts: they inherit the mask
        let tty: Int32
        do {
            tty = try Syscall.open("/dev/tty", O_RDWR)
        } catch {
            // A script has no terminal: reading without one is what it meant (said with -v).
            if options.verbose { Console.message("no terminal to draw on (\(error.message)): running without preview") }
            return nil
        }
        defer { Syscall.close(tty) }
        guard let terminal = openTerminal(tty) else { return nil }
        // A clipboard tool that exits before reading must not kill qrtui (and leave the
        // terminal in screen mode) with SIGPIPE: writes then fail with EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
        let captured = StderrCapture()
        terminal.restoreOnCrash(stderr: captured?.saved)
        let state = run(on: terminal, signals: signals)
        terminal.end()
        for line in captured?.restore(verbose: options.verbose) ?? [] { Console.raw(line) }
        // A signal is not `q`: nothing is printed, and qrtui ends as the signal says.
        if let number = state.stoppedBySignal { Signals.die(of: number) }
        if choice.standsInForACamera { return noCameraEnding() }
        if let code = state.lastCode {
            // --continuous, or a still (as headless prints it): every distinct code, in the
            // order they were first read.
            let printer = CodePrinter(options, output: output)
            let last = (code: code, frame: code.corners.isEmpty ? 0 : state.frame?.sequence ?? 0)
            let every = options.continuous || state.kind == .still
            for (code, frame) in every ? state.history.entries.map({ ($0.code, $0.frame) }) : [last] {
                printer.emit(code, frame: frame, source: choice)
            }
            printer.finish()
        } else if let failure = state.failure {
            Console.message(FailureHint.message(failure, device: choice.isDevice))
        } else if state.timedOut {
            Console.message("no code found within \(OptionTable.seconds(options.timeout ?? 0)) s")
        }
        return state.exitStatus
    }

    /// The screen on the terminal `tty` (nil, said on stderr: one that cannot show it).
    private func openTerminal(_ tty: Int32) -> CursesTerminal? {
        do {
            return try CursesTerminal(
                input: tty, output: tty, terminalType: options.environment["TERM"],
                wantColor: Self.wantsColor(options.color, environment: options.environment),
                askingKitty: GraphicsProbe.asksKitty(environment: options.environment))
        } catch {
            Console.message("\(error.description): running without preview")
            return nil
        }
    }

    /// The screen on `backend`: the capture and scan threads started, the loop run until
    /// it quits, the backend ended, the threads stopped. `observer` sees every effect (tests).
    func run(
        on backend: any TerminalBackend, signals: SignalWatcher?,
        observer: ((LiveEffect) -> Void)? = nil
    ) -> LiveState {
        guard let wake = try? WakePipe() else {
            var state = LiveState(options: options, source: choice)
            state.failure = .system(operation: "pipe", path: "qrtui", errno: .current)
            return state
        }
        var setup = Pipeline.Setup(options, choice: choice)
        let link = CameraLink(picturesShown: true)
        setup.link = link
        let pipeline = Pipeline(setup, onScreen: true)
        pipeline.pictures?.onAvailable { wake.wake() }
        pipeline.output.onAvailable { wake.wake() }

        var state = LiveState(options: options, source: choice)
        state.terminal.unicode = backend.unicode
        state.terminal.colour = backend.colour
        state.terminal.greys = backend.greys
        state.terminal.pictures = backend.graphics.summary
        state.terminal.noPictures = Self.noPictures(backend.graphics, environment: options.environment)
        state.choosePreview(now: MonotonicClock.now())
        let size = backend.size
        _ = state.update(.resize(columns: size.columns, rows: size.rows, cellAspect: size.cellAspect))
        let loop = EventLoop(
            backend: backend, pipeline: pipeline, signals: signals, wake: wake,
            clipboard: Clipboard(environment: options.environment), environment: options.environment,
            history: history, camera: link)
        loop.observer = observer
        loop.hook = ExecHook(options, tellsProgress: true) { [reports = loop.actions.reports] in
            _ = reports.publish($0)
        }
        loop.run(&state, deadline: Launch.deadline(options.timeout))
        backend.end()  // the terminal first: a camera may take a moment to stop
        loop.hook?.finish()  // the last codes' runs, each bounded by its deadline
        // A read still at work (a picture that costs minutes) is left to the exit: a key or a
        // signal ends the screen at once, whatever the reading does. A camera is given a moment
        // to be closed cleanly.
        pipeline.stop(reading: 0.05, capture: choice.isDevice ? 0.25 : 0.05)
        return state
    }

    /// Why the picture cannot be drawn in pixels here (nil: it can).
    static func noPictures(_ graphics: GraphicsSupport, environment: [String: String]) -> String? {
        guard !graphics.drawsPictures else { return nil }
        if environment["TMUX"] != nil { return "tmux passes no pictures through" }
        return graphics.sixel || graphics.kitty
            ? "the terminal did not say its cells' size" : "the terminal shows no pictures"
    }

    /// https://no-color.org: any non-empty NO_COLOR turns colours off, unless `--color always`.
    static func wantsColor(_ choice: Options.ColorChoice, environment: [String: String]) -> Bool {
        switch choice {
        case .always: true
        case .never: false
        case .auto: (environment["NO_COLOR"] ?? "").isEmpty
        }
    }
}
