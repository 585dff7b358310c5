import FrameCore
import Glibc

/// Sensor noise as a camera has it: every pixel of every frame its own draw from a normal
/// distribution of standard deviation `sigma` grey levels (what `ffmpeg -vf noise` and the
/// fake camera's fresh noise stand in for). The draws come from a table of normal values
/// picked by a seeded generator, so a frame costs a table look-up a pixel.
public struct SensorNoise: Sendable {
    public let sigma: Double
    private let table: [Int16]
    private var random: SplitMix

    public init(sigma: Double, seed: UInt64) {
        self.sigma = sigma
        var generator = SplitMix(seed: seed ^ 0x5EED_0F_0015E)
        // Box and Muller's pairs of normal values, rounded to whole grey levels.
        var values = [Int16]()
        values.reserveCapacity(1 << 16)
        while values.count < 1 << 16 {
            let u = (Double(generator.next() >> 11) + 0.5) / Double(1 << 53)
            let v = Double(generator.next() >> 11) / Double(1 << 53)
            let radius = (-2 * Glibc.log(u)).squareRoot() * sigma
            values.append(Int16((radius * cos(2 * .pi * v)).rounded()))
            values.append(Int16((radius * sin(2 * .pi * v)).rounded()))
        }
        table = values
        random = SplitMix(seed: seed)
    }

    /// `frame` with fresh noise (clamped to 0...255); its sequence and time kept.
    public mutating func applied(to frame: Frame) -> Frame {
        let source = frame.packed
        guard sigma > 0 else { return source }
        var out = [UInt8](repeating: 0, count: source.width * source.height)
        var generator = random
        table.withUnsafeBufferPointer { noise in
            source.luma.withUnsafeBufferPointer { pixels in
                var index = 0
                while index < out.count {
                    // Four 16-bit picks from each draw.
                    var bits = generator.next()
                    for _ in 0..<4 where index < out.count {
                        out[index] = UInt8(clamping: Int(pixels[index]) + Int(noise[Int(bits & 0xFFFF)]))
                        bits >>= 16
                        index += 1
                    }
                }
            }
        }
        random = generator
        return Frame(
            width: source.width, height: source.height, sequence: frame.sequence, timestamp: frame.timestamp, luma: out)
    }
}
