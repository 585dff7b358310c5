import FrameCore
import PictureOps

/// The thorough look a still picture gets (and every frame under `--effort thorough`): the
/// plain crop first; when it finds nothing, the other passes in the order measured best on
/// the corpus, until one reads a code.
public struct ThoroughScan: Sendable {
    public let extraPasses: [ScanPass]

    /// The measured order (`qrtui-bench --corpus --list --passes ...`): straightened reads 6
    /// corpus codes the plain pass cannot, enlarged 5, binarised 3, inverted 2,
    /// enlargedEqualised 2, equalisedBinarised 2, one each the others; smoothed and doubled
    /// none there, but they read halftone modules and crisp codes at one pixel per module.
    /// The order matters: a pass that misreads a 1D code must not come before one that reads
    /// it right.
    public static let measuredOrder: [ScanPass] = [
        .straightened, .enlarged, .binarised, .inverted, .thresholded, .enlargedThresholded, .enlargedEqualised,
        .enlargedBinarised, .equalisedBinarised, .smoothed, .rotated, .doubled, .magnifiedThresholded,
        .magnifiedBinarised,
    ]

    public init(extraPasses: [ScanPass] = ThoroughScan.measuredOrder) {
        self.extraPasses = extraPasses
    }

    /// One look at the picture: a pass over it, turned first by a few degrees or not.
    struct Look: Equatable {
        let pass: ScanPass
        var turn: Double? = nil
    }

    /// Passes that look at the picture differently enough to confirm a 1D read (cheap first).
    static let secondLooks: [ScanPass] = [.smoothed, .thresholded, .binarised, .enlarged]
    /// A second look by the same pass samples the picture afresh when it is turned a little.
    static let secondTurns = [0.5, -0.5, 2, -2]
    /// The turn every pass gets once more when nothing else read.
    static let fallbackTurn = 2.0

    /// Reads `area` of `frame` (the whole frame when nil) and says which pass read what.
    /// Passes run until a code is believed (see `Corroboration`): a 1D read that needs a
    /// second look gets the looks that give one next (its own pass on the picture turned a
    /// little, then other passes). A picture of many megapixels is read once whole and then
    /// within a counted budget (`LargeStill`), and the
    /// reading gives up once `limit` is reached.
    public func scan(_ frame: Frame, in area: PixelRect? = nil, with scanner: CodeScanner,
                     limit: ReadingLimit? = nil) -> FrameReading {
        let rect = (area ?? frame.bounds).clamped(to: frame.bounds)
        guard !rect.isEmpty else { return FrameReading(frameSequence: frame.sequence, area: area) }
        if LargeStill.applies(to: rect) {
            var reading = LargeStill(thorough: self).scan(frame, in: rect, with: scanner, limit: limit)
            reading.area = area
            return reading
        }
        let start = MonotonicClock.now()
        var reading = scanWhole(frame.cropped(to: rect), at: PixelPoint(x: rect.x, y: rect.y), with: scanner, limit: limit)
        reading.frameSequence = frame.sequence
        reading.area = area
        reading.milliseconds = (MonotonicClock.now() - start) * 1000
        return reading
    }

    /// The looks at all of `crop`, whose top-left pixel lies at `origin` in the frame: `passes`
    /// (nil: the plain one, then the others, then each again turned a little), each only
    /// when its counted cost fits the `budget` (nil: no limit).
    func scanWhole(_ crop: Frame, at origin: PixelPoint = PixelPoint(x: 0, y: 0), with scanner: CodeScanner,
                   limit: ReadingLimit?, passes: [ScanPass]? = nil, budget: WorkBudget? = nil) -> FrameReading {
        var reading = FrameReading(frameSequence: crop.sequence)
        var queue = (passes ?? [.plain] + extraPasses).filter { $0.applies(to: crop) && $0.suits(scanner.symbologies) }
            .map { Look(pass: $0) }
        // Last, every pass again on the picture turned a little: rows then cross slanted bars
        // at another angle, and sample the picture afresh (not when one look was asked for).
        if queue.count > 1 {
            queue += queue.filter { $0.pass != .straightened && $0.pass != .rotated }.map { Look(pass: $0.pass, turn: Self.fallbackTurn) }
        }
        var evidence = Corroboration()
        var index = 0
        // A weak read's second looks all run before the scan may stop: one of them may read
        // something else in its place (a read that misleads one look may mislead a turned one).
        var secondLooksEnd = 0
        var refused = 0
        var firstRead = [CodeIdentity: ScanPass]()
        while index < queue.count, limit?.reached != true {
            let look = queue[index]
            index += 1
            if let budget, !budget.take(Double(crop.width * crop.height) * look.pass.costFactor) { continue }
            let found = look.pass.read(crop, at: origin, turn: look.turn, with: scanner, limit: limit)
            reading.passesRun.append(look.pass)
            reading.parts += found.parts
            refused += found.withheld
            for code in found.codes where firstRead[code.identity] == nil { firstRead[code.identity] = look.pass }
            evidence.add(found.codes)
            if evidence.isSettled && index >= secondLooksEnd { break }
            let next = Self.reordered(queue, from: index, for: evidence.pending)
            queue = next.queue
            secondLooksEnd = max(secondLooksEnd, index + next.seconds)
        }
        reading.codes = evidence.accepted
        reading.withheld = evidence.withheld + refused
        reading.pass = reading.codes.first.flatMap { firstRead[$0.identity] }
        return reading
    }

    /// The looks still to run, those that can confirm `pending` reads first (`seconds` of them).
    static func reordered(_ queue: [Look], from index: Int, for pending: [DetectedCode]) -> (queue: [Look], seconds: Int) {
        guard !pending.isEmpty else { return (queue, 0) }
        var seconds = [Look]()
        for code in pending {
            seconds += secondTurns.map { Look(pass: code.pass, turn: $0) }
        }
        seconds += secondLooks.map { Look(pass: $0) }
        let rest = queue[index...]
        let first = seconds.filter { look in look.turn != nil ? !queue[..<index].contains(look) : rest.contains(look) }
        return (Array(queue[..<index]) + first + rest.filter { !first.contains($0) }, first.count)
    }
}

/// What one pass found in one picture, in frame pixels.
public struct PassFindings: Sendable {
    public var codes: [DetectedCode] = []
    public var parts: [SymbolPart] = []
    /// 1D reads refused for where they lay (`LocationSanity`), for bars beyond their ends (`QuietZone`)
    /// or for bars that spell another text (`BarsAcross`, `Code128Extended`).
    public var withheld = 0
}

extension ScanPass {
    /// Runs this pass on `crop`, whose top-left pixel lies at `origin` in the frame; what
    /// it finds comes back in frame pixels, checked in `crop` itself (see `checked`). A pass
    /// with several views stops at the first that reads a code.
    public func read(_ crop: Frame, at origin: PixelPoint, turn: Double? = nil, with scanner: CodeScanner,
                     limit: ReadingLimit? = nil) -> PassFindings {
        Self.checked(read(views(of: crop, turnedBy: turn), at: origin, turn: turn, with: scanner, limit: limit),
                     in: crop, at: origin)
    }

    /// `findings` (in frame pixels) as they stand after the checks in `picture`, whose top-left
    /// pixel lies at `origin` in the frame: 1D reads without a quiet zone there are withheld
    /// (see `QuietZone`), ITF, EAN, UPC, Code 128 and Code 39 reads are spelt again across their bars
    /// (see `BarsAcross`), and Code 128 reads are checked for FNC4 (see `Code128Extended`).
    /// `picture` is all a read can be judged by: a window cut round a code for speed would cut
    /// its quiet zones and the lines across it short, so the live path checks in its whole area.
    static func checked(_ findings: PassFindings, in picture: Frame, at origin: PixelPoint) -> PassFindings {
        var findings = findings
        let count = findings.codes.count
        // A read must end where the printed code ends (or be spelt across its bars, where that
        // stands in for it), and a Code 128 read must spell what its symbols say (zbar drops FNC4).
        let offset = PixelPoint(x: -origin.x, y: -origin.y)
        findings.codes = findings.codes.compactMap { code in
            let local = code.moved(by: offset)
            let across = QuietZone.isClear(local, in: picture) ? BarsAcross.checked(local, in: picture)
                : QuietZone.spellingStandsIn.contains(code.symbology) ? BarsAcross.spelt(local, in: picture) : nil
            return across.flatMap { Code128Extended.revised($0, in: picture)?.moved(by: origin) }
        }
        findings.withheld += count - findings.codes.count
        return findings
    }

    /// The pass's views of `crop` turned by `turn` degrees first (nil: as it is), each with
    /// the map back to the crop.
    func views(of crop: Frame, turnedBy turn: Double?) -> [MappedPicture] {
        guard let turn else { return views(of: crop) }
        guard let turned = crop.turned(degrees: turn) else { return [] }  // a long thin picture
        return views(of: turned.picture).map { view in
            MappedPicture(picture: view.picture, back: { turned.back(view.back($0)) })
        }
    }

    func read(_ views: [MappedPicture], at origin: PixelPoint, turn: Double? = nil, with scanner: CodeScanner,
              limit: ReadingLimit? = nil) -> PassFindings {
        var findings = PassFindings()
        for view in views where limit?.reached != true {
            let back = { (point: PixelPoint) -> PixelPoint in
                let p = view.back(point)
                return PixelPoint(x: p.x + origin.x, y: p.y + origin.y)
            }
            let output = scanner.read(view.picture)
            findings.withheld += output.withheld
            findings.parts += output.parts.map { SymbolPart(bytes: $0.bytes, corners: $0.corners.map(back)) }
            if !output.codes.isEmpty {
                findings.codes = output.codes.map { $0.mapped(back).found(by: self, turn: turn) }
                return findings
            }
        }
        return findings
    }
}

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

    public init(codes: [DetectedCode] = [], frameSequence: Int = 0, area: PixelRect? = nil) {
        self.codes = codes
        self.frameSequence = frameSequence
        self.area = area
    }
}
