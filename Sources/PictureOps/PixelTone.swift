import FrameCore

/// Whole-picture tone operations for the extra scan passes: they change what the grey
/// levels mean, not where the pixels are.
extension Frame {
    /// Grey levels spread so each is used about equally often: a code printed grey on grey
    /// or seen through glare gets its full contrast back.
    public func equalised() -> Frame {
        let histogram = self.histogram()
        let total = width * height
        var map = [UInt8](repeating: 0, count: 256)
        var running = 0
        let darkest = histogram.firstIndex { $0 > 0 } ?? 0
        let below = histogram[darkest]
        for level in 0..<256 {
            running += histogram[level]
            let spread = total - below
            map[level] = spread <= 0 ? UInt8(level) : UInt8(max(0, min(255, (running - below) * 255 / spread)))
        }
        return remapped(map)
    }

    /// Black or white against one threshold for the whole picture, the one that best
    /// separates its two main grey levels (Otsu): blurred bars whose dark and light ends
    /// meet in the middle greys.
    public func thresholded() -> Frame {
        let threshold = Self.otsuThreshold(histogram())
        return remapped((0..<256).map { $0 <= threshold ? 0 : 255 })
    }

    /// Changes between dark and light along the rows (every fourth), a pixel, under the
    /// picture's own threshold: about 0.05 in a photo, 0.5 in noise, 1 in a checkerboard of
    /// pixels. Sensor noise on a flat grey crosses no threshold the picture's own tones set.
    public func transitionsPerPixel() -> Double {
        transitionsPerPixel(threshold: UInt8(Self.otsuThreshold(histogram())))
    }

    public func transitionsPerPixel(threshold: UInt8) -> Double {
        var changes = 0
        var counted = 0
        luma.withUnsafeBufferPointer { pixels in
            for y in Swift.stride(from: 0, to: height, by: 4) {
                let row = pixels.baseAddress! + y * stride
                var dark = row[0] <= threshold
                for x in 1..<width {
                    let here = row[x] <= threshold
                    if here != dark { changes += 1 }
                    dark = here
                }
                counted += width
            }
        }
        return Double(changes) / Double(max(1, counted))
    }

    /// Softened by a 5x5 binomial filter: a photo printed inside the modules, halftone
    /// dots or sensor noise that zbar would take for edges.
    public func smoothed() -> Frame {
        let source = packed.luma
        // Down first, a row at a time: one row of sums, not a picture of them (the same
        // integer sum either way round).
        var down = [UInt16](repeating: 0, count: width)
        var out = [UInt8](repeating: 0, count: width * height)
        let w = width
        let h = height
        source.withUnsafeBufferPointer { p in
            down.withUnsafeMutableBufferPointer { d in
                out.withUnsafeMutableBufferPointer { o in
                    for y in 0..<h {
                        let u2 = max(y - 2, 0) * w
                        let u1 = max(y - 1, 0) * w
                        let d1 = min(y + 1, h - 1) * w
                        let d2 = min(y + 2, h - 1) * w
                        let row = y * w
                        for x in 0..<w {
                            d[x] =
                                UInt16(p[u2 + x]) + 4 * UInt16(p[u1 + x]) + 6 * UInt16(p[row + x]) + 4
                                * UInt16(p[d1 + x]) + UInt16(p[d2 + x])
                        }
                        for x in 0..<w {
                            let sum =
                                UInt32(d[max(x - 2, 0)]) + 4 * UInt32(d[max(x - 1, 0)]) + 6 * UInt32(d[x])
                                + 4 * UInt32(d[min(x + 1, w - 1)]) + UInt32(d[min(x + 2, w - 1)])
                            o[row + x] = UInt8((sum + 128) / 256)
                        }
                    }
                }
            }
        }
        return Frame(width: w, height: h, sequence: sequence, timestamp: timestamp, luma: out)
    }

    /// How many pixels have each grey level.
    public func histogram() -> [Int] {
        var counts = [Int](repeating: 0, count: 256)
        let source = packed.luma
        // Four tallies taken in turn: a run of one grey does not wait on its own last count.
        var tallies = [Int](repeating: 0, count: 4 * 256)
        let count = width * height
        source.withUnsafeBufferPointer { p in
            tallies.withUnsafeMutableBufferPointer { t in
                var index = 0
                while index + 4 <= count {
                    t[Int(p[index])] += 1
                    t[256 + Int(p[index + 1])] += 1
                    t[512 + Int(p[index + 2])] += 1
                    t[768 + Int(p[index + 3])] += 1
                    index += 4
                }
                while index < count {
                    t[Int(p[index])] += 1
                    index += 1
                }
            }
        }
        for value in 0..<256 {
            counts[value] = tallies[value] + tallies[256 + value] + tallies[512 + value] + tallies[768 + value]
        }
        return counts
    }

    /// The level that maximises the variance between the pixels at or below it and those above.
    public static func otsuThreshold(_ histogram: [Int]) -> Int {
        let total = histogram.reduce(0, +)
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var below = 0
        var belowSum = 0.0
        var best = 0.0
        var threshold = 127
        for level in 0..<256 {
            below += histogram[level]
            belowSum += Double(level * histogram[level])
            let above = total - below
            guard below > 0, above > 0 else { continue }
            let meanBelow = belowSum / Double(below)
            let meanAbove = (sum - belowSum) / Double(above)
            let between = Double(below) * Double(above) * (meanBelow - meanAbove) * (meanBelow - meanAbove)
            if between > best {
                best = between
                threshold = level
            }
        }
        return threshold
    }

    /// Each grey level replaced through a 256-entry table.
    private func remapped(_ map: [UInt8]) -> Frame {
        let source = packed.luma
        var out = [UInt8](repeating: 0, count: width * height)
        source.withUnsafeBufferPointer { p in
            map.withUnsafeBufferPointer { m in
                out.withUnsafeMutableBufferPointer { o in for i in 0..<o.count { o[i] = m[Int(p[i])] } }
            }
        }
        return Frame(width: width, height: height, sequence: sequence, timestamp: timestamp, luma: out)
    }
}
