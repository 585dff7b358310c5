import FrameCore
import PictureOps

/// Frames in, codes out, as the reading policy says: stills read thoroughly, moving
/// pictures by a `LiveReader` (effort follows change); and the structured-append messages
/// joined from parts seen in any frame (of any source of the run: `MessageParts`). One per
/// thread, like the engines it holds.
///
/// The words, each with one meaning here:
/// - an engine *decodes* one picture (`CodeEngine`: zbar);
/// - a *pass* prepares a picture for the engine (enlarged, binarised...: `ScanPass`);
/// - a *look* is one pass over one rectangle of a frame, maybe turned (`Look`);
/// - a *scan* is every look a still gets (`ThoroughScan`, `LargeStill`); a moving picture's
///   looks follow a `LookPlan`;
/// - a reader *reads* frames, one after another, into a `FrameReading`; a *read* is a code
///   it decoded;
/// - the *checks* vouch for a 1D read or refuse it (`Checks/`);
/// - the *follower* keeps codes seen lately and where to look for them next (`CodeFollower`);
/// - the *tracker* decides which reads are news to announce (`CodeTracker`);
/// - a *job* is a frame handed to a reading thread (the program's).
public final class CodeReader {
    public let policy: ReadingPolicy
    private let engines: EnginePool
    /// A still is read with zxing-cpp's full effort; moving pictures (`engines`) with its quick one.
    private let stillEngine: PairedEngine
    private let thorough: ThoroughScan
    private var live: LiveReader?
    private var changedFrames = ChangedFrames()
    private var qrPlaces = QRPartPlaces()
    private let messages: MessageParts
    /// The last frame read live, and the thorough reading of it once it came again.
    private var lastFrame: (frame: Frame, area: PixelRect?)?
    private var stillReading: FrameReading?

    /// `workers`: threads a still's looks are shared by (the machine's cores by default).
    public init(
        policy: ReadingPolicy = ReadingPolicy(), extraPasses: [ScanPass] = ThoroughScan.measuredOrder,
        messages: MessageParts = MessageParts(), workers: Int = Processors.available
    ) {
        self.policy = policy
        self.messages = messages
        let zbar = ZbarEngine(symbologies: policy.symbologies, settings: policy.scanner)
        engines = EnginePool(
            PairedEngine(zbar: zbar, zxing: ZxingEngine(symbologies: policy.symbologies, quick: true)))
        stillEngine = PairedEngine(
            zbar: zbar, zxing: ZxingEngine(symbologies: policy.symbologies, readsQR: true), sideBySide: true)
        thorough = ThoroughScan(extraPasses: extraPasses, workers: workers)
    }

    public var engine: any CodeEngine { engines.general }

    /// Reads `area` of `frame` (all of it when nil) as the policy says for a picture of this
    /// `kind`; `realTime`: frames come at the pace of the world (a camera, a file on screen),
    /// not as fast as they are read (a file read headless). A thorough reading stops early
    /// once `limit` is reached. `showing`: CPU (ms) a screen spent on frames since the last
    /// read, which a live reading in real time pays from its share.
    public func read(
        _ frame: Frame, in area: PixelRect? = nil, kind: SourceKind = .still,
        realTime: Bool = true, limit: ReadingLimit? = nil, showing: Double = 0
    ) -> FrameReading {
        var reading: FrameReading
        switch policy.plan(for: kind, realTime: realTime) {
        case .thorough:
            reading = thorough.scan(frame, in: area, with: stillEngine, limit: limit)
        case .changed:
            reading = changedFrames.read(frame, in: area, confirmations: policy.confirmations(for: kind)) {
                thorough.scan($0, in: $1, with: stillEngine, limit: limit)
            }
        case .live(let share, let cost):
            if let still = repeatedStill(frame, in: area, limit: limit) { return still }
            let reader =
                live
                ?? LiveReader(
                    engines: engines, share: share, cost: cost,
                    confirmations: policy.confirmations(for: kind), deep: deepLook(share: share))
            live = reader
            reader.charge(by: cost)
            reading = reader.read(frame, in: area ?? frame.bounds, limit: limit, showing: showing)
        }
        // QR parts are codes too (as zxing-cpp's other parts are: `DetectedCode.part` tells
        // them), until their message is read.
        let placed = qrPlaces.parts(for: reading.parts.filter { $0.sequence == nil }, in: frame, area: area)
        reading.codes += placed.map(\.asCode)
        let parts = reading.parts.filter { $0.sequence != nil } + placed
        let joined = messages.add(parts)
        // The parts of a message read whole are the message.
        reading.codes.removeAll(where: joined.isDone)
        reading.codes += joined.messages
        return reading
    }

    /// A still's whole scan beside the live frames, with engines of its own for each kind of
    /// scan (each kind's thread's).
    private func deepLook(share: Double) -> DeepLook {
        var engines = [DeepLook.Kind: PairedEngine]()
        for kind in DeepLook.Kind.allCases {
            engines[kind] = PairedEngine(
                zbar: ZbarEngine(symbologies: policy.symbologies, settings: policy.scanner),
                zxing: ZxingEngine(symbologies: policy.symbologies, readsQR: true))
        }
        let thorough = self.thorough
        return DeepLook(share: share) { frame, area, limit, kind in
            thorough.scan(frame, in: area, with: engines[kind]!, limit: limit, placesFirst: true)
        }
    }

    /// A still shown in a loop is the very same picture frame after frame: the second
    /// time it is read thoroughly, after that its codes are held (in sight, not read again).
    private func repeatedStill(_ frame: Frame, in area: PixelRect?, limit: ReadingLimit?) -> FrameReading? {
        defer { lastFrame = (frame, area) }
        guard let last = lastFrame, last.area == area, last.frame.sharesPixels(with: frame) else {
            stillReading = nil
            return nil
        }
        if let stillReading {
            var held = FrameReading(frameSequence: frame.sequence, area: area)
            held.held = stillReading.codes + stillReading.held
            return held
        }
        let reading = thorough.scan(frame, in: area, with: stillEngine, limit: limit)
        stillReading = reading
        return reading
    }
}
