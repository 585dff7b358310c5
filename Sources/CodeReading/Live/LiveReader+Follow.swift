import FrameCore
import PictureOps

/// Following the codes read lately: where each was, it is held, or looked at again.
extension LiveReader {
    /// Looks for the codes read lately where they were: those in sight a frame ago (whatever
    /// the budget), or those `missed` since (while the budget allows). A code is looked at again
    /// when its window changed since it was read, when its modules or bars no longer look as
    /// they did (another code in its place: `CodeAppearance`), or while a 1D code still needs
    /// its confirming current; else it is held where it was (in sight, not read again). Returns
    /// the blocks the codes read there explain, and those of windows that show something else
    /// which no look read (for the plan to search).
    func follow(_ current: inout ThisFrame, stats: BlockStatistics, time: Double, missed: Bool) -> (
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
}
