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
            for y in 0..<h {
                for i in 0..<w { sums[i] = 0 }
                for row in (y * factor)..<((y + 1) * factor) {
                    let line = p.baseAddress! + row * width
                    for x in 0..<(w * factor) { sums[x / factor] += Int(line[x]) }
                }
                for x in 0..<w { out[y * w + x] = UInt8(sums[x] / area) }
            }
        }
        return Frame(width: w, height: h, sequence: sequence, timestamp: timestamp, luma: out)
    }
}
