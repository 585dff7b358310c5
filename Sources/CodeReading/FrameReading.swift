import FrameCore

/// What reading one frame found, and how: the codes, where they were looked for, and
/// which passes ran.
public struct FrameReading: Sendable {
    /// The codes read in this frame.
    public var codes: [DetectedCode]
    /// Codes read before and still in sight where they were (the scene there did not
    /// change): shown, but not a new look at them.
    public var held: [DetectedCode] = []
    public var parts: [SymbolPart] = []
    /// The frame read, and the part of it that was looked at (nil: all of it).
    public var frameSequence: Int
    public var area: PixelRect?
    /// The pass that read the codes (nil when none did).
    public var pass: ScanPass?
    /// Every pass this frame got, in order.
    public var passesRun: [ScanPass] = []
    public var milliseconds = 0.0
    /// 1D reads not announced: seen once and weakly, or disputed by another read.
    public var withheld = 0
    /// The work this frame's reading cost against its budget (ms of CPU, or counted).
    public var work = 0.0
    /// Nothing in the frame changed beyond sensor noise since the scene was last looked at
    /// in full, and no code followed moved (a moving picture's reading only).
    public var sceneStill = false
    /// Nothing changed but where followed codes moved (a moving picture's reading only).
    public var sceneFollowed = false
    /// Bars cross the area's edge along their length and nothing is read there: a 1D code
    /// wider than the area (a moving picture's reading only).
    public var reachesPast = false
    /// The codes come from a still's whole scan of the frame, corroborated there (each 1D
    /// read has had its second look): a stream announces them at once.
    public var wholeScan = false
    /// Frames taken together so far where a code no frame alone reads may lie (nil: none).
    public var gathering: Int?

    public init(codes: [DetectedCode] = [], frameSequence: Int = 0, area: PixelRect? = nil) {
        self.codes = codes
        self.frameSequence = frameSequence
        self.area = area
    }
}
