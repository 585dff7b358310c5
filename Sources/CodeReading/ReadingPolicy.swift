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
    /// zbar's scanner settings the user gave (`-S`).
    public var scanner: ScannerSettings

    public init(
        symbologies: Set<Symbology>? = nil, effort: ScanEffort? = nil, confirmations: Int = 2,
        scanner: ScannerSettings = ScannerSettings()
    ) {
        self.symbologies = symbologies
        self.effort = effort
        self.confirmations = confirmations
        self.scanner = scanner
    }

    /// How a picture of this kind is read. A still is read thoroughly: there is time, and
    /// no second frame. Moving pictures are read as they change, within a share of the CPU
    /// measured in CPU time where frames come in real time (`realTime`), and in counted work
    /// where they do not, so the same file reads the same way on every run. A recording read
    /// as fast as it can be (a file or a pipe headless) has no frame deadline: unless
    /// `--effort` caps it, every frame whose scene changed gets a still's whole scan.
    public func plan(for kind: SourceKind, realTime: Bool) -> ReadingPlan {
        if effort == nil, kind == .recorded, !realTime { return .changed }
        let effort = self.effort ?? (kind == .still ? .thorough : .normal)
        guard kind != .still, let share = effort.share else { return .thorough }
        return .live(share: share, cost: realTime ? .measured : .counted)
    }

    /// A single picture cannot be confirmed by a second frame.
    public func confirmations(for kind: SourceKind) -> Int {
        kind == .still ? 1 : confirmations
    }
}

/// How a frame is read.
public enum ReadingPlan: Equatable, Sendable {
    /// Every pass until one reads, on every picture.
    case thorough
    /// A still's whole scan of every frame whose scene changed beyond sensor noise since the
    /// last one scanned; a frame alike holds what that one read.
    case changed
    /// Effort follows change, within a share of a core.
    case live(share: Double, cost: CostMeasure)
}

/// How the work of reading is charged to its budget.
public enum CostMeasure: Equatable, Sendable {
    /// The CPU time the reading thread really spent (cameras: real time matters).
    case measured
    /// A fixed estimate from pixels and passes (files: the same every run).
    case counted
}
