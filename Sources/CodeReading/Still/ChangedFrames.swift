import FrameCore
import PictureOps

/// A recording read whole, as fast as the machine allows: a frame whose scene changed beyond
/// sensor noise (`SceneChange`, against the last frame scanned) gets a still's whole scan; a
/// frame alike holds what that scan read (in sight, not read again). A code that comes, goes
/// or moves changes its blocks, so every code any frame holds is scanned at least once.
struct ChangedFrames {
    private var reference: BlockStatistics?
    private var scanned: FrameReading?

    mutating func read(_ frame: Frame, in area: PixelRect?, scan: () -> FrameReading) -> FrameReading {
        let stats = frame.blockStatistics(
            in: (area ?? frame.bounds).clamped(to: frame.bounds), blockSize: LiveReader.blockSize,
            rowStep: LiveReader.rowStep)
        if let scanned, !SceneChange.changed(stats, since: reference).contains(true) {
            var held = FrameReading(frameSequence: frame.sequence, area: area)
            held.held = scanned.codes + scanned.held
            held.sceneStill = true
            held.wholeScan = true
            return held
        }
        var reading = scan()
        reading.wholeScan = true
        reference = stats
        scanned = reading
        return reading
    }
}
