import FrameCore
import Glibc

/// Picture operations for synthetic scenes: the demo and generated test images.
extension Frame {
    /// A frame of one grey level.
    public static func filled(width: Int, height: Int, value: UInt8) -> Frame {
        Frame(width: width, height: height, luma: [UInt8](repeating: value, count: width * height))
    }

    /// Draws `picture` onto this frame, centred at (`centreX`, `centreY`), scaled by `scale`
    /// and rotated by `degrees` clockwise, with bilinear sampling (smooth edges, as a camera
    /// sees them).
    public func drawing(
        _ picture: Frame, centreX: Double, centreY: Double, scale: Double = 1,
        degrees: Double = 0
    ) -> Frame {
        var out = luma
        guard
            Self.draw(
                picture, into: &out, width: width, height: height, stride: stride, centreX: centreX,
                centreY: centreY, scale: scale, degrees: degrees)
        else { return self }
        return Frame(
            width: width, height: height, stride: stride, sequence: sequence,
            timestamp: timestamp, luma: out)
    }

    /// `drawing`'s work on the bytes of a picture of `width` by `height`: false when `picture`
    /// falls wholly outside it. A canvas made for the purpose is drawn on in place, not copied.
    static func draw(
        _ picture: Frame, into out: inout [UInt8], width: Int, height: Int, stride: Int, centreX: Double,
        centreY: Double, scale: Double, degrees: Double
    ) -> Bool {
        let angle = degrees * .pi / 180
        let cosA = cos(angle)
        let sinA = sin(angle)
        let halfW = Double(picture.width) * scale / 2
        let halfH = Double(picture.height) * scale / 2
        let reach = (halfW * halfW + halfH * halfH).squareRoot() + 2
        let x0 = max(0, Int(centreX - reach))
        let x1 = min(width - 1, Int(centreX + reach))
        let y0 = max(0, Int(centreY - reach))
        let y1 = min(height - 1, Int(centreY + reach))
        guard x0 <= x1, y0 <= y1 else { return false }
        let pw = picture.width
        let ph = picture.height
        let ps = picture.stride
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
                        dst[y * stride + x] = bilinear(
                            src, width: pw, height: ph, stride: ps, u: u, v: v, background: dst[y * stride + x])
                    }
                }
            }
        }
        return true
    }

    /// `source` sampled bilinearly at (`u`, `v`), both above -1; `background` where the
    /// sample reaches past its edge.
    @inline(__always)
    static func bilinear(
        _ src: UnsafeBufferPointer<UInt8>, width pw: Int, height ph: Int, stride ps: Int, u: Double, v: Double,
        background: UInt8
    ) -> UInt8 {
        // Floor without libm: u and v are above -1 here.
        let ix = u >= 0 ? Int(u) : -1
        let iy = v >= 0 ? Int(v) : -1
        let fx = u - Double(ix)
        let fy = v - Double(iy)
        let top: Double
        let bottom: Double
        if ix >= 0, iy >= 0, ix + 1 < pw, iy + 1 < ph {
            let at = iy * ps + ix
            top = Double(src[at]) * (1 - fx) + Double(src[at + 1]) * fx
            bottom = Double(src[at + ps]) * (1 - fx) + Double(src[at + ps + 1]) * fx
        } else {
            func at(_ px: Int, _ py: Int) -> Double {
                guard px >= 0, py >= 0, px < pw, py < ph else { return Double(background) }
                return Double(src[py * ps + px])
            }
            top = at(ix, iy) * (1 - fx) + at(ix + 1, iy) * fx
            bottom = at(ix, iy + 1) * (1 - fx) + at(ix + 1, iy + 1) * fx
        }
        // A mean of bytes lies within 0...255: adding a half and cutting rounds it.
        return UInt8(min(255, max(0, top * (1 - fy) + bottom * fy) + 0.5))
    }

    /// Each pixel mapped through `transform` (inversion, contrast changes in tests).
    public func mapped(_ transform: (UInt8) -> UInt8) -> Frame {
        Frame(
            width: width, height: height, stride: stride, sequence: sequence,
            timestamp: timestamp, luma: luma.map(transform))
    }

    /// Adds uniform noise of +/- `amplitude` grey levels, deterministic for a given `seed`.
    public func withNoise(amplitude: Int, seed: UInt64) -> Frame {
        var generator = SplitMix(seed: seed)
        return mapped { value in
            let delta = Int(generator.next() % UInt64(2 * amplitude + 1)) - amplitude
            return UInt8(max(0, min(255, Int(value) + delta)))
        }
    }
}

extension Frame {
    /// A soft diagonal light gradient with a fabric-like weave and a dark blob: the demo's
    /// background, busy enough to show that only the code is read.
    public static func woven(width: Int, height: Int) -> Frame {
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let fx = Double(x) / Double(width)
                let fy = Double(y) / Double(height)
                var value = 150 - 70 * fx * fy + 25 * sin(fx * 9 + fy * 4)
                value += 10 * sin(Double(x) * 0.9) * sin(Double(y) * 0.8)
                let blob = exp(-((fx - 0.15) * (fx - 0.15) + (fy - 0.8) * (fy - 0.8)) * 30)
                value -= 60 * blob
                out[y * width + x] = UInt8(max(0, min(255, value)))
            }
        }
        return Frame(width: width, height: height, luma: out)
    }

    /// Each pixel plus `table[offset + i] - centre`, clamped: sensor noise from a table made
    /// once, cheap enough for every frame of a live scene.
    public func addingNoise(_ table: [UInt8], offset: Int, centre: Int) -> Frame {
        let source = packed
        precondition(table.count >= offset + width * height, "noise table too short")
        var out = [UInt8](repeating: 0, count: width * height)
        out.withUnsafeMutableBufferPointer { dst in
            source.luma.withUnsafeBufferPointer { src in
                table.withUnsafeBufferPointer { noise in
                    for i in 0..<dst.count { dst[i] = UInt8(clamping: Int(src[i]) + Int(noise[i + offset]) - centre) }
                }
            }
        }
        return Frame(width: width, height: height, sequence: sequence, timestamp: timestamp, luma: out)
    }
}
