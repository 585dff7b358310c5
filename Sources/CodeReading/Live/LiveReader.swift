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

    private let engines: EnginePool
    private let confirmations: Int
    private var budget: ReadingBudget
    private var costs: CostModel
    private var follower = CodeFollower()
    private var plan = LookPlan()
    /// The block statistics of the last scene looked at in full, and of the last frame.
    private var reference: BlockStatistics?
    private var previous: BlockStatistics?
    private var lastFullLook = -Double.infinity
    /// When the last frame was taken.
    private var lastTime = -Double.infinity
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
        deep?.prepare(frame, in: area, scene: stats, explained: explained)
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
        if let started { budget.spend(max(0, (MonotonicClock.threadCPU() - started) * 1000 - current.spent) + showing) }
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
    /// Looks for the codes read lately where they were: those in sight a frame ago (whatever
    /// the budget), or those `missed` since (while the budget allows). A code is looked at again
    /// when its window changed since it was read, when its modules or bars no longer look as
    /// they did (another code in its place: `CodeAppearance`), or while a 1D code still needs
    /// its confirming current; else it is held where it was (in sight, not read again). Returns
    /// the blocks the codes read there explain, and those of windows that show something else
    /// which no look read (for the plan to search).
    private func follow(_ current: inout ThisFrame, stats: BlockStatistics, time: Double, missed: Bool) -> (
        explained: [Bool], swapped: [Bool]
    ) {
        var explained = [Bool](repeating: false, count: stats.mean.count)
        var swapped = explained
        // What changed since the last frame, once for every missed code's window.
        let sinceLastFrame = missed ? SceneChange.changed(stats, since: previous) : []
        for track in follower.tracks.values
        where track.lastSeen < time && (max(track.lastSeen, track.lastHeld) < lastTime) == missed {
            guard let window = CodeFollower.window(around: track, in: stats.area) else { continue }
            let blocks = SceneChange.blocks(within: window, of: stats)
            let moved = zip(blocks, SceneChange.changed(stats, since: track.scene)).contains { $0 && $1 }
            let unsure = !track.code.symbology.oneReadIsProof && track.looks < max(2, confirmations)
            let replaced =
                !moved && !unsure && track.appearance?.differs(in: current.frame, noise: stats.noise) ?? false
            guard unsure || moved || replaced else {
                current.reading.held.append(track.code)
                follower.held(track.code.identity, at: time)
                continue
            }
            // Something new where a code was lately is likeliest another one in its place (a
            // ticket at a gate): its way of reading may run on credit, as a candidate's first look.
            let arrived = missed && zip(blocks, sinceLastFrame).contains { $0 && $1 }
            let floor = missed ? (arrived ? -budget.capacity : 0) : nil
            let reads = relook(track, in: window, at: time, floor: floor, on: &current)
            for read in reads where !current.reading.codes.contains(where: { $0.identity == read.code.identity }) {
                current.reading.codes.append(read.code)
                follower.saw(read.code, by: read.look, at: time, in: stats, frame: current.frame)
            }
            for index in blocks.indices where blocks[index] {
                if !reads.isEmpty { explained[index] = true } else if replaced { swapped[index] = true }
            }
            // Another code read in its place, or something else there that reads as nothing: it is gone.
            if (replaced || !reads.isEmpty) && !reads.contains(where: { $0.code.identity == track.code.identity }) {
                follower.drop(track.code.identity)
            }
        }
        return (explained, swapped)
    }

    /// Looks for a followed code in `window`: the way that read it last first (a matrix code
    /// where it is likely to be before the whole window: `CodeFollower.nearWindow`), and while a
    /// 1D code still waits for its confirming current, a few more ways as the budget allows (a
    /// marginal code reads in some frames and not in others). The way that read it runs while
    /// the budget is above `floor` (nil: whatever the budget), the others while it is above 0.
    /// What the first look that reads the code, or another of its kind in its place, found there.
    private func relook(
        _ track: CodeFollower.Track, in window: PixelRect, at time: Double, floor: Double?,
        on current: inout ThisFrame
    ) -> [(code: DetectedCode, look: Look)] {
        let engine = track.zxingQR ? engines.engine(zxingQR: true) : engines.engine(for: track.code.symbology)
        // A large code reads on every other scan line: half the cost of following it.
        let side = track.code.corners.boundingRect.map { min($0.maxX - $0.minX, $0.maxY - $0.minY) } ?? 0
        engine.density = side >= Look.everyOtherLineFrom ? 2 : 1
        let qrWindow = engine as? ZxingQRWindow
        qrWindow?.followed = track.code.identity
        defer {
            engine.density = 1
            qrWindow?.followed = nil
        }
        let near = CodeFollower.nearWindow(around: track, at: time, in: window)
        var looks = ([near, window].compactMap { $0 }).map {
            Look(rect: $0, pass: track.pass, turn: track.turn, window: true, zxingQR: track.zxingQR)
        }
        let ways = looks.count
        if !track.code.symbology.oneReadIsProof && track.looks < max(2, confirmations) {
            looks += [ScanPass.plain, .thresholded, .smoothed, .enlarged].filter { $0 != track.pass }.map {
                Look(rect: window, pass: $0, turn: track.turn, window: true)
            }
        }
        // A read too weak to be evidence (`Corroboration.seenEnough`) is kept while the other ways try.
        var weak = [(code: DetectedCode, look: Look)]()
        for (index, var look) in looks.enumerated()
        where budget.available > (index < ways ? floor ?? -.infinity : 0) {
            var found = run(look, with: engine, on: &current)
            // A large code's noise can hide it from zbar on every other scan line, or on every
            // pixel: once its ways missed it, it is looked for halved (area averaging takes the
            // noise away), or on every line where halved is its way.
            if found.isEmpty, index == ways - 1, engine.density == 2 {
                engine.density = 1
                look = Look(rect: looks[0].rect, pass: .halved, turn: track.turn, window: true, zxingQR: track.zxingQR)
                if track.pass == .halved { look = looks[0] }
                found = run(look, with: engine, on: &current)
            }
            guard !found.isEmpty else { continue }
            let reads = found.map { (code: $0, look: look) }
            guard let code = found.first(where: { $0.identity == track.code.identity }) else { return reads }
            if Corroboration.seenEnough(code) { return reads }
            if weak.isEmpty { weak = reads }
        }
        return weak
    }

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
    private func run(_ look: Look, with engine: any CodeEngine, on current: inout ThisFrame) -> [DetectedCode] {
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
