import CaptureKit
import CodeReading
import FrameCore
import Overlay
import PictureOps
import ScanOptions

/// Everything that happens to the live screen.
enum LiveEvent: Sendable {
    case key(Key)
    case click(column: Int, row: Int)
    case resize(columns: Int, rows: Int, cellAspect: Double)
    case tick(now: Double)
    /// The source opened: what kind of pictures it gives (once a session).
    case sourceOpened(SourceKind)
    case frame(Frame, now: Double)
    case scanned(FrameReading, now: Double)
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
}

/// The live screen's one state value. `update` changes it; `scene` is what is drawn.
struct LiveState {
    let options: Options
    let sourceName: String
    let isDemo: Bool
    /// A file or pipe rather than a camera or the demo.
    let isInput: Bool
    /// A camera (`--device`, or the first found): its controls can be turned.
    var isCamera: Bool { !isDemo && !isInput }
    /// The demo shows because no camera was found.
    let demoForWantOfCamera: Bool
    var unicode = true
    var colour = true
    var greys = false
    var columns = 80
    var rows = 24
    var cellAspect = 0.5

    var frame: Frame?
    /// `m`: the picture shown mirrored (the frame as taken is what is read).
    var mirrored = false
    var mirroredFrame: Frame?
    var scanArea: ScanArea?
    var codes: [DetectedCode] = []
    var status = ReaderStatus.scanning {
        didSet { if status != oldValue { statusRevision += 1 } }
    }
    /// Counts changes of the status: one is drawn at once, not with the next frame.
    private(set) var statusRevision = 0
    var lastCode: DetectedCode? { didSet { refreshSummary() } }
    /// How the status line tells `lastCode`: worked out when it (or `r`) changes, not per frame.
    var lastSummary: CodeSummary?
    var readCount = 0
    /// This run's distinct codes, in order (`--continuous` prints them on exit).
    var history = CodeHistory()
    /// Secrets shown (`r`); the warned link a second `o` opens; the field `c` copied.
    var revealSecrets = false
    /// `t`: a TOTP account's code is shown, as of this time (seconds since 1970); nil: hidden.
    var codeShownAt: Double?
    /// The `h` box lists a two-factor export's accounts rather than this run's codes.
    var listingAccounts = false
    var openArmed: (code: CodeIdentity, until: Double)?
    var fieldCopied: (name: String, next: String?)?
    /// `c` pressed again soon copies the code's next field.
    var fieldChoice: (code: CodeIdentity, index: Int, until: Double)?
    /// `h`: the chosen line of this run's codes (nil: the box is closed).
    var historySelection: Int?
    var failure: CaptureError?
    /// The signal that closed the screen: qrtui then prints nothing and dies of it.
    var stoppedBySignal: Int32?
    /// `--timeout` closed the screen.
    var timedOut = false
    /// A still's area as it started, the whole picture: read whole.
    var stillReadWhole = false
    /// The last reading saw bars run past the scan area's edge, and read nothing.
    var barsPastArea = false
    /// The latest time an event brought (keys carry none).
    var clock = 0.0
    var glyphs: GlyphSet
    var paused = false
    var showHelp = false
    var inputEnded = false
    var framesReceived = 0
    /// What the camera streams ("MJPEG 1280x720 at 30 fps"), once it said.
    var stream: String?
    /// What kind of picture is shown (`sourceOpened`): a still (an image file) is read once
    /// per scan area.
    private(set) var kind = SourceKind.live
    var corruptFrames = 0
    private var tracker: CodeTracker
    private let policy: ReadingPolicy
    private var lastCodeSeen = 0.0
    private(set) var flashUntil = 0.0
    var notice: (text: String, until: Double)?
    /// When frames came and their place in the source's sequence (a camera that skips decoding
    /// frames of a still scene still delivers them: the rate counts the sequence).
    private(set) var frameTimes: [(time: Double, sequence: Int)] = []
    /// Bumped by every change the screen shows.
    private(set) var revision = 0

    static let successHold = 3.0
    static let flashTime = 0.35
    static let noticeTime = 3.0
    /// What an action reports (a failure among it) stays a little longer.
    static let reportTime = 6.0
    static let moveStep = (columns: 2, rows: 1)

    /// The `-S` symbologies by name, for the status line (nil: all of them).
    let looksFor: [String]?

    init(options: Options, source: SourceFactory.Choice) {
        self.options = options
        looksFor = options.reading.symbologies.map { set in Symbology.allCases.filter(set.contains).map(\.displayName) }
        sourceName = source.displayName
        if case .demo = source { isDemo = true } else { isDemo = false }
        isInput = source.isPicture
        demoForWantOfCamera = source == .demo(reason: .noCamera)
        glyphs = options.glyphs
        tracker = CodeTracker(confirmations: options.reading.confirmations)
        policy = options.reading
    }

    /// A still is shown whole (it cannot be aimed); moving pictures as `--fit` says.
    var transform: ViewTransform? {
        guard let frame else { return nil }
        return .preview(
            frameWidth: frame.width, frameHeight: frame.height, columns: columns, rows: rows,
            cellAspect: cellAspect, mode: kind == .still ? .fit : options.scaling)
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
        // Ticks only matter when something expires (they bump the revision themselves).
        if case .tick = event {} else { revision += 1 }
        return apply(event)
    }

    private mutating func apply(_ event: LiveEvent) -> [LiveEffect] {
        switch event {
        case .key(let key): return handle(key)
        case .click(let column, let row): return click(column: column, row: row)
        case .resize(let columns, let rows, let cellAspect):
            return resize(columns: columns, rows: rows, cellAspect: cellAspect)
        case .tick(let now):
            clock = now
            expire(now: now)
            return []
        case .sourceOpened(let kind):
            self.kind = kind
            tracker.confirmations = policy.confirmations(for: kind)
            tracker.stream = kind != .still
            return []
        case .frame(let frame, let now):
            return received(frame, now: now)
        case .scanned(let result, let now):
            return scanned(result, now: now)
        case .captureFailed(let error):
            failure = error
            status = .fail(reason: error.description, hint: FailureHint.for(error, device: !isInput))
            codes = []
            return []
        case .captureEnded:
            inputEnded = true
            // A single picture simply stays on screen; a video that ended says so.
            if framesReceived > 1, case .scanning = status { status = .stop(byUser: false) }
            return []
        case .notice(let notice, let now):
            return handle(notice, now: now)
        case .copied(let text, let now): return copied(text, now: now)
        case .opened(let text, let now), .networkReport(let text, let now), .historyFailed(let text, let now):
            notice = (text, now + Self.reportTime)
            return []
        case .stopSignal(let number):
            status = .stop(byUser: true)
            stoppedBySignal = number
            return [.quit]
        }
    }

    private mutating func handle(_ notice: CaptureNotice, now: Double) -> [LiveEffect] {
        switch notice {
        case .corruptFrames(let total):
            corruptFrames = total
        case .disconnected(let error):
            // The last picture stays on screen while qrtui waits for the camera.
            failure = error
            codes = []
            status = .fail(reason: error.description, hint: "waiting for it to come back")
        case .reconnected:
            failure = nil
            status = .scanning
            self.notice = ("the camera is back", now + Self.noticeTime)
        case .streaming(let stream):
            self.stream = stream
        case .control(let report):
            self.notice = (report.text, now + Self.noticeTime)
        }
        return []
    }

    private mutating func received(_ frame: Frame, now: Double) -> [LiveEffect] {
        clock = now
        framesReceived += 1
        frameTimes = (frameTimes + [(now, frame.sequence)]).filter { now - $0.time <= 2 }
        if paused { return [] }
        accept(frame)
        return rescan()
    }

    private mutating func accept(_ frame: Frame) {
        let resized = self.frame.map { $0.width != frame.width || $0.height != frame.height } ?? true
        self.frame = frame
        mirroredFrame = mirrored ? frame.mirrored() : nil
        // A still is read whole; the area can still be made smaller to choose a code.
        if resized || scanArea == nil { _ = placeArea(whole: kind == .still) }
    }

    func rescan() -> [LiveEffect] {
        guard let area = scanPixels, let frame else { return [] }
        return [.scan(ScanJob(frame: frame, area: area, kind: kind))]
    }

    private mutating func scanned(_ result: FrameReading, now: Double) -> [LiveEffect] {
        // A result for an area the user has since moved away from is stale.
        guard result.area == scanPixels else { return [] }
        // Outlines for every code in sight; only fresh reads count as a look at a code.
        codes = result.codes + result.held
        if barsPastArea != result.reachesPast { revision += 1 }
        barsPastArea = result.reachesPast
        guard !codes.isEmpty else {
            // A still has been read through: say so, rather than ask to aim it.
            if kind == .still {
                let filter = looksFor.map { "looking for \($0.joined(separator: ", ")) only" }
                status = .fail(
                    reason: stillReadWhole ? "no code found in the picture" : "no code found in the scan area",
                    hint: stillReadWhole ? filter : "end: the whole picture")
            }
            return []
        }
        lastCodeSeen = now
        let news = tracker.update(with: result.codes, held: result.held, at: now)
        guard let announced = news.last else {
            if let current = lastCode, let lastSummary, case .scanning = status,
                codes.contains(where: { $0.identity == current.identity })
            {
                status = .success(lastSummary)
            }
            return []
        }
        lastCode = announced
        readCount += news.count
        for code in news { history.add(code, frame: result.frameSequence) }
        status = .success(lastSummary ?? summary(announced))
        flashUntil = now + Self.flashTime
        revision += 1
        let records =
            options.historyPath == nil
            ? [] : news.map { LiveEffect.record($0, frame: result.frameSequence, source: sourceName) }
        let hooks = options.exec == nil ? [] : news.map { LiveEffect.exec($0, source: sourceName) }
        return records + hooks + (options.beep ? [.bell] : [])
    }

    private mutating func expire(now: Double) {
        if followCode() { revision += 1 }
        // A still's result stands: the picture does not change under it.
        if case .success = status, kind != .still, now - lastCodeSeen > Self.successHold { status = .scanning }
        if flashUntil > 0 && now >= flashUntil {
            flashUntil = 0
            revision += 1
        }
        if let current = notice, now >= current.until {
            notice = nil
            revision += 1
        }
    }
}
