import CaptureKit
import CodeReading
import FrameCore
import Overlay
import PictureOps
import ScanOptions
import ScanPipeline

/// Everything that happens to the live screen.
enum LiveEvent: Sendable {
    case key(Key)
    case click(column: Int, row: Int)
    case resize(columns: Int, rows: Int, cellAspect: Double)
    /// The loop's turn: the monotonic time, and the wall clock's (two-factor codes, the history).
    case tick(now: Double, wall: Double = 0)
    /// The source opened: what kind of pictures it gives (once a session).
    case sourceOpened(SourceKind)
    case frame(Frame, now: Double)
    /// The pipeline read the scan area of a frame (and announced what it made news).
    case scanned(PipelineReading, now: Double)
    case captureFailed(CaptureError)
    case captureEnded
    case notice(CaptureNotice, now: Double)
    /// The clipboard was written: what to tell the user.
    case copied(String, now: Double)
    /// The desktop's opener was given a link: how it went.
    case opened(String, now: Double)
    /// nmcli is joining a network, or has: how it went.
    case networkReport(String, now: Double)
    /// A code could not be written to the `--history` file.
    case historyFailed(String, now: Double)
    /// A signal that ends the screen (SIGINT, SIGTERM...): it is left without printing.
    case stopSignal(Int32)
    /// The backend could not draw the picture in pixels: why.
    case picturesUnavailable(String, now: Double)
}

/// The live screen's one state value. `update` changes it; `scene` is what is drawn, and the
/// loop draws when the scene changed.
struct LiveState {
    let options: Options
    let source: SourceFacts
    var terminal = TerminalFacts()
    var view: ViewChoices
    var mode = ScreenMode.live
    var secrets = SecretsShown()
    var armed: ArmedKey?
    /// What the clipboard's next report names (a field `c` chose, an account's URI).
    var copyLabel: CopiedField?
    var pictures = SourcePictures()
    var scanArea: ScanArea?
    /// A still's area as it started, the whole picture: read whole.
    var stillReadWhole = false
    var codes: [DetectedCode] = []
    var status = ReaderStatus.scanning
    var lastCode: DetectedCode? { didSet { refreshSummary() } }
    /// How the status line tells `lastCode`: worked out when it (or `r`) changes, not per frame.
    var lastSummary: CodeSummary?
    var readCount = 0
    /// This run's distinct codes, in order (`--continuous` prints them on exit).
    var history = CodeHistory()
    private var lastCodeSeen = 0.0
    private(set) var flashUntil = 0.0
    var notice: (text: String, until: Double)?
    var ending = ScreenEnding()
    /// What the last reading tells the user besides its codes.
    var hints = ReadingHints()
    private(set) var time = EventClock()

    static let successHold = 3.0
    static let flashTime = 0.35
    static let noticeTime = 3.0
    /// What an action reports (a failure among it) stays a little longer.
    static let reportTime = 6.0
    static let moveStep = (columns: 2, rows: 1)

    init(options: Options, source: SourceFactory.Choice) {
        self.options = options
        var isDemo = false
        if case .demo = source { isDemo = true }
        self.source = SourceFacts(
            name: source.displayName, isDemo: isDemo, isInput: source.isPicture,
            demoForWantOfCamera: source == .demo(reason: .noCamera),
            looksFor: options.reading.symbologies.map { set in
                Symbology.allCases.filter(set.contains).map(\.displayName)
            })
        view = ViewChoices(glyphs: options.glyphs)
    }

    var frame: Frame? { pictures.frame }
    var kind: SourceKind { pictures.kind }
    var framesReceived: Int { pictures.framesReceived }
    var columns: Int { terminal.columns }
    var rows: Int { terminal.rows }
    var unicode: Bool { terminal.unicode }
    var glyphs: GlyphSet { view.glyphs }
    var mirrored: Bool { view.mirrored }
    var paused: Bool { mode.paused }
    var showHelp: Bool { mode.showsHelp }
    var historySelection: Int? { mode.selection }
    var codeShownAt: Double? { secrets.codeShownAt }
    /// The latest time an event brought (keys carry none).
    var clock: Double { time.monotonic }
    var failure: CaptureError? {
        get { ending.failure }
        set { ending.failure = newValue }
    }
    var timedOut: Bool {
        get { ending.timedOut }
        set { ending.timedOut = newValue }
    }
    var stoppedBySignal: Int32? { ending.stoppedBySignal }

    /// A still is shown whole (it cannot be aimed); moving pictures as `--fit` says.
    var transform: ViewTransform? {
        guard let frame else { return nil }
        return .preview(
            frameWidth: frame.width, frameHeight: frame.height, columns: columns, rows: rows,
            cellAspect: terminal.cellAspect, mode: kind == .still ? .fit : options.scaling)
    }

    /// The scan area in whole frame pixels, as the scanner gets it: all of a still until the
    /// user changes the area (on screen it stops a cell short of the edges, for the brackets).
    var scanPixels: PixelRect? {
        if stillReadWhole, let frame { return frame.bounds }
        guard let rect = scanArea?.rect else { return nil }
        let x = Int(rect.x.rounded())
        let y = Int(rect.y.rounded())
        let shown = PixelRect(x: x, y: y, width: Int(rect.maxX.rounded()) - x, height: Int(rect.maxY.rounded()) - y)
        // The area lies over the picture as shown: mirrored, over the other side of the frame.
        guard mirrored, let frame else { return shown }
        return PixelRect(x: frame.width - shown.maxX, y: shown.y, width: shown.width, height: shown.height)
    }

    mutating func update(_ event: LiveEvent) -> [LiveEffect] {
        switch event {
        case .key(let key): return handle(key)
        case .click(let column, let row): return click(column: column, row: row)
        case .resize(let columns, let rows, let cellAspect):
            return resize(columns: columns, rows: rows, cellAspect: cellAspect)
        case .tick(let now, let wall):
            time = EventClock(monotonic: now, wall: wall)
            expire(now: now)
            return []
        case .sourceOpened(let kind):
            pictures.kind = kind
            return []
        case .frame(let frame, let now):
            return received(frame, now: now)
        case .scanned(let result, let now):
            return scanned(result, now: now)
        case .captureFailed(let error):
            failure = error
            status = .fail(reason: error.description, hint: FailureHint.for(error, device: !source.isInput))
            codes = []
            return []
        case .captureEnded:
            pictures.inputEnded = true
            // A single picture simply stays on screen; a video that ended says so.
            if framesReceived > 1, case .scanning = status { status = .stop(byUser: false) }
            return []
        case .notice(let notice, let now):
            return handle(notice, now: now)
        case .copied(let text, let now): return copied(text, now: now)
        case .opened(let text, let now), .networkReport(let text, let now), .historyFailed(let text, let now):
            notice = (text, now + Self.reportTime)
            return []
        case .picturesUnavailable(let why, let now):
            picturesUnavailable(why, now: now)
            return []
        case .stopSignal(let number):
            status = .stop(byUser: true)
            ending.stoppedBySignal = number
            return [.quit]
        }
    }

    private mutating func handle(_ notice: CaptureNotice, now: Double) -> [LiveEffect] {
        switch notice {
        case .corruptFrames(let total):
            pictures.corruptFrames = total
        case .disconnected(let error):
            // The last picture stays on screen while qrtui waits for the camera.
            failure = error
            codes = []
            status = .fail(reason: error.description, hint: SourceNews.waiting)
        case .reconnected:
            failure = nil
            status = .scanning
            self.notice = (SourceNews.back, now + Self.noticeTime)
        case .streaming(let stream):
            pictures.stream = stream
        case .control(let report):
            self.notice = (report.text, now + Self.noticeTime)
        case .cutShort(let said):
            self.notice = (said, now + Self.reportTime)
        }
        return []
    }

    private mutating func received(_ frame: Frame, now: Double) -> [LiveEffect] {
        time.monotonic = now
        pictures.framesReceived += 1
        pictures.frameTimes = (pictures.frameTimes + [(now, frame.sequence)]).filter { now - $0.time <= 2 }
        if paused { return [] }
        // The pipeline reads the source's frames where `steering` says; a frame that (re)placed
        // the area is read at once, in it.
        return accept(frame) ? rescan() : []
    }

    /// Shows `frame`; true when the area was placed for it (the first frame, a new size).
    private mutating func accept(_ frame: Frame) -> Bool {
        let resized = self.frame.map { $0.width != frame.width || $0.height != frame.height } ?? true
        pictures.frame = frame
        pictures.mirroredFrame = mirrored ? frame.mirrored() : nil
        guard resized || scanArea == nil else { return false }
        // A still is read whole; the area can still be made smaller to choose a code.
        _ = placeArea(whole: kind == .still)
        return true
    }

    /// Where the pipeline reads the source's frames: the scan area, unless paused.
    var steering: ScanSteering { ScanSteering(area: scanPixels, readsFrames: !paused && scanPixels != nil) }

    /// The frame on screen read in the area, now.
    func rescan() -> [LiveEffect] {
        guard let area = scanPixels, let frame else { return [] }
        return [.scan(ScanJob(frame: frame, area: area, kind: kind))]
    }

    private mutating func scanned(_ done: PipelineReading, now: Double) -> [LiveEffect] {
        let result = done.reading
        // What the pipeline announced stands wherever the area is now (it is announced once);
        // the outlines and status of an area the user has since moved away from are stale.
        let effects = announce(done.announced, frame: result.frameSequence, now: now)
        if let part = done.parts.last?.part {
            // A part is no code to show: its message is, once every part has been seen.
            notice = (
                "\(part.symbology.displayName): part \(part.index + 1) of \(part.count) of a message: show the others",
                now + Self.noticeTime
            )
        }
        guard result.area == scanPixels else { return effects }
        // Outlines for every code in sight; only fresh reads count as a look at a code.
        codes = result.codes + result.held
        hints = ReadingHints(barsPastArea: result.reachesPast, gathering: result.gathering)
        guard !codes.isEmpty else {
            // A still has been read through: say so, rather than ask to aim it.
            if kind == .still {
                let filter = source.looksFor.map { "looking for \($0.joined(separator: ", ")) only" }
                status = .fail(
                    reason: stillReadWhole ? "no code found in the picture" : "no code found in the scan area",
                    hint: stillReadWhole ? filter : "end: the whole picture")
            }
            return effects
        }
        lastCodeSeen = now
        if done.announced.isEmpty, let current = lastCode, let lastSummary, case .scanning = status,
            codes.contains(where: { $0.identity == current.identity })
        {
            status = .success(lastSummary)
        }
        return effects
    }

    /// The codes the pipeline announced, newest last: the status, the history, and what each
    /// asks for (`--history`, `--exec`, the bell).
    private mutating func announce(_ news: [DetectedCode], frame: Int, now: Double) -> [LiveEffect] {
        guard let announced = news.last else { return [] }
        lastCode = announced
        readCount += news.count
        for code in news { history.add(code, frame: frame, at: time.wall) }
        status = .success(lastSummary ?? summary(announced))
        flashUntil = now + Self.flashTime
        let records =
            options.historyPath == nil ? [] : news.map { LiveEffect.record($0, frame: frame, source: source.name) }
        let hooks = options.exec == nil ? [] : news.map { LiveEffect.exec($0, source: source.name) }
        return records + hooks + (options.beep ? [.bell] : [])
    }

    private mutating func expire(now: Double) {
        followCode()
        // A still's result stands: the picture does not change under it.
        if case .success = status, kind != .still, now - lastCodeSeen > Self.successHold { status = .scanning }
        if flashUntil > 0 && now >= flashUntil { flashUntil = 0 }
        if let current = notice, now >= current.until { notice = nil }
    }
}

/// What a reading tells the user besides its codes.
struct ReadingHints {
    /// Bars run past the scan area's edge, and nothing is read.
    var barsPastArea = false
    /// Frames taken together so far for a faint code not yet read (nil: none).
    var gathering: Int?
}
