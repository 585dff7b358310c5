import CaptureKit
import FrameCore
import Glibc
import Overlay
import ScanPipeline
import SystemCalls

/// The live screen's loop: wait for anything (keys, frames, readings, signals, a tick),
/// turn it into events, let the state `update`, and perform the effects it asks for
/// (drawing is one of them). It knows the terminal only as a `TerminalBackend`, so tests
/// drive this very loop with keys and read back the grids it draws.
final class EventLoop {
    let backend: any TerminalBackend
    let pipeline: Pipeline
    let signals: SignalWatcher?
    let wake: WakePipe
    let clipboard: Clipboard
    /// qrtui's environment as it started (the opener's BROWSER and DISPLAY).
    let environment: [String: String]
    let actions = BackgroundActions()
    /// `--exec`: its runs' state comes back as reports, shown on the status line.
    var hook: ExecHook?
    /// Sees every effect as it is performed (tests).
    var observer: ((LiveEffect) -> Void)?
    /// Told of every picture drawn (the latency benchmark's, when its fake camera supplies one).
    var probe: (any DrawProbe)? = PreloadedDrawProbe.find()
    static let tick = 50  // ms: flashes and notices expire on time

    private var shader = Shader()
    /// What the screen shows, and its size: a scene unlike it is drawn.
    private var drawn: (scene: Scene, columns: Int, rows: Int)?
    private var lastDraw = -Double.infinity
    /// A new frame is drawn at once, but for one hard on the heels of the last draw.
    static let frameGap = 0.010
    /// Other changes (a reading's outline, a notice expiring) wait for the next frame's draw,
    /// this long at most (a paused picture, a still, gets no next frame).
    static let holdBack = 0.050
    /// Where the pipeline was last told to read.
    private var steered: ScanSteering?

    private let history: HistoryFile?
    /// Where camera keys go (nil: a source without controls).
    private let camera: CameraLink?
    init(
        backend: any TerminalBackend, pipeline: Pipeline, signals: SignalWatcher?,
        wake: WakePipe, clipboard: Clipboard, environment: [String: String], history: HistoryFile? = nil,
        camera: CameraLink? = nil
    ) {
        self.environment = environment
        self.history = history
        self.camera = camera
        self.backend = backend
        self.pipeline = pipeline
        self.signals = signals
        self.wake = wake
        self.clipboard = clipboard
        actions.reports.onAvailable { wake.wake() }
        backend.onOutputTaken { wake.wake() }  // a picture that waited goes then
    }

    /// Runs until the state asks to quit or `deadline` (monotonic seconds) passes.
    func run(_ state: inout LiveState, deadline: Double?) {
        var pending: Double?
        while true {
            waitForInput(drawDue: pending.map { lastDraw + $0 })
            let now = MonotonicClock.now()
            var events = collectEvents(now: now)
            // What the user did, a new status (a code read) and a new frame show at once; what
            // else changed waits for the next frame's draw, or its time (`holdBack`).
            let frame = events.contains { if case .frame = $0 { true } else { false } } || pending == Self.frameGap
            let wait = frame ? Self.frameGap : Self.holdBack
            let due = events.contains(where: \.isUserInput) || now - lastDraw >= wait
            var quit = false
            // The events, then what the effects they asked for report, until nothing more comes.
            while !events.isEmpty {
                var effects = events.flatMap { state.update($0) }
                if state.options.once && state.readCount > 0 { effects.append(.quit) }
                if let deadline, now >= deadline {
                    state.timedOut = true
                    effects.append(.quit)
                }
                events = []
                for effect in effects {
                    observer?(effect)
                    if effect == .quit { quit = true } else { events += perform(effect, now: now) }
                }
            }
            if state.steering != steered {
                steered = state.steering
                pipeline.steer(state.steering)
            }
            let scene = state.scene(now: now)
            var shown = isDrawn(scene, state)
            if !shown && (due || scene.status != drawn?.scene.status) || quit {
                observer?(.draw)
                draw(scene, of: state, now: now)
                shown = true
                if state.showsPixels, let why = backend.pictureProblem {
                    _ = state.update(.picturesUnavailable(why, now: now))
                }
            } else if shown {
                // The same picture in a frame of its own (a still scene without noise): kept, so
                // the next turns compare it by identity, not pixel by pixel.
                drawn?.scene = scene
            }
            pending = shown ? nil : wait
            if quit { return }
        }
    }

    /// Everything that happened since the last turn, in order: signals, keys, capture news
    /// and the newest frame, the newest reading, and the tick.
    private func collectEvents(now: Double) -> [LiveEvent] {
        // The clock first: a key's notice counts from now, not from the last tick.
        var events: [LiveEvent] = [.tick(now: now, wall: WallClock.now())]
        switch signals?.consume() {
        case .stop(let number)?: events.append(.stopSignal(number))
        case .suspend?: backend.suspend(SignalWatcher.suspendProcess)
        case nil: break
        }
        while let event = backend.readEvent() { events.append(translate(event)) }
        while let item = pipeline.pictures?.poll() {
            switch item {
            case .value(let frame): events.append(.frame(frame, now: now))
            case .notice(let kind): events.append(.sourceOpened(kind))
            case .ended, .failed: break  // the source's end comes from the pipeline, after its last reading
            }
            if case .value = item { break }
        }
        // The source's news, and a reading at most: each reading's outline is drawn.
        while let event = pipeline.output.poll() {
            switch event {
            case .read(let done): events.append(.scanned(done, now: now))
            case .notice(let notice): events.append(.notice(notice, now: now))
            case .ended: events.append(.captureEnded)
            case .failed(let error): events.append(.captureFailed(error))
            }
            if case .read = event { break }
        }
        while case .value(let report)? = actions.reports.poll() { events.append(.networkReport(report, now: now)) }
        return events
    }

    /// Does what `effect` asks; what it reports comes back as events for the state.
    private func perform(_ effect: LiveEffect, now: Double) -> [LiveEvent] {
        switch effect {
        case .scan(let job): pipeline.read(job)
        case .copy(let bytes): return [.copied(clipboard.copy(bytes, terminal: backend), now: now)]
        case .bell: backend.bell()
        case .open(let target): return [.opened(Opener(environment: environment).open(target), now: now)]
        case .join(let ssid, let password, let hidden):
            let opener = Opener(environment: environment)
            actions.run("nmcli") { opener.join(ssid, password: password, hidden: hidden) }
            return [.networkReport("nmcli is joining \(ssid)…", now: now)]
        case .record(let code, let frame, let source):
            // The first failed write is told on the screen; the run's end tells it again.
            if let history, history.failure == nil, !history.append(code, frame: frame, source: source) {
                return [.historyFailed(history.failureText ?? "", now: now)]
            }
        case .exec(let code, let source): hook?.hand(code, source: source)
        case .camera(let change): camera?.ask(change)
        case .draw, .quit: break  // the loop's own
        }
        return []
    }

    /// Whether the screen shows `scene` at `state`'s size already.
    private func isDrawn(_ scene: Scene, _ state: LiveState) -> Bool {
        drawn.map { $0.scene == scene && $0.columns == state.columns && $0.rows == state.rows } ?? false
    }

    private func draw(_ scene: Scene, of state: LiveState, now: Double) {
        // Drawing characters is paid from reading's share (a picture in pixels has a share of
        // its own): a changing scene costs the effort, on a screen as headless.
        let started = MonotonicClock.threadCPU()
        let cells = Screen.render(scene, columns: state.columns, rows: state.rows, shader: &shader)
        let picture = state.showsPixels ? FramePicture(scene, columns: state.columns, rows: state.rows) : nil
        if picture == nil { backend.draw(cells, picture: nil) }
        pipeline.showed(cpu: MonotonicClock.threadCPU() - started)
        if let picture { backend.draw(cells, picture: picture) }
        if let probe {
            let marks = probe.marks(
                frame: state.frame?.sequence ?? -1, codes: state.readCount, framesGot: state.framesReceived,
                dropped: pipeline.dropped)
            if !marks.isEmpty { backend.writeControl(marks) }
        }
        drawn = (scene, state.columns, state.rows)
        lastDraw = now
    }

    private func translate(_ event: TerminalEvent) -> LiveEvent {
        switch event {
        case .key(let key): return .key(key)
        case .click(let column, let row): return .click(column: column, row: row)
        case .resize:
            let size = backend.size
            return .resize(columns: size.columns, rows: size.rows, cellAspect: size.cellAspect)
        }
    }

    /// Waits for anything, for a tick at most, or until `drawDue` (monotonic seconds) when a
    /// draw waits for its time.
    private func waitForInput(drawDue: Double?) {
        var fds = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
        if let input = backend.eventDescriptor { fds.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
        if let signals { fds.append(pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0)) }
        let untilDraw = drawDue.map { Int32(max(0, (($0 - MonotonicClock.now()) * 1000).rounded(.up))) }
        // A signal (SIGWINCH) is a wake-up too.
        _ = try? Syscall.poll(&fds, milliseconds: min(Int32(Self.tick), untilDraw ?? Int32(Self.tick)))
        wake.drain()
        backend.flushOutput()
    }
}

extension Clipboard {
    /// Copies through every channel available; returns what the status line says.
    func copy(_ bytes: [UInt8], terminal: any TerminalBackend) -> String {
        terminal.writeControl(Self.osc52(bytes))
        var channels = ["OSC 52"]
        if let tmux = viaTmux(bytes) { channels.append(tmux) }
        if let tool = tool(), Self.run(tool, input: bytes) {
            channels.append(String(tool.name.split(separator: "/").last ?? ""))
        }
        return Self.notice(bytes: bytes.count, via: channels)
    }
}

extension LiveEvent {
    /// Something the user did (a key, a click, a new size, a signal): shown at once.
    var isUserInput: Bool {
        switch self {
        case .key, .click, .resize, .stopSignal, .copied, .opened, .networkReport: true
        default: false
        }
    }
}
