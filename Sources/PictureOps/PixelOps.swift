import FrameCore
import Glibc

/// Picture transformations the scanner's extra passes use: each makes a new tightly packed
/// frame, leaving the original alone. Loops work on raw buffers: they run per frame.
extension Frame {
    /// Light on dark becomes dark on light (inverted codes).
    public func inverted() -> Frame {
        transformed { source, out, count in for i in 0..<count { out[i] = 255 &- source[i] } }
    }

    /// Left and right swapped, as a mirror shows it (a camera facing the user), numbered as
    /// the frame was.
    public func mirrored() -> Frame {
        let frame = packed
        var luma = [UInt8](repeating: 0, count: width * height)
        frame.luma.withUnsafeBufferPointer { source in
            luma.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width { out[row + x] = source[row + width - 1 - x] }
                }
            }
        }
        return Frame(width: width, height: height, sequence: sequence, timestamp: timestamp, luma: luma)
    }

    /// Black or white by comparison with the mean of the surrounding `window` x `window`
    /// pixels (shadows, uneven light): what a global threshold cannot do.
    public func binarisedLocally(window: Int = 25, offset: Int = 5) -> Frame {
        let w = width
        let h = height
        let half = window / 2
        // The window's sums kept a row at a time (each column's over the window's rows, then
        // running along the row), not as an integral image of the whole picture: a few rows of
        // memory, not eight bytes a pixel.
        var columns = [Int](repeating: 0, count: w)
        var running = [Int](repeating: 0, count: w + 1)
        var out = [UInt8](repeating: 0, count: w * h)
        let source = packed.luma
        source.withUnsafeBufferPointer { pixels in
            columns.withUnsafeMutableBufferPointer { columns in
                running.withUnsafeMutableBufferPointer { running in
                    out.withUnsafeMutableBufferPointer { result in
                        var (top, bottom) = (0, 0)
                        for y in 0..<h {
                            let y0 = max(0, y - half)
                            let y1 = min(h, y + half + 1)
                            while bottom < y1 {
                                for x in 0..<w { columns[x] += Int(pixels[bottom * w + x]) }
                                bottom += 1
                            }
                            while top < y0 {
                                for x in 0..<w { columns[x] -= Int(pixels[top * w + x]) }
                                top += 1
                            }
                            for x in 0..<w { running[x + 1] = running[x] + columns[x] }
                            for x in 0..<w {
                                let x0 = max(0, x - half)
                                let x1 = min(w, x + half + 1)
                                let mean = (running[x1] - running[x0]) / ((x1 - x0) * (y1 - y0))
                                result[y * w + x] = Int(pixels[y * w + x]) < mean - offset ? 0 : 255
                            }
                        }
                    }
                }
            }
        }
        return Frame(width: w, height: h, sequence: sequence, timestamp: timestamp, luma: out)
    }

    /// Half the size, each pixel the mean of two by two: the cheap live plain pass (less
    /// sensor noise, a quarter of the pixels).
    public func halved() -> Frame {
        let w = max(1, width / 2)
        let h = max(1, height / 2)
        guard width >= 2, height >= 2 else { return cropped(to: PixelRect(x: 0, y: 0, width: w, height: h)) }
        let source = packed
        var out = [UInt8](repeating: 0, count: w * h)
        source.luma.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<h {
                    let top = 2 * y * width
                    let bottom = top + width
                    for x in 0..<w {
                        let total =
                            Int(p[top + 2 * x]) + Int(p[top + 2 * x + 1]) + Int(p[bottom + 2 * x])
                            + Int(p[bottom + 2 * x + 1])
                        o[y * w + x] = UInt8(total / 4)
                    }
                }
            }
        }
        return Frame(width: w, height: h, sequence: sequence, timestamp: timestamp, luma: out)
    }

    /// Enlarged by a whole factor with bicubic interpolation (OpenCV's a = -0.75): edges stay
    /// steeper than bilinear interpolation leaves them, which small dense codes need. The
    /// kernel is separable: rows across first, then down, four taps each.
    public func enlargedCubic(by factor: Int) -> Frame {
        let w = width * factor
        let h = height * factor
        let weights: [Float] = (0..<factor).flatMap { phase -> [Float] in
            let t = (Double(phase) + 0.5) / Double(factor) - 0.5
            let f = t - t.rounded(.down)
            return [f + 1, f, 1 - f, 2 - f].map { Float(Self.cubic($0)) }
        }
        let across = packed.widenedCubic(by: factor, weights: weights)
        let rows = Self.cubicTaps(h, factor: factor, within: height)
        var out = [UInt8](repeating: 0, count: w * h)
        across.withUnsafeBufferPointer { a in
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<h {
                    let k = 4 * (y % factor)
                    let (w0, w1, w2, w3) = (weights[k], weights[k + 1], weights[k + 2], weights[k + 3])
                    let r0 = a.baseAddress! + rows[4 * y] * w
                    let r1 = a.baseAddress! + rows[4 * y + 1] * w
                    let r2 = a.baseAddress! + rows[4 * y + 2] * w
                    let r3 = a.baseAddress! + rows[4 * y + 3] * w
                    let line = o.baseAddress! + y * w
                    for x in 0..<w {
                        let total = w0 * r0[x] + w1 * r1[x] + w2 * r2[x] + w3 * r3[x]
                        line[x] = UInt8(max(0, min(255, total + 0.5)))
                    }
                }
            }
        }
        return Frame(width: w, height: h, sequence: sequence, timestamp: timestamp, luma: out)
    }

    /// Each row of this packed picture `factor` times as wide, interpolated with the cubic
    /// `weights` (four for each phase), as floats for the pass down the columns.
    private func widenedCubic(by factor: Int, weights: [Float]) -> [Float] {
        let w = width * factor
        let columns = Self.cubicTaps(w, factor: factor, within: width)
        var across = [Float](repeating: 0, count: w * height)
        luma.withUnsafeBufferPointer { p in
            across.withUnsafeMutableBufferPointer { a in
                for y in 0..<height {
                    let row = p.baseAddress! + y * width
                    let line = a.baseAddress! + y * w
                    for x in 0..<w {
                        let (k, c) = (4 * (x % factor), 4 * x)
                        line[x] =
                            weights[k] * Float(row[columns[c]]) + weights[k + 1] * Float(row[columns[c + 1]])
                            + weights[k + 2] * Float(row[columns[c + 2]]) + weights[k + 3] * Float(row[columns[c + 3]])
                    }
                }
            }
        }
        return across
    }

    /// For each of `count` enlarged positions, its four source positions, clamped within `limit`.
    private static func cubicTaps(_ count: Int, factor: Int, within limit: Int) -> [Int] {
        (0..<count).flatMap { index -> [Int] in
            let base = Int(((Double(index) + 0.5) / Double(factor) - 0.5).rounded(.down))
            return (0..<4).map { min(max(base - 1 + $0, 0), limit - 1) }
        }
    }

    private static func cubic(_ distance: Double) -> Double {
        let a = -0.75
        let d = abs(distance)
        if d <= 1 { return ((a + 2) * d - (a + 3)) * d * d + 1 }
        if d < 2 { return ((a * d - 5 * a) * d + 8 * a) * d - 4 * a }
        return 0
    }

    /// Turned by `degrees` about the centre, on a canvas that holds the whole picture
    /// (zbar reads 1D codes only along rows and columns), or its middle where that canvas
    /// would hold more than `maxPixels`.
    public func rotated(degrees: Double, within maxPixels: Int = .max) -> Frame {
        let angle = degrees * .pi / 180
        let c = abs(cos(angle))
        let s = abs(sin(angle))
        var w = max(1, Int(Double(width) * c + Double(height) * s + 0.5))
        var h = max(1, Int(Double(width) * s + Double(height) * c + 0.5))
        if w * h > maxPixels {
            let cut = (Double(maxPixels) / Double(w * h)).squareRoot()
            (w, h) = (max(1, Int(Double(w) * cut)), max(1, Int(Double(h) * cut)))
        }
        var out = [UInt8](repeating: 255, count: w * h)
        _ = Self.draw(
            packed, into: &out, width: w, height: h, stride: w, centreX: Double(w) / 2, centreY: Double(h) / 2,
            scale: 1, degrees: degrees)
        return Frame(width: w, height: h, luma: out)
    }

    /// Every pixel doubled across and down: a crisp code at one pixel per module becomes
    /// one at two, without the blur that interpolation would add.
    public func doubled() -> Frame {
        let source = packed
        let w = width * 2
        var out = [UInt8](repeating: 0, count: w * height * 2)
        source.luma.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<height {
                    let row = o.baseAddress! + 2 * y * w
                    for x in 0..<width {
                        let value = p[y * width + x]
                        row[2 * x] = value
                        row[2 * x + 1] = value
                    }
                    (row + w).update(from: row, count: w)
                }
            }
        }
        return Frame(width: w, height: height * 2, sequence: sequence, timestamp: timestamp, luma: out)
    }

    /// Surrounded by a border of `margin` pixels of `value`: codes cropped to their edge
    /// get back the quiet zone zbar needs to find them.
    public func padded(margin: Int, value: UInt8 = 255) -> Frame {
        let w = width + 2 * margin
        let h = height + 2 * margin
        var out = [UInt8](repeating: value, count: w * h)
        let source = packed
        source.luma.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<height {
                    (o.baseAddress! + (y + margin) * w + margin).update(from: p.baseAddress! + y * width, count: width)
                }
            }
        }
        return Frame(width: w, height: h, sequence: sequence, timestamp: timestamp, luma: out)
    }

    private func transformed(_ body: (UnsafeBufferPointer<UInt8>, UnsafeMutableBufferPointer<UInt8>, Int) -> Void)
        -> Frame
    {
        let source = packed
        var out = [UInt8](repeating: 0, count: width * height)
        source.luma.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in body(p, o, width * height) }
        }
        return Frame(width: width, height: height, sequence: sequence, timestamp: timestamp, luma: out)
    }
}
