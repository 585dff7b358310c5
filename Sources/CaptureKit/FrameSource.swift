import FrameCore
import PictureFiles

/// Where frames come from. A source is used by one thread at a time.
public protocol FrameSource: AnyObject {
    /// For messages and the status line: a path, "stdin", "demo" or a device.
    var name: String { get }
    var kind: SourceKind { get }
    /// Nominal frame rate (nil when unknown or for stills).
    var framesPerSecond: Double? { get }
    /// The next frame, blocking until it is there; nil when the input has ended.
    func nextFrame() throws(CaptureError) -> Frame?
    /// The same, giving up (nil) once `cancelled` returns true: sources that can wait long
    /// (cameras) check it while they wait.
    func nextFrame(cancelled: () -> Bool) throws(CaptureError) -> Frame?
    /// Where to report what happens besides frames (corrupt frames, unplugging).
    func setNoticeHandler(_ handler: @escaping (CaptureNotice) -> Void)
    /// Recorded frames that arrive at the pace of the world (a pipe fed in real time): read as
    /// a camera's are.
    var arrivesPaced: Bool { get }
}

extension FrameSource {
    public var arrivesPaced: Bool { false }
    public func nextFrame(cancelled: () -> Bool) throws(CaptureError) -> Frame? { try nextFrame() }
    public func setNoticeHandler(_ handler: @escaping (CaptureNotice) -> Void) {}
}

/// News from a source that does not end it.
public enum CaptureNotice: Equatable, Sendable {
    /// Frames that could not be decoded were skipped; `total` so far.
    case corruptFrames(total: Int)
    /// The camera went away (unplugged); qrtui waits for it to come back.
    case disconnected(CaptureError)
    case reconnected
    /// A camera began streaming: what ("MJPEG 1280x720 at 30 fps").
    case streaming(String)
    /// What came of a control change a key asked for (`CameraLink.ask`).
    case control(ControlReport)
    /// A picture file ends (or breaks) before the picture does: what decoded is read, and this
    /// says how far it got ("photo.jpg: cut short or damaged: the JPEG decodes to row 812...").
    case cutShort(String)
}

/// A single decoded picture.
public final class StillImageSource: FrameSource {
    public let name: String
    public let kind = SourceKind.still
    public let framesPerSecond: Double? = nil
    private var frame: Frame?
    /// A picture cut short: what is said of it, with its frame.
    private var shortfall: String?
    private var notify: (CaptureNotice) -> Void = { _ in }

    public init(name: String, frame: Frame) {
        self.name = name
        self.frame = frame
    }

    /// The picture `decode` makes, or what decoded of one cut short (said as its frame comes).
    public init(name: String, decode: () throws(PictureError) -> Frame) throws(CaptureError) {
        self.name = name
        do {
            frame = try decode()
        } catch {
            guard case .cutShort(_, let partial) = error else { throw .picture(error) }
            frame = partial.frame
            shortfall = error.description
        }
    }

    public func setNoticeHandler(_ handler: @escaping (CaptureNotice) -> Void) { notify = handler }

    public func nextFrame() throws(CaptureError) -> Frame? {
        defer { frame = nil }
        if frame != nil, let shortfall { notify(.cutShort(shortfall)) }
        return frame
    }
}

/// Repeats a finished input (`--loop`): stills forever, files from their start again.
public final class LoopingSource: FrameSource {
    private var current: any FrameSource
    private let reopen: () throws(CaptureError) -> any FrameSource
    private var sequence = 0
    private var timeOffset = 0.0
    private var lastTimestamp = 0.0
    private var still: Frame?

    public init(reopen: @escaping () throws(CaptureError) -> any FrameSource) throws(CaptureError) {
        self.reopen = reopen
        current = try reopen()
    }

    public var name: String { current.name }
    public var kind: SourceKind { current.kind == .still ? .recorded : current.kind }
    public var arrivesPaced: Bool { current.arrivesPaced }
    public var framesPerSecond: Double? { current.framesPerSecond ?? (still == nil ? nil : 10) }

    public func nextFrame() throws(CaptureError) -> Frame? {
        if let still {
            sequence += 1
            return still.renumbered(sequence: sequence, timestamp: Double(sequence) / 10)
        }
        var frame = try current.nextFrame()
        if frame == nil {
            timeOffset = lastTimestamp + 1 / (current.framesPerSecond ?? 10)
            current = try reopen()
            frame = try current.nextFrame()
            guard frame != nil else { return nil }
        }
        guard let frame else { return nil }
        if current.kind == .still { still = frame }
        defer { sequence += 1 }
        lastTimestamp = frame.timestamp + timeOffset
        return frame.renumbered(sequence: sequence, timestamp: lastTimestamp)
    }
}

/// Plays a recorded source at its own frame rate (when it is shown on screen): each frame
/// is released when its timestamp is due. Headless runs read files as fast as they can.
public final class PacedSource: FrameSource {
    private let inner: any FrameSource
    private var start: Double?
    private var firstTimestamp = 0.0

    public init(_ inner: any FrameSource) { self.inner = inner }

    public var name: String { inner.name }
    public var kind: SourceKind { inner.kind }
    public var framesPerSecond: Double? { inner.framesPerSecond }
    /// It keeps the pace itself.
    public var arrivesPaced: Bool { true }

    public func nextFrame() throws(CaptureError) -> Frame? {
        guard let frame = try inner.nextFrame() else { return nil }
        let now = MonotonicClock.now()
        if let start {
            MonotonicClock.sleep(until: start + frame.timestamp - firstTimestamp)
        } else {
            start = now
            firstTimestamp = frame.timestamp
        }
        return frame
    }
}
