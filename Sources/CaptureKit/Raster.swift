import Glibc

/// Picture operations for synthetic scenes: the demo and generated test images.
public extension Frame {
    /// A frame of one grey level.
    static func filled(width: Int, height: Int, value: UInt8) -> Frame {
        Frame(width: width, height: height, luma: [UInt8](repeating: value, count: width * height))
    }

    /// Draws `picture` onto this frame, centred at (`centreX`, `centreY`), scaled by `scale`
    /// and rotated by `degrees` clockwise, with bilinear sampling (smooth edges, as a camera
    /// sees them).
    func drawing(_ picture: Frame, centreX: Double, centreY: Double, scale: Double = 1,
                 degrees: Double = 0) -> Frame {
        var out = luma
        let angle = degrees * .pi / 180
        let cosA = cos(angle), sinA = sin(angle)
        let halfW = Double(picture.width) * scale / 2, halfH = Double(picture.height) * scale / 2
        let reach = (halfW * halfW + halfH * halfH).squareRoot() + 2
        let x0 = max(0, Int(centreX - reach)), x1 = min(width - 1, Int(centreX + reach))
        let y0 = max(0, Int(centreY - reach)), y1 = min(height - 1, Int(centreY + reach))
        guard x0 <= x1, y0 <= y1 else { return self }
        let pw = picture.width, ph = picture.height, ps = picture.stride, stride = stride
        picture.luma.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in y0...y1 {
                    let dy = Double(y) + 0.5 - centreY
                    for x in x0...x1 {
                        let dx = Double(x) + 0.5 - centreX
                        // Inverse rotation and scale: where in the picture this pixel lies.
                        let u = (dx * cosA + dy * sinA) / scale + Double(pw) / 2 - 0.5
                        let v = (-dx * sinA + dy * cosA) / scale + Double(ph) / 2 - 0.5
                        guard u > -1, v > -1, u < Double(pw), v < Double(ph) else { continue }
                        let ix = Int(u.rounded(.down)), iy = Int(v.rounded(.down))
                        let fx = u - Double(ix), fy = v - Double(iy)
                        func at(_ px: Int, _ py: Int) -> Double? {
                            guard px >= 0, py >= 0, px < pw, py < ph else { return nil }
                            return Double(src[py * ps + px])
                        }
                        let background = Double(dst[y * stride + x])
                        let top = (at(ix, iy) ?? background) * (1 - fx) + (at(ix + 1, iy) ?? background) * fx
                        let bottom = (at(ix, iy + 1) ?? background) * (1 - fx) + (at(ix + 1, iy + 1) ?? background) * fx
                        dst[y * stride + x] = UInt8(max(0, min(255, (top * (1 - fy) + bottom * fy).rounded())))
                    }
                }
            }
        }
        return Frame(width: width, height: height, stride: stride, sequence: sequence,
                     timestamp: timestamp, luma: out)
    }

    /// Each pixel mapped through `transform` (inversion, contrast changes in tests).
    func mapped(_ transform: (UInt8) -> UInt8) -> Frame {
        Frame(width: width, height: height, stride: stride, sequence: sequence,
              timestamp: timestamp, luma: luma.map(transform))
    }

    /// Adds uniform noise of +/- `amplitude` grey levels, deterministic for a given `seed`.
    func withNoise(amplitude: Int, seed: UInt64) -> Frame {
        var generator = SplitMix(seed: seed)
        return mapped { value in
            let delta = Int(generator.next() % UInt64(2 * amplitude + 1)) - amplitude
            return UInt8(max(0, min(255, Int(value) + delta)))
        }
    }
}

/// A small fast deterministic random generator (SplitMix64).
public struct SplitMix: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
