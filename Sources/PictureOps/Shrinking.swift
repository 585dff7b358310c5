import FrameCore

extension Frame {
    /// Smaller by a whole `factor`, each pixel the mean of `factor` x `factor` (edges that do
    /// not fill a block are dropped): a huge still's first, cheap look.
    public func shrunk(by factor: Int) -> Frame {
        guard factor > 1 else { return self }
        let w = max(1, width / factor)
        let h = max(1, height / factor)
        guard width >= factor, height >= factor else { return halved() }
        let source = packed
        let area = factor * factor
        var out = [UInt8](repeating: 0, count: w * h)
        var sums = [Int](repeating: 0, count: w)
        source.luma.withUnsafeBufferPointer { p in
            sums.withUnsafeMutableBufferPointer { sum in
                out.withUnsafeMutableBufferPointer { o in
                    for y in 0..<h {
                        sum.update(repeating: 0)
                        for row in (y * factor)..<((y + 1) * factor) {
                            var pixel = p.baseAddress! + row * width
                            for block in 0..<w {
                                var total = 0
                                for _ in 0..<factor {
                                    total += Int(pixel.pointee)
                                    pixel += 1
                                }
                                sum[block] += total
                            }
                        }
                        for x in 0..<w { o[y * w + x] = UInt8(sum[x] / area) }
                    }
                }
            }
        }
        return Frame(width: w, height: h, sequence: sequence, timestamp: timestamp, luma: out)
    }
}
