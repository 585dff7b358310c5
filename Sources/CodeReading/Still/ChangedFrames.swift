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
    /// The frames of a scene alike, taken together where a code no frame reads may lie.
    private var fusion = FrameFusion()

    /// `scan` reads a picture within an area (nil: the one read), as a still is read.
    mutating func read(
        _ frame: Frame, in area: PixelRect?, confirmations: Int, scan: (Frame, PixelRect?) -> FrameReading
    ) -> FrameReading {
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
            held.codes = fused(frame, in: stats, scan: scan)
            self.scanned?.codes += held.codes
            held.gathering = fusion.gathering
            return held
        }
        var reading = scan(frame, area)
        reading.wholeScan = true
        scansOfScene = scene ? scansOfScene + 1 : 1
        if !scene {
            reference = stats
            fusion.reset()
            _ = fusion.add(frame, in: stats.area, scene: stats)
        }
        for code in reading.codes { if let box = code.box { fusion.read(in: box) } }
        scanned = reading
        return reading
    }

    /// What the means of the scene's frames due now read (`FrameFusion`).
    private mutating func fused(_ frame: Frame, in scene: BlockStatistics, scan: (Frame, PixelRect?) -> FrameReading)
        -> [DetectedCode]
    {
        var codes = [DetectedCode]()
        for due in fusion.add(frame, in: scene.area, scene: scene) {
            let found = scan(due.picture, due.window).codes
            for code in found { if let box = code.box { fusion.read(in: box) } }
            codes += found.filter { code in !codes.contains { $0.isSameSighting(as: code) } }
        }
        return codes
    }
}
