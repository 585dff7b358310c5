import FrameCore
import PictureOps

/// A recording read whole, as fast as the machine allows: a frame whose scene changed beyond
/// sensor noise (`SceneChange`, against the last frame scanned) gets a still's whole scan; a
/// frame alike holds what that scan read (in sight, not read again). A code that comes, goes
/// or moves changes its blocks, so every code any frame holds is scanned at least once. A 1D
/// read counts as two looks (its scan gave it a second); where `--confirm` asks for more, the
/// scene is scanned again in the frames after until it has had them.
struct ChangedFrames {
    private var reference: BlockStatistics?
    private var scanned: FrameReading?
    private var scansOfScene = 0

    mutating func read(_ frame: Frame, in area: PixelRect?, confirmations: Int, scan: () -> FrameReading)
        -> FrameReading
    {
        let stats = frame.blockStatistics(
            in: (area ?? frame.bounds).clamped(to: frame.bounds), blockSize: LiveReader.blockSize,
            rowStep: LiveReader.rowStep)
        let unconfirmed = scanned?.codes.contains { !$0.symbology.oneReadIsProof } ?? false
        let scene = scanned != nil && !SceneChange.changed(stats, since: reference).contains(true)
        if let scanned, scene, !unconfirmed || 2 * scansOfScene >= confirmations {
            var held = FrameReading(frameSequence: frame.sequence, area: area)
            held.held = scanned.codes + scanned.held
            held.sceneStill = true
            held.wholeScan = true
            return held
        }
        var reading = scan()
        reading.wholeScan = true
        scansOfScene = scene ? scansOfScene + 1 : 1
        if !scene { reference = stats }
        scanned = reading
        return reading
    }
}
