import FrameCore

/// How hard to look and how sure to be before a code is announced, decided once from the
/// command line. The live screen and the headless runner both ask it, so the two can never
/// read the same input differently.
public struct ReadingPolicy: Sendable, Equatable {
    /// Codes to read (nil: every type zbar reads by default).
    public var symbologies: Set<Symbology>?
    /// `--effort`; nil: thorough for stills, normal for moving pictures.
    public var effort: ScanEffort?
    /// Identical looks a 1D code needs on a stream before it is announced (`--confirm`).
    public var confirmations: Int

    public init(symbologies: Set<Symbology>? = nil, effort: ScanEffort? = nil, confirmations: Int = 2) {
        self.symbologies = symbologies
        self.effort = effort
        self.confirmations = confirmations
    }

    /// Milliseconds one frame's reading may take; nil tries every pass until one reads.
    /// A still is read thoroughly: there is time, and no second frame.
    public func budget(for kind: SourceKind) -> Double? {
        (effort ?? (kind == .still ? .thorough : .normal)).budget
    }

    /// A single picture cannot be confirmed by a second frame.
    public func confirmations(for kind: SourceKind) -> Int {
        kind == .still ? 1 : confirmations
    }
}
