import FrameCore
import PictureOps

/// Reads a moving picture frame after frame, with effort that follows change:
/// - codes read lately are looked for first, in a window around each (the outline follows);
/// - blocks of the scan area that changed beyond sensor noise are searched: candidates
///   (patches of strong edges, at full resolution) get their first look and the extra passes
///   in small windows, the changed region zbar at full resolution (a small code too);
/// - a scene looked at in full is not looked at again until it changes, but for a plain
///   re-check every `recheckInterval` (a part of the area each time, in turn);
/// - all of it (in real time, the frame's own work too) paid from a `ReadingBudget`: a share
///   of a core over time, at most one frame interval in any frame.
final class LiveReader {
    static let blockSize = 16
    /// Block statistics on one row in four (`Frame.blockStatistics`): a quarter of the cost.
    static let rowStep = 4
    static let recheckInterval = 2.0
    /// Most work one frame may get (ms): a frame interval at 30 fps.
    static let slice = 1000.0 / 30

    let engines: EnginePool
    let confirmations: Int
    var budget: ReadingBudget
    private var costs: CostModel
    var follower = CodeFollower()
    private var plan = LookPlan()
    /// The block statistics of the last scene looked at in full, and of the last frame.
    private var reference: BlockStatistics?
    var previous: BlockStatistics?
    private var lastFullLook = -Double.infinity
    /// When the last frame was taken.
    var lastTime = -Double.infinity
    private var rechecks = 0
    /// The last new plan saw bars running past the area's edge (`Localiser.reachesPast`).
    private var barsPastEdge = false
    /// A still's whole scan of a scene held still, beside the frames (nil: none).
    private let deep: DeepLook?

    init(engines: EnginePool, share: Double, cost: CostMeasure, confirmations: Int, deep: DeepLook? = nil) {
        self.engines = engines
        self.deep = deep
        self.confirmations = confirmations
        budget = ReadingBudget(share: share, capacity: max(2 * Self.slice, share * 500))
        costs = CostModel(measure: cost, symbologies: engines.general.symbologies)
    }

    /// How looks are charged from now on: a stream found to come in real time is charged the
    /// CPU it really takes.
    func charge(by measure: CostMeasure) {
        costs.measure = measure
        deep?.inline = measure == .counted
    }

    /// `limit` hears each new code that one read proves (a 2D code) as it is read: it is
    /// announced before the frame's other looks. In real time the frame's own work is paid
    /// too, and `showing` (ms a screen spent on frames since): a scene costs the effort.
    func read(_ frame: Frame, in area: PixelRect, limit: ReadingLimit? = nil, showing: Double = 0) -> FrameReading {
        let started = costs.measure == .measured ? MonotonicClock.threadCPU() : nil
        let stats = frame.blockStatistics(in: area, blockSize: Self.blockSize, rowStep: Self.rowStep)
        if let previous, previous.area != stats.area { reset() }
        let time = frame.timestamp
        budget.refill(at: time)
        var current = ThisFrame(
            frame: frame, area: area, stats: stats, reading: FrameReading(frameSequence: frame.sequence, area: area))
        let (explained, swapped) = follow(&current, stats: stats, time: time, missed: false)
        // Where a followed code moved, the scene has been looked at: what it left behind
        // and where it went are no change to search.
        reference = reference.map { $0.adopting(stats, where: explained) }
        plan.adopt(stats, where: explained)
        let changed = schedule(stats: stats, explained: explained, swapped: swapped, time: time)
        current.reading.sceneStill = !changed && !explained.contains(true)
        current.reading.sceneFollowed = !changed && explained.contains(true)
        let deepSpent = deep?.prepare(frame, in: area, scene: stats, explained: explained) ?? 0
        work(&current, time: time, limit: limit)
        current.reading.reachesPast = barsPastEdge && current.reading.codes.isEmpty && follower.tracks.isEmpty
        current.reading.gathering = current.reading.codes.isEmpty && follower.tracks.isEmpty ? deep?.gathering : nil
        // Codes missed since the last frame get what the plan left: it may have found them.
        let (found, _) = follow(&current, stats: stats, time: time, missed: true)
        reference = reference.map { $0.adopting(stats, where: found) }
        plan.adopt(stats, where: found)
        takeDeepCodes(&current, explained: zip(explained, found).map { $0 || $1 }, time: time)
        if plan.isFinished, let base = plan.base {
            reference = base
            plan = LookPlan()
            lastFullLook = time
        }
        previous = stats
        lastTime = time
        follower.forget(before: time)
        // A code both held and read again this frame is a fresh read.
        current.reading.held.removeAll { held in current.reading.codes.contains { $0.isSameSighting(as: held) } }
        follower.release(&current.reading.held, rivalledBy: current.reading.codes)
        if let started {
            let unpaid = (MonotonicClock.threadCPU() - started - deepSpent) * 1000 - current.spent
            budget.spend(max(0, unpaid) + showing)
        }
        return current.reading
    }

    private func reset() {
        deep?.reset()
        barsPastEdge = false
        follower.clear()
        plan = LookPlan()
        reference = nil
        previous = nil
    }

    /// The codes a whole scan read that this frame's looks did not, each in its place, followed from now on.
    /// Where followed codes moved (`explained`), the scene is no other for the scan.
    private func takeDeepCodes(_ current: inout ThisFrame, explained: [Bool], time: Double) {
        guard let deep else { return }
        let inSight = current.reading.codes + current.reading.held
        for code in deep.take(scene: current.stats, explained: explained, inSight: inSight)
        where !(current.reading.codes + current.reading.held).contains(where: { $0.isSameSighting(as: code) }) {
            current.reading.codes.append(code)
            guard follower.tracks[code.identity] == nil, let rect = code.box else { continue }
            let look = Look(rect: rect, pass: code.pass, turn: code.turn, window: true)
            follower.saw(code, by: look, at: time, in: current.stats, frame: current.frame)
        }
    }
}

extension LiveReader {
    /// A new plan when blocks changed that the followed codes do not explain, or a plain
    /// re-check when the scene has been still for a while. Whether such blocks changed.
    private func schedule(stats: BlockStatistics, explained: [Bool], swapped: [Bool], time: Double) -> Bool {
        // A window that shows another code than the one read there changed, whatever its blocks say.
        let sinceLook = zip(SceneChange.changed(stats, since: reference), zip(explained, swapped)).map {
            ($0 && !$1.0) || $1.1
        }
        let sincePlan = zip(SceneChange.changed(stats, since: plan.base ?? reference), explained).map { $0 && !$1 }
        if sinceLook.contains(true) && (plan.isFinished || sincePlan.contains(true) || swapped.contains(true)) {
            plan = LookPlan(
                stats: stats, changed: sinceLook, costs: costs, slice: Self.slice, zxingQR: engines.zxingQR != nil)
            barsPastEdge = plan.barsPastEdge
        } else if plan.isFinished && time - lastFullLook >= Self.recheckInterval {
            plan = LookPlan(recheck: stats, turn: rechecks, costs: costs, slice: Self.slice)
            rechecks += 1
        }
        return sinceLook.contains(true)
    }

    /// Runs the plan's looks while the budget and this frame's slice allow, stopping early
    /// when a code was read (it is shown at once, a 2D code as it is read: `limit`; the rest
    /// waits for the next frame), but for zbar on the other candidate windows that fit the
    /// slice when the code is new: a sheet of codes held up is read in a frame or two.
    private func work(_ current: inout ThisFrame, time: Double, limit: ReadingLimit?) {
        var readNew = false
        var lookedThisFrame = false
        while let look = plan.next {
            let estimate = costs.estimate(look)
            // A current longer than a frame and a half would hold the picture up: not live.
            if estimate > 1.5 * Self.slice {
                plan.advance()
                continue
            }
            // zbar on a candidate window is the cheapest current most likely to read a code that
            // just appeared: it may run on credit (up to a bucketful), paid back after.
            let urgent = look.window && look.pass == .plain && look.turn == nil
            let floor = urgent ? -budget.capacity : 0
            // The frame's first look of the plan runs whatever following spent: else a look
            // larger than what following leaves of a slice would hold the plan up for good.
            guard budget.available > floor,
                !lookedThisFrame || (current.spent + estimate <= Self.slice && estimate <= budget.available - floor),
                !readNew || urgent
            else { return }
            plan.advance()
            lookedThisFrame = true
            let found = run(look, with: engines.engine(for: look), on: &current)
            let news = found.filter { follower.tracks[$0.identity] == nil }
            limit?.tell(news)
            for code in found where !current.reading.codes.contains(where: { $0.identity == code.identity }) {
                current.reading.codes.append(code)
                let lately = follower.tracks[code.identity].map { $0.lastSeen >= lastTime } ?? false
                follower.saw(code, by: look, at: time, in: current.stats, frame: current.frame, keepingWay: lately)
            }
            if !found.isEmpty {
                plan.dropWindows(covering: found)
                guard !news.isEmpty else { return }
                readNew = true
            }
        }
    }

    /// One look on the frame: its codes (also kept in the reading) and parts; the cost charged.
    func run(_ look: Look, with engine: any CodeEngine, on current: inout ThisFrame) -> [DetectedCode] {
        let started = MonotonicClock.threadCPU()
        let crop = current.frame.cropped(to: look.rect)
        let found = engine.scanning(as: look) {
            look.pass.decode(look.pass.views(of: crop, turnedBy: look.turn), turn: look.turn, with: engine)
        }.moved(by: PixelPoint(x: look.rect.x, y: look.rect.y))
        let findings = current.checked(found, following: follower)
        let cost = costs.charge(look, cpuMilliseconds: (MonotonicClock.threadCPU() - started) * 1000)
        budget.spend(cost)
        current.spent += cost
        current.reading.work += cost
        current.reading.passesRun.append(look.pass)
        current.reading.parts += findings.parts
        current.reading.withheld += findings.withheld
        if !findings.codes.isEmpty { current.reading.pass = current.reading.pass ?? look.pass }
        return findings.codes
    }
}
