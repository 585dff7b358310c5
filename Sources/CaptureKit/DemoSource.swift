import Glibc

/// The built-in demo scene (`--demo`): a QR code drifting and slowly turning over a
/// textured, noisy background, 1280x720 at 30 fps, so qrtui can be tried without a camera.
public final class DemoSource: FrameSource {
    public static let payload = "https://example.org/qrtui-demo"
    public let name = "demo"
    public let kind = SourceKind.live
    public let framesPerSecond: Double? = 30
    public let width: Int
    public let height: Int

    private let background: [UInt8]
    private let code: Frame
    private let noise: [UInt8]
    private let paced: Bool
    private let start = MonotonicClock.now()
    private var sequence = 0
    private var random = SplitMix(seed: 7)

    /// `paced` false makes frames as fast as asked (benchmarks, tests of the scene itself).
    public init(width: Int = 1280, height: Int = 720, paced: Bool = true) {
        self.width = width
        self.height = height
        self.paced = paced
        background = Self.texture(width: width, height: height)
        code = QRMatrix(text: Self.payload)!.render(moduleSize: max(2, height / 100), dark: 30, light: 225)
        var generator = SplitMix(seed: 42)
        // Sensor noise: +/-6 grey levels, from a table read at a random offset per frame.
        noise = (0..<(width * height + 4096)).map { _ in UInt8(generator.next() % 13) }
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
        var luma = [UInt8](repeating: 0, count: width * height)
        luma.withUnsafeMutableBufferPointer { dst in
            background.withUnsafeBufferPointer { bg in
                noise.withUnsafeBufferPointer { nz in
                    for i in 0..<dst.count {
                        dst[i] = UInt8(clamping: Int(bg[i]) + Int(nz[i + offset]) - 6)
                    }
                }
            }
        }
        let plain = Frame(width: width, height: height, sequence: sequence, timestamp: time, luma: luma)
        guard withCode else { return plain }
        let drift = Double(min(width, height))
        return plain.drawing(code, centreX: Double(width) / 2 + drift * 0.08 * sin(time * 0.7),
                             centreY: Double(height) / 2 + drift * 0.05 * sin(time * 0.45 + 1),
                             degrees: 9 * sin(time * 0.33))
    }

    /// A soft diagonal light gradient with a fabric-like weave and a few dark blobs.
    public static func texture(width: Int, height: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let fx = Double(x) / Double(width), fy = Double(y) / Double(height)
                var value = 150 - 70 * fx * fy + 25 * sin(fx * 9 + fy * 4)
                value += 10 * sin(Double(x) * 0.9) * sin(Double(y) * 0.8)
                let blob = exp(-((fx - 0.15) * (fx - 0.15) + (fy - 0.8) * (fy - 0.8)) * 30)
                value -= 60 * blob
                out[y * width + x] = UInt8(max(0, min(255, value)))
            }
        }
        return out
    }
}

/// Monotonic seconds and sleeping until a deadline.
public enum MonotonicClock {
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    public static func sleep(until deadline: Double) {
        let remaining = deadline - now()
        guard remaining > 0 else { return }
        var request = timespec(tv_sec: Int(remaining), tv_nsec: Int((remaining - Double(Int(remaining))) * 1e9))
        var left = timespec()
        while nanosleep(&request, &left) != 0 && errno == EINTR { request = left }
    }
}
