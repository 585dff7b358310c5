import CaptureKit
import CodeFixtures
import CodeReading
import FrameCore
import Glibc
import PictureFiles
import ScanPipeline
import Synchronization

/// `--live`: each clip played in real time at 30 fps, as the MJPEG a webcam sends, through the
/// program's own `Pipeline` as a camera's frames go (decoded as the camera path decodes them,
/// latest frame wins, read in the screen's scan area, announced by the program's one rule),
/// against plain zbar (or zxing-cpp, for the codes zbar cannot read) on one whole frame of it.
struct LiveBenchmark {
    let clips: [LiveClip]
    let policy: ReadingPolicy
    /// Print each frame's reading to stderr (work, passes, codes).
    var verbose = false

    struct Outcome {
        let clip: LiveClip
        /// Plain zbar (or zxing-cpp) on the first frame that shows the code: read right, read
        /// wrong, or nothing.
        let zbar: String?
        let expected: String
        /// Frames from the code's appearance to its announcement (nil: never announced).
        let frames: Int?
        let wrong: [String]
        let cpuPerFrame: Double
    }

    func run(progress: (String) -> Void) -> [Outcome] {
        clips.map { clip in
            let outcome = play(clip)
            progress(Self.row(outcome).joined(separator: "  "))
            return outcome
        }
    }

    func play(_ clip: LiveClip) -> Outcome {
        let (frames, expected) = clip.frames()
        let shown = frames[LiveClip.lead]
        let zbar = (ZbarEngine().codes(in: shown).first ?? ZxingEngine().codes(in: shown).first)?.text
        let source = ClipSource(frames: frames)
        let given = Pipeline.Given(handOver: .latestWins, area: LiveClip.area) { () throws(CaptureError) in source }
        let cpuBefore = MonotonicClock.processCPU()
        let pipeline = Pipeline(Pipeline.Setup(given: given, policy: policy), onScreen: false)
        defer { pipeline.stop(reading: 5, capture: 5) }
        var announced: Double?
        var wrong = [String]()
        reading: while let event = pipeline.output.take(until: MonotonicClock.now() + 10) {
            switch event {
            case .read(let result):
                if verbose { Self.tell(result) }
                for code in result.announced {
                    if code.text == expected {
                        announced = announced ?? MonotonicClock.now()
                    } else {
                        wrong.append(code.text)
                    }
                }
            case .notice: continue
            case .ended, .failed: break reading
            }
        }
        let cpu = (MonotonicClock.processCPU() - cpuBefore) * 1000 / Double(frames.count)
        let shownAt = source.publishTime(of: LiveClip.lead)
        let count = announced.map { max(1, Int((($0 - shownAt) * 30).rounded(.up))) }
        return Outcome(clip: clip, zbar: zbar, expected: expected, frames: count, wrong: wrong, cpuPerFrame: cpu)
    }

    /// One frame's reading on stderr: its wall time, work, passes and codes.
    static func tell(_ result: PipelineReading) {
        let reading = result.reading
        let passes = reading.passesRun.map(\.rawValue).joined(separator: ",")
        let codes = reading.codes.map { code in
            "\(code.text) q\(code.quality) "
                + (code.corners.boundingRect.map { "\($0.minX),\($0.minY)-\($0.maxX),\($0.maxY)" } ?? "")
        }
        toStderr(
            "frame \(result.job.frame.sequence): \(format(result.milliseconds)) ms, work \(format(reading.work)), "
                + "\(passes) -> \(codes) held \(reading.held.count)")
    }

    static func row(_ outcome: Outcome) -> [String] {
        let zbar = outcome.zbar.map { $0 == outcome.expected ? "read" : "WRONG" } ?? "-"
        return [
            outcome.clip.name, zbar, outcome.frames.map(String.init) ?? "-",
            "\(outcome.wrong.count)", format(outcome.cpuPerFrame),
        ]
    }

    /// In time: QR and the matrix codes within 2 frames, 1D within 3 (confirmation included).
    static func limit(_ clip: LiveClip) -> Int {
        if case .linear = clip.code { return 3 }
        return 2
    }

    static func report(_ outcomes: [Outcome]) -> String {
        let rows =
            [["clip", "plain zbar/zxing, 1 frame", "qrtui frames", "qrtui wrong", "CPU ms/frame"]] + outcomes.map(row)
        let zbarRead = outcomes.filter { $0.zbar == $0.expected }
        let inTime = zbarRead.filter { ($0.frames ?? .max) <= limit($0.clip) }
        let late = zbarRead.filter { outcome in outcome.frames.map { $0 > limit(outcome.clip) } ?? false }
        let qrtuiRead = outcomes.filter { $0.frames != nil }
        let wrong = outcomes.reduce(0) { $0 + $1.wrong.count }
        let zbarWrong = outcomes.filter { $0.zbar != nil && $0.zbar != $0.expected }.count
        let cpu = outcomes.reduce(0) { $0 + $1.cpuPerFrame } / Double(max(1, outcomes.count))
        let never = zbarRead.count - inTime.count - late.count
        let reading =
            "plain zbar or zxing-cpp reads \(zbarRead.count) of \(outcomes.count) clips from one whole frame; "
            + "qrtui announces \(inTime.count) of those in time (2D 2 frames, 1D 3), \(late.count) late, \(never) never; "
            + "qrtui reads \(qrtuiRead.count) of \(outcomes.count) in all."
        let share = format(cpu / (1000.0 / 30) * 100, 1)
        let cost =
            "wrong: qrtui \(wrong) announcements, plain zbar/zxing \(zbarWrong) frames; "
            + "qrtui CPU \(format(cpu)) ms per frame (\(share)% of a core at 30 fps)"
        let misreads = outcomes.filter { !$0.wrong.isEmpty }.map { outcome in
            "  \(outcome.clip.name): "
                + outcome.wrong.map { String($0.prefix(40)).debugDescription }.joined(separator: ", ")
                + " (expected \(outcome.expected.prefix(40).debugDescription))"
        }
        return table(rows) + "\n\n" + reading + "\n" + cost
            + (misreads.isEmpty ? "" : "\nwrong announcements:\n" + misreads.joined(separator: "\n"))
    }
}

/// A clip played like a camera: each frame released when due at 30 fps, stamped with the
/// time it was released; unpaced, each at once, stamped 1/30 s after the one before. Its frames
/// come as a webcam sends them, MJPEG (quality 85, 4:2:2, compressed before it plays), and are
/// decoded as the camera path decodes them.
final class ClipSource: FrameSource, @unchecked Sendable {  // used by the capture thread only, times behind a mutex
    let name = "clip"
    let kind = SourceKind.live
    let framesPerSecond: Double? = 30
    private let frames: [[UInt8]]
    private let width: Int
    private let height: Int
    private let decoder = MJPEGDecoder()
    private let paced: Bool
    private var next = 0
    private var start: Double?
    private let released: Mutex<[Double]>

    init(frames: [Frame], paced: Bool = true) {
        self.frames = frames.map { JPEGCodec.encode($0, quality: 85, colour: true) }
        (width, height) = (frames.first?.width ?? 0, frames.first?.height ?? 0)
        self.paced = paced
        released = Mutex([Double](repeating: 0, count: frames.count))
    }

    func nextFrame() throws(CaptureError) -> Frame? {
        guard next < frames.count else { return nil }
        defer { next += 1 }
        guard let frame = MJPEGConversion.luma(frames[next], width: width, height: height, decoder: decoder) else {
            return nil
        }
        guard paced else { return frame.renumbered(sequence: next, timestamp: Double(next) / 30) }
        let start = self.start ?? MonotonicClock.now()
        self.start = start
        MonotonicClock.sleep(until: start + Double(next) / 30)
        let now = MonotonicClock.now()
        released.withLock { $0[next] = now }
        return frame.renumbered(sequence: next, timestamp: now)
    }

    func publishTime(of index: Int) -> Double { released.withLock { $0[index] } }
}
