import FrameCore
import PictureOps

/// The thorough look a still picture gets (and every frame under `--effort thorough`): the
/// plain crop first; when it finds nothing, the other passes in the order measured best on
/// the corpus, until one reads a code.
public struct ThoroughScan: Sendable {
    public let extraPasses: [ScanPass]
    /// Threads a still's looks are shared by (`LookAhead`): the machine's cores by default.
    public let workers: Int

    /// The extra passes, those that read most first (`qrtui-bench --corpus --list --passes
    /// ...` compares orders; README, "Benchmark", has what each reads). Smoothed and doubled
    /// are for halftone modules and crisp codes at one pixel per module. A pass that misreads
    /// a 1D code must not come before one that reads it right.
    public static let measuredOrder: [ScanPass] = [
        .straightened, .enlarged, .binarised, .inverted, .thresholded, .enlargedThresholded, .enlargedEqualised,
        .enlargedBinarised, .equalisedBinarised, .smoothed, .rotated, .doubled, .magnifiedThresholded,
        .magnifiedBinarised,
    ]

    public init(extraPasses: [ScanPass] = ThoroughScan.measuredOrder, workers: Int = Processors.available) {
        self.extraPasses = extraPasses
        self.workers = max(1, workers)
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
    /// little, then other passes). Only the passes that can still find what the picture shows
    /// of codes run (`StillEvidence`). A picture of many megapixels is read once whole and then
    /// within a counted budget (`LargeStill`); then the places where QR codes may lie that no
    /// code read covers are read on their own (`CandidateWindows`). The reading gives up once
    /// `limit` is reached. `placesFirst`: those places get their plain look before the whole
    /// picture's looks, so that a sheet's codes come out early (a scene held still, read beside
    /// the live frames).
    public func scan(
        _ frame: Frame, in area: PixelRect? = nil, with engine: any CodeEngine,
        limit: ReadingLimit? = nil, placesFirst: Bool = false
    ) -> FrameReading {
        let rect = (area ?? frame.bounds).clamped(to: frame.bounds)
        guard !rect.isEmpty else { return FrameReading(frameSequence: frame.sequence, area: area) }
        let start = MonotonicClock.now()
        let large = LargeStill.applies(to: rect)
        let seen = LargeStill.firstPicture(of: frame, in: rect)
        // zbar's first look at the whole starts at once, beside the evidence it does not need
        // (not when places come first).
        let started = placesFirst ? nil : Self.startedZbar(engine, on: seen.picture, of: frame, in: rect)
        let engine = started ?? engine
        // Known before the first look: a crowd of finder patterns changes how the whole is read.
        // Where every place's window fits the windows' budget, each is read by both engines, and
        // zbar reads no QR code in the whole either (pairing a crowd of finders costs it seconds).
        let evidence = Pending(inline: true) { StillEvidence(frame, in: rect) }
        let crowded = evidence.answer.crowded
        let placesRead = crowded && CandidateWindows.readsEvery(evidence.answer, in: rect)
        let whole = crowded ? (engine as? PairedEngine)?.sparingQR(byZbarToo: placesRead) ?? engine : engine
        let pixels = Double(rect.width * rect.height)
        var early = FrameReading(frameSequence: frame.sequence)
        let placeLooks =
            placesFirst && !large
            ? CandidateWindows(thorough: self).placesFirst(
                frame, in: rect, evidence: evidence.answer, with: engine, limit: limit, into: &early) : []
        var reading =
            large
            ? LargeStill(thorough: self).scan(
                frame, in: rect, seen: seen, with: whole, limit: limit, evidence: evidence)
            : scanWhole(
                seen.picture, at: PixelPoint(x: rect.x, y: rect.y), with: whole, limit: limit,
                budget: crowded ? WorkBudget(pixels * (1 + StillEvidence.crowdedShare)) : nil, shown: evidence,
                focus: evidence.answer.focus(in: rect), tells: true)
        let wholeLooks: Set<ScanPass> = large ? [.plain] : Set(reading.passesRun)
        if !placeLooks.isEmpty {
            early.adding(reading)
            reading = early
        }
        CandidateWindows(thorough: self).read(
            frame, in: rect, evidence: evidence.answer, wholeLooks: wholeLooks, placeLooks: placeLooks, with: engine,
            limit: limit, into: &reading)
        reading.frameSequence = frame.sequence
        reading.area = area
        reading.milliseconds = (MonotonicClock.now() - start) * 1000
        return reading
    }

    /// The looks at all of `crop`, whose top-left pixel lies at `origin` in the frame: `passes`
    /// (nil: the plain one, then the others, then each again turned a little), each only
    /// when its counted cost fits the `budget` (nil: no limit) and what the picture `shown`
    /// of codes (nil: anything) allows it. `tells`: `limit`'s listener hears of the codes as
    /// they are read (the crop is the whole still, its codes in the frame's pixels).
    func scanWhole(
        _ crop: Frame, at origin: PixelPoint = PixelPoint(x: 0, y: 0), with engine: any CodeEngine,
        limit: ReadingLimit?, passes: [ScanPass]? = nil, budget: WorkBudget? = nil,
        shown: Pending<StillEvidence>? = nil, focus: StillEvidence.Focus = .whole, tells: Bool = false
    ) -> FrameReading {
        var reading = FrameReading(frameSequence: crop.sequence)
        var queue = looks(at: crop, from: origin, passes: passes, with: engine, turnsIn: shown?.answer.barsParts)
        var evidence = Corroboration()
        var index = 0
        // A weak read's second looks all run before the scan may stop: one of them may read
        // something else in its place (a read that misleads one look may mislead a turned one).
        var secondLooksEnd = 0
        var refused = 0
        var firstRead = [CodeIdentity: ScanPass]()
        let allowed = { (look: Look) in
            look.pass == .plain && look.turn == nil || shown.map { $0.answer.allows(look) } ?? true
        }
        // After the plain look, a look on every core, each helper with a twin engine (a small
        // still without a budget: the passes of a picture with nothing to find).
        let helpers = budget == nil && crop.width * crop.height < PairedEngine.sideBySidePixels ? workers - 1 : 0
        let looks = LookAhead(crop, from: origin, engine: engine, helpers: helpers, twin: engine.twin, limit: limit)
        while index < queue.count, limit?.reached != true {
            let look = queue[index]
            index += 1
            if !allowed(look) { continue }
            if let budget, !budget.take(Double(crop.width * crop.height) * look.pass.costFactor) { continue }
            let found = looks.findings(for: look) { queue[index...].filter(allowed) }
            reading.passesRun.append(look.pass)
            reading.parts += found.parts
            refused += found.withheld
            // Nothing in the plain look: the others read where the evidence shows candidates.
            if index == 1, look.pass == .plain, look.turn == nil, found.isEmpty, focus != .whole {
                return afterPlainLook(
                    crop, at: origin, in: focus, with: engine, limit: limit, passes: passes, budget: budget,
                    shown: shown, tells: tells)
            }
            for code in found.codes where firstRead[code.identity] == nil { firstRead[code.identity] = look.pass }
            evidence.add(found.codes)
            if tells { limit?.tell(evidence.accepted) }
            if Self.settled(evidence, parts: reading.parts), index >= secondLooksEnd { break }
            let next = Self.reordered(queue, from: index, for: evidence.pending)
            queue = next.queue
            secondLooksEnd = max(secondLooksEnd, index + next.seconds)
        }
        reading.codes = evidence.accepted
        reading.withheld = evidence.withheld + refused
        reading.pass = reading.codes.first.flatMap { firstRead[$0.identity] }
        return reading
    }

    /// The reading of `crop` (at `origin`) whose plain look read nothing: the other looks in
    /// the part `focus` gives, or none.
    private func afterPlainLook(
        _ crop: Frame, at origin: PixelPoint, in focus: StillEvidence.Focus, with engine: any CodeEngine,
        limit: ReadingLimit?, passes: [ScanPass]?, budget: WorkBudget?, shown: Pending<StillEvidence>?, tells: Bool
    ) -> FrameReading {
        guard case .part(let part) = focus else {
            var reading = FrameReading(frameSequence: crop.sequence)
            reading.passesRun = [.plain]
            return reading
        }
        var rest = scanWhole(
            crop.cropped(to: Self.local(part, in: crop, at: origin)), at: PixelPoint(x: part.x, y: part.y),
            with: engine, limit: limit, passes: (passes ?? [.plain] + extraPasses).filter { $0 != .plain },
            budget: budget, shown: shown, tells: tells)
        rest.frameSequence = crop.sequence
        rest.passesRun.insert(.plain, at: 0)
        return rest
    }

    /// `engine` with zbar's look at `picture` (all of `rect` of `frame`) started at once: nil
    /// under a megapixel, and where the rows show a crowd of finders at a glance (the look waits
    /// for the places: see `scan`).
    private static func startedZbar(
        _ engine: any CodeEngine, on picture: Frame, of frame: Frame, in rect: PixelRect
    ) -> PairedEngine? {
        guard let paired = engine as? PairedEngine, paired.startsZbar(on: picture) else { return nil }
        return StillEvidence.mayCrowd(frame, in: rect) ? nil : paired.startingZbar(on: picture)
    }

    /// Looks so far settle the reading: a code is believed, or a part of a message (structured
    /// append) was read, which the other looks make no more whole; and no weak read waits.
    private static func settled(_ evidence: Corroboration, parts: [SymbolPart]) -> Bool {
        evidence.isSettled || !parts.isEmpty && evidence.pending.isEmpty
    }

    /// `rect`, in frame pixels, in those of `crop`, whose top-left lies at `origin`, within it.
    private static func local(_ rect: PixelRect, in crop: Frame, at origin: PixelPoint) -> PixelRect {
        PixelRect(x: rect.x - origin.x, y: rect.y - origin.y, width: rect.width, height: rect.height).clamped(
            to: crop.bounds)
    }

    /// The looks at all of `crop`: `passes` (nil: the plain one, then the others), those that
    /// suit it and the engine; then, when there are several, each again turned a little in
    /// each part `turnsIn` gives in frame pixels (nil or none: all of it): rows then cross slanted
    /// bars at another angle, and sample the picture afresh, where bars show.
    private func looks(
        at crop: Frame, from origin: PixelPoint, passes: [ScanPass]?, with engine: any CodeEngine,
        turnsIn: [PixelRect]?
    ) -> [Look] {
        let queue = (passes ?? [.plain] + extraPasses).filter { $0.applies(to: crop) && $0.suits(engine.symbologies) }
            .map { Look(rect: crop.bounds, pass: $0) }
        guard queue.count > 1 else { return queue }
        let inCrop = (turnsIn ?? []).map { Self.local($0, in: crop, at: origin) }.filter { !$0.isEmpty }
        let parts = inCrop.isEmpty ? [crop.bounds] : inCrop
        return queue
            + parts.flatMap { part in
                queue.filter {
                    $0.pass != .straightened && $0.pass != .rotated
                        && $0.pass.applies(width: part.width, height: part.height)
                }
                .map { Look(rect: part, pass: $0.pass, turn: Self.fallbackTurn) }
            }
    }

    /// The looks still to run, those that can confirm `pending` reads first (`seconds` of them).
    static func reordered(_ queue: [Look], from index: Int, for pending: [DetectedCode]) -> (
        queue: [Look], seconds: Int
    ) {
        guard !pending.isEmpty, let rect = queue.first?.rect else { return (queue, 0) }
        var seconds = [Look]()
        for code in pending {
            seconds += secondTurns.map { Look(rect: rect, pass: code.pass, turn: $0) }
        }
        seconds += secondLooks.map { Look(rect: rect, pass: $0) }
        let rest = queue[index...]
        let first = seconds.filter { look in look.turn != nil ? !queue[..<index].contains(look) : rest.contains(look) }
        return (Array(queue[..<index]) + first + rest.filter { !first.contains($0) }, first.count)
    }
}
