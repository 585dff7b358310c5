import FrameCore
import Glibc
import PictureOps

/// The built-in demo scene (`--demo`): a code drifting and slowly turning over a textured,
/// noisy background, 1280x720 at 30 fps, so qrtui can be tried without a camera. The code
/// is drawn by the caller and handed in: capture knows nothing of encoding codes.
public final class DemoSource: FrameSource {
    public let name = "demo"
    public let kind = SourceKind.live
    public let framesPerSecond: Double? = 30
    public let width: Int
    public let height: Int

    private let background: Frame
    private let code: Frame
    private let noise: [UInt8]
    private let paced: Bool
    private let start = MonotonicClock.now()
    private var sequence = 0
    private var random = SplitMix(seed: 7)

    /// Sensor noise: +/- this many grey levels, from a table read at a random offset per frame.
    static let noiseAmplitude = 6

    /// `code`: the picture of the code to show (dark modules on light). `paced` false makes
    /// frames as fast as asked (benchmarks, tests of the scene itself).
    public init(code: Frame, width: Int = 1280, height: Int = 720, paced: Bool = true) {
        self.width = width
        self.height = height
        self.paced = paced
        self.code = code
        background = Frame.woven(width: width, height: height)
        var generator = SplitMix(seed: 42)
        noise = (0..<(width * height + 4096)).map { _ in UInt8(generator.next() % UInt64(2 * Self.noiseAmplitude + 1)) }
    }

    public func nextFrame() throws(CaptureError) -> Frame? {
        let time = Double(sequence) / 30
        if paced { MonotonicClock.sleep(until: start + time) }
        defer { sequence += 1 }
        return frame(at: time, sequence: sequence)
    }

    /// The scene at `time` seconds; without the code it is the background alone (a frame
    /// with nothing to find, for benchmarks).
    public func frame(at time: Double, sequence: Int = 0, withCode: Bool = true) -> Frame {
        let offset = Int(random.next() % 4096)
        let plain = background.addingNoise(noise, offset: offset, centre: Self.noiseAmplitude)
            .renumbered(sequence: sequence, timestamp: time)
        guard withCode else { return plain }
        let drift = Double(min(width, height))
        return plain.drawing(
            code, centreX: Double(width) / 2 + drift * 0.08 * sin(time * 0.7),
            centreY: Double(height) / 2 + drift * 0.05 * sin(time * 0.45 + 1),
            degrees: 9 * sin(time * 0.33))
    }
}
