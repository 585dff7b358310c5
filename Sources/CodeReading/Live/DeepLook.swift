import FrameCore
import PictureOps
import Synchronization

/// A still's whole scan of a scene held still, on a thread of its own: the live reading gets
/// what a still read of one of its frames gets (every code of a sheet, a small code anywhere,
/// high versions) without holding up a frame. It starts once the scene has stayed as it was
/// for `steadyFrames`, as a frame's own looks begin (beside them: a new scene's first frame
/// is the one the live looks take longest on), is given up at its next look when the scene
/// changes, and its codes
/// count only while the scene is the one it scanned, once. Codes final before the scan ends
/// (a 2D code is proof on its first read) are taken in the frame after they are read, as a
/// still prints them: a sheet's first codes do not wait for its last window. Its first scan
/// is of a frame as it was taken (what a still read of it gets: noise can help a faint code
/// in glare read), its second of the mean of the frames the scene stayed still in
/// (`FrameFusion`): less noise, fewer JPEG losses. It is paid from a bucket of CPU seconds
/// filled at the reading's share of a core: a scene that keeps changing costs no more.
/// Where work is counted, not timed (a file read at a given effort, the benchmarks), the scan
/// runs in the frame it starts in, charged by its pixels, so every run reads alike.
final class DeepLook {
    static let steadyFrames = 1
    /// The frames in the whole area's mean before it is scanned (a mean of four left high
    /// versions unread that one of eight reads). It is scanned beside the frame as it was
    /// taken, each on a core of its own, not after it; the means of windows where a code may
    /// lie are scanned as `FrameFusion` has them due.
    static let meanFrames = 8
    /// CPU seconds the bucket holds (full at the start: the first scene is scanned at once).
    static let bucketSeconds = 1.5
    /// A counted scan's pixels a CPU second (a 720p frame's whole scan takes about half a second).
    static let countedPixelsASecond = 2e6
    /// The bucket fills at this share of the reading's own share of a core.
    static let shareOfReading = 0.5

    typealias Scan = (Frame, PixelRect, ReadingLimit, Kind) -> FrameReading

    /// The whole scans a scene held still gets, each of a later frame (fresh noise, another
    /// JPEG's losses: a code one frame hides another may show).
    enum Kind: CaseIterable {
        /// A frame as it was taken: what a still read of it gets (noise can help a faint code in glare).
        case asTaken
        /// The mean of the frames the scene stayed still in (`FrameFusion`): less noise, fewer
        /// JPEG losses; of the whole area once, and of each window where a code may lie as often
        /// as it is due.
        case mean
    }

    /// A scan under way on a thread of its own.
    private struct Running {
        let job: Pending<(FrameReading, Double)>
        let limit: ReadingLimit
        let told: ToldCodes
        var scene: BlockStatistics
        let kind: Kind
    }

    private let scan: Scan
    private let share: Double
    /// Scans run here, in the frame they start in, charged by their pixels.
    var inline = false
    private var credit = DeepLook.bucketSeconds
    private var lastTime: Double?
    private var steady = 0
    /// The scene as it was when it last changed: a drift too slow to see from frame to frame
    /// adds up against it.
    private var steadyScene: BlockStatistics?
    private var running: [Running] = []
    /// The scene the last whole scans covered, and the kinds it had.
    private var scanned: (scene: BlockStatistics, kinds: Set<Kind>)?
    private var fusion = FrameFusion(wholeAt: DeepLook.meanFrames)
    /// The latest mean due to be read, until a scan of it starts.
    private var due: FrameFusion.Due?
    /// The frame the scene has stayed still since, until the mean takes it (a frame that
    /// changed costs nothing more than this).
    private var stillSince: (frame: Frame, scene: BlockStatistics)?
    /// The codes of a scan run in its frame (`inline`), for the frame's end.
    private var ready: [DetectedCode] = []

    /// `scan` runs on a scan's own thread, one scan of each kind at a time (each kind's engines
    /// its own).
    init(share: Double, scan: @escaping Scan) {
        self.share = share
        self.scan = scan
    }

    deinit { for scan in running { scan.limit.stop() } }  // their threads are joined at their next look

    /// Frames taken together where a code no frame alone reads may lie (nil: none).
    var gathering: Int? { fusion.gathering }

    /// Told at the start of each frame read live, with its scene's blocks and those where
    /// followed codes moved (`explained`: the same scene for the scan): scans are started here,
    /// so that they run beside the frame's own looks. Gives the CPU seconds that took on the
    /// reading thread (frames gathered, means drawn, scans started): paid from the bucket, not
    /// by the frame's own looks, which a code that just came into sight needs whole.
    @discardableResult
    func prepare(_ frame: Frame, in area: PixelRect, scene: BlockStatistics, explained: [Bool]) -> Double {
        let began = inline ? nil : MonotonicClock.threadCPU()
        let time = frame.timestamp
        if let lastTime, time > lastTime {
            credit = min(Self.bucketSeconds, credit + Self.shareOfReading * share * (time - lastTime))
        }
        lastTime = time
        follow(frame, in: area, scene: scene, explained: explained)
        startScans(of: frame, in: area, scene: scene)
        guard let began else { return 0 }
        let took = MonotonicClock.threadCPU() - began
        credit -= took
        return took
    }

    private func startScans(of frame: Frame, in area: PixelRect, scene: BlockStatistics) {
        guard steady >= Self.steadyFrames else { return }
        for kind in Kind.allCases where credit > 0 && !running.contains(where: { $0.kind == kind }) {
            switch kind {
            case .asTaken:
                guard !kinds(of: scene).contains(kind) else { continue }
                start(kind, of: frame, in: area, scene: scene)
            case .mean:
                guard let due else { continue }
                self.due = nil
                start(kind, of: due.voted, in: due.window, scene: scene)
            }
        }
    }

    private func start(_ kind: Kind, of frame: Frame, in area: PixelRect, scene: BlockStatistics) {
        let limit = ReadingLimit()
        if inline {
            credit -= Double(area.width * area.height) / Self.countedPixelsASecond
            scanned = (scene, kinds(of: scene).union([kind]))
            ready += scan(frame, area, limit, kind).codes
            return
        }
        let scan = self.scan
        let told = ToldCodes()
        limit.listen { told.add($0) }
        let job = Pending {
            let start = MonotonicClock.threadCPU()
            let reading = scan(frame, area, limit, kind)
            // Its helpers' CPU too (`LookPool`): the scene's scans cost what they cost.
            return (reading, MonotonicClock.threadCPU() - start + limit.cpuBeside)
        }
        running.append(Running(job: job, limit: limit, told: told, scene: scene, kind: kind))
    }

    /// Told at the end of each frame read live (`explained`: where followed codes moved, those
    /// the frame read included): the codes of whole scans of the scene in view, the frame they
    /// are ready in (else none).
    func take(scene: BlockStatistics, explained: [Bool], inSight: [DetectedCode] = []) -> [DetectedCode] {
        adopt(scene, where: explained)
        // No frames are gathered where codes are in sight (read by the frame's own looks).
        for code in inSight { if let box = code.box { fusion.read(in: box) } }
        var codes = ready
        ready = []
        running.removeAll { running in
            let moved = SceneChange.changed(scene, since: running.scene).contains(true)
            if moved { running.limit.stop() }
            guard running.job.isDone else {
                if !moved { codes += running.told.taken() }
                return false
            }
            let (reading, seconds) = running.job.answer
            credit -= seconds
            guard !moved, !running.limit.reached else { return true }
            scanned = (running.scene, kinds(of: running.scene).union([running.kind]))
            for code in reading.codes { if let box = code.box { fusion.read(in: box) } }
            codes += reading.codes
            return true
        }
        return codes
    }

    /// Where followed codes moved, the scenes scanned and being scanned take `scene`'s blocks.
    private func adopt(_ scene: BlockStatistics, where explained: [Bool]) {
        if let before = scanned?.scene { scanned?.scene = before.adopting(scene, where: explained) }
        for index in running.indices { running[index].scene = running[index].scene.adopting(scene, where: explained) }
    }

    /// How long the scene has stayed still (followed codes that moved are no change), and the
    /// mean of its frames: only while it stays still and may be scanned, so a scene that keeps
    /// changing, or one scanned all it may be, costs nothing here.
    private func follow(_ frame: Frame, in area: PixelRect, scene: BlockStatistics, explained: [Bool]) {
        steadyScene = steadyScene?.adopting(scene, where: explained)
        adopt(scene, where: explained)
        if let steadyScene, !SceneChange.changed(scene, since: steadyScene).contains(true) {
            steady += 1
        } else {
            (steady, steadyScene) = (0, scene)
        }
        guard steady > 0 else {
            fusion.reset()
            due = nil
            stillSince = (frame, scene)
            return
        }
        defer { stillSince = nil }  // held no longer than the frame after
        var dues = [FrameFusion.Due]()
        if let first = stillSince { dues += fusion.add(first.frame, in: area, scene: first.scene) }
        dues += fusion.add(frame, in: area, scene: scene)
        // The fullest window first: a scan at a time, and the next one due in a few frames.
        if let fullest = dues.max(by: { $0.frames < $1.frames }) { due = fullest }
    }

    /// The kinds of whole scan `scene` had: those of the scene last scanned, if it is that scene.
    private func kinds(of scene: BlockStatistics) -> Set<Kind> {
        guard let scanned, !SceneChange.changed(scene, since: scanned.scene).contains(true) else { return [] }
        return scanned.kinds
    }

    /// The scan area moved or the reading starts afresh: scans under way are given up.
    func reset() {
        for scan in running { scan.limit.stop() }
        ready = []
        stillSince = nil
        scanned = nil
        (steady, steadyScene) = (0, nil)
        fusion.reset()
        due = nil
    }
}

/// The codes a whole scan told as final while it ran (on its thread), until the frames take them.
private final class ToldCodes: Sendable {
    private let codes = Mutex<[DetectedCode]>([])

    func add(_ more: [DetectedCode]) { codes.withLock { $0 += more } }

    /// Those told since the last time.
    func taken() -> [DetectedCode] {
        codes.withLock { codes in
            defer { codes = [] }
            return codes
        }
    }
}
