import CaptureKit
import CursesBackend
import Glibc
import Overlay

/// The live screen: the shell around `LiveState`. It owns the threads (capture, scan),
/// the terminal and the effects; the state decides everything else.
struct LiveSession {
    let options: Options
    let choice: SourceFactory.Choice

    /// nil when there is no terminal to draw on (the caller runs headless instead).
    func run() -> ExitStatus? {
        let signals = SignalWatcher()  // before any thread starts: they inherit the mask
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else {
            Console.message("no terminal to draw on (\(String(cString: strerror(errno)))): running without preview")
            return nil
        }
        defer { close(tty) }
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(input: tty, output: tty, wantColor: options.color && !Self.noColorRequested)
        } catch {
            Console.message("\(error.description): running without preview")
            return nil
        }
        // A clipboard tool that exits before reading must not kill qrtui (and leave the
        // terminal in screen mode) with SIGPIPE: writes then fail with EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
        let captured = StderrCapture()
        let wake = WakePipe()
        let choice = self.choice
        let request = options.cameraRequest
        let capture = CaptureThread(mode: .latestWins) { () throws(CaptureError) in
            let source = try SourceFactory.open(choice, camera: request)
            return source.kind == .recorded ? PacedSource(source) : source
        }
        capture.channel.onAvailable { wake.wake() }
        let worker = ScanWorker(symbologies: options.symbologies, effort: options.effort)
        worker.results.onAvailable { wake.wake() }

        var state = LiveState(options: options, source: choice)
        state.unicode = terminal.unicode
        let size = terminal.size
        _ = state.update(.resize(columns: size.columns, rows: size.rows, cellAspect: terminal.cellAspect))
        let loop = EventLoop(terminal: terminal, signals: signals, wake: wake, capture: capture, worker: worker)
        loop.run(&state, deadline: options.timeout.map { MonotonicClock.now() + $0 })

        worker.stop()
        terminal.end()
        capture.stopAndWait()
        for line in captured?.restore() ?? [] { Console.raw(line) }
        if let code = state.lastCode {
            let printer = CodePrinter(format: options.format, toTerminal: Console.stdoutIsTerminal)
            Console.output(printer.line(for: code, frame: code.corners.isEmpty ? 0 : state.frame?.sequence ?? 0))
        } else if let failure = state.failure {
            Console.message(FailureHint.message(failure, device: choice.isDevice))
        }
        return state.exitStatus
    }

    /// https://no-color.org: any non-empty NO_COLOR turns colours off.
    static var noColorRequested: Bool {
        guard let value = getenv("NO_COLOR") else { return false }
        return value.pointee != 0
    }
}

/// One turn of the loop: wait for anything (keys, frames, scan results, signals, a tick),
/// feed it to the state, run the effects, draw if something changed.
struct EventLoop {
    let terminal: CursesTerminal
    let signals: SignalWatcher?
    let wake: WakePipe
    let capture: CaptureThread
    let worker: ScanWorker
    static let tick = 50  // ms: flashes and notices expire on time

    func run(_ state: inout LiveState, deadline: Double?) {
        var shader = Shader()
        var drawn = -1
        var captureDone = false
        let clipboard = Clipboard(environment: ProcessEnvironment.all)
        while true {
            waitForInput()
            let now = MonotonicClock.now()
            var effects = [LiveEffect]()
            switch signals?.consume() {
            case .stop?: effects += state.update(.stopSignal)
            case .suspend?: terminal.suspend(SignalWatcher.suspendProcess)
            case nil: break
            }
            while let event = terminal.readEvent() { effects += state.update(translate(event)) }
            // Every notice, then the newest frame.
            while !captureDone, let item = capture.channel.poll() {
                switch item {
                case .value(let frame):
                    effects += state.update(.frame(frame, still: capture.channel.sourceKind == .still, now: now))
                case .notice(let notice): effects += state.update(.notice(notice, now: now))
                case .ended: captureDone = true; effects += state.update(.captureEnded)
                case .failed(let error): captureDone = true; effects += state.update(.captureFailed(error))
                }
                if case .value = item { break }
            }
            if case .value(let result)? = worker.results.poll() {
                effects += state.update(.scanned(result, now: now))
            }
            effects += state.update(.tick(now: now))
            if state.options.once && state.readCount > 0 { effects.append(.quit) }
            if let deadline, now >= deadline { effects.append(.quit) }
            var quit = false
            for effect in effects {
                switch effect {
                case .scan(let area):
                    if let frame = state.frame { worker.submit(ScanJob(frame: frame, area: area, still: state.still)) }
                case .copy(let bytes):
                    let notice = clipboard.copy(bytes, terminal: terminal)
                    _ = state.update(.copied(notice, now: now))
                case .bell: terminal.bell()
                case .quit: quit = true
                }
            }
            if state.revision != drawn || quit {
                terminal.draw(Screen.render(state.scene(now: now), columns: state.columns, rows: state.rows, shader: &shader))
                drawn = state.revision
            }
            if quit { return }
        }
    }

    private func translate(_ event: TerminalEvent) -> LiveEvent {
        switch event {
        case .key(let key): return .key(key)
        case let .click(column, row): return .click(column: column, row: row)
        case .resize:
            let size = terminal.size
            return .resize(columns: size.columns, rows: size.rows, cellAspect: terminal.cellAspect)
        }
    }

    private func waitForInput() {
        var fds = [pollfd(fd: terminal.inputDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
        if let signals { fds.append(pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0)) }
        _ = poll(&fds, nfds_t(fds.count), Int32(Self.tick))  // EINTR (SIGWINCH, SIGCONT) just loops
        wake.drain()
    }
}

extension Clipboard {
    /// Copies through every channel available; returns what the status line says.
    func copy(_ bytes: [UInt8], terminal: CursesTerminal) -> String {
        terminal.writeControl(Self.osc52(bytes))
        var channels = ["OSC 52"]
        if let tool = tool(), Self.run(tool, input: bytes) {
            channels.append(String(tool.name.split(separator: "/").last ?? ""))
        }
        return Self.notice(bytes: bytes.count, via: channels)
    }
}

enum ProcessEnvironment {
    static var all: [String: String] {
        var result = [String: String]()
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
