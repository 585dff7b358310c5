/// What the reader is doing, as the status line says it: scanning, success, fail or stop.
public enum ReaderStatus: Equatable, Sendable {
    case scanning
    case success(CodeSummary)
    case fail(reason: String, hint: String?)
    case stop(byUser: Bool)
}

/// A read code as the screen shows it.
public struct CodeSummary: Equatable, Sendable {
    public let type: String
    public let text: String
    public let byteCount: Int
    /// What the code means, shown in place of its text ("Wi-Fi home, password ••••").
    public var meaning: String?
    /// A risk in one word ("lookalike", "http"), shown in a red badge; details in help.
    public var warning: String?

    public init(type: String, text: String, byteCount: Int, meaning: String? = nil, warning: String? = nil) {
        self.type = type
        self.text = text
        self.byteCount = byteCount
        self.meaning = meaning
        self.warning = warning
    }
}

/// The rest of the status line: where the picture comes from and how it is going.
public struct StatusInfo: Equatable, Sendable {
    public var source: String
    public var isDemo: Bool
    public var frameSize: (width: Int, height: Int)? {
        get { size.map { ($0.width, $0.height) } }
        set { size = newValue.map { PixelSize(width: $0.width, height: $0.height) } }
    }
    private var size: PixelSize?
    /// The camera's picture format ("MJPEG", "YUYV"), shown before the size.
    public var format: String?
    public var framesPerSecond: Double?
    public var paused: Bool
    /// A short-lived note, e.g. "copied 42 bytes (OSC 52)", as it was said: it is escaped
    /// when drawn (a network's name comes from the code).
    public var notice: String?
    /// The last code read, shown while scanning again.
    public var lastCode: CodeSummary?
    /// How many different codes are in sight: more than one is said beside the one shown.
    public var codesInSight = 0
    /// The symbologies asked for with `-S`, by name (nil: all of them).
    public var looksFor: [String]?
    /// A still picture: read whole, not aimed at.
    public var still = false
    /// Bars run on past the scan area's edge and nothing is read: the area is too small for the code.
    public var reachesPast = false
    /// Frames taken together so far for a code too faint for one (nil: none): the user holds still.
    public var gathering: Int?
    /// Why the demo shows (nil: it was asked for), said before anything is read.
    public var demoReason: String?
    /// What ended when the input did ("the video ended").
    public var ending = "input ended"

    public init(
        source: String, isDemo: Bool = false, frameSize: (width: Int, height: Int)? = nil,
        framesPerSecond: Double? = nil, paused: Bool = false, notice: String? = nil,
        lastCode: CodeSummary? = nil
    ) {
        self.source = source
        self.isDemo = isDemo
        self.framesPerSecond = framesPerSecond
        self.paused = paused
        self.notice = notice
        self.lastCode = lastCode
        self.frameSize = frameSize
    }
}

/// A picture's size in pixels.
public struct PixelSize: Equatable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
