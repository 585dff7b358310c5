/// Area-averaged scaling of a grey picture: each output pixel the mean of the source pixels it
/// covers, in part where it covers part of one (outside the picture counts as black). Done
/// across, then down, in fixed point (weights in 256ths, summing to 256 over a whole pixel), so
/// that the passes run on whole numbers. A scaler keeps the spans of the last geometry it
/// scaled, so a stream of frames of one size (the camera's, drawn in pixels) works them out once.
public final class AreaScaling {
    /// For each output pixel along one axis, the source pixels it covers and their weights:
    /// `index[offsets[i]..<offsets[i + 1]]`, `weight` alike (in 256ths of the output pixel).
    struct Spans: Equatable {
        var offsets: [Int] = [0]
        var index: [Int] = []
        var weight: [UInt32] = []

        /// Spans for `count` output pixels over `length` source pixels from `start`, of `limit`.
        init(from start: Double, length: Double, count: Int, limit: Int) {
            let step = length / Double(max(1, count))
            for output in 0..<count {
                let a = start + Double(output) * step
                let b = a + step
                var pixel = Int(a.rounded(.down))
                // Weights rounded as running sums, so that a whole pixel's come to 256 exactly.
                var before = 0.0
                while Double(pixel) < b {
                    let covered = max(0, min(b, Double(pixel + 1)) - max(a, Double(pixel))) / step
                    let weight = (256 * (before + covered)).rounded() - (256 * before).rounded()
                    before += covered
                    // Kept even where it rounds to nothing: an output's pixels stay side by side.
                    if pixel >= 0, pixel < limit, covered > 0 {
                        index.append(pixel)
                        self.weight.append(UInt32(weight))
                    }
                    pixel += 1
                }
                offsets.append(index.count)
            }
        }

        /// One source row (`pixels`, from its first pixel) at the output's width, in 256ths. An
        /// output's source pixels are side by side: from the first, no index a pixel.
        func apply(_ pixels: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt16>) {
            offsets.withUnsafeBufferPointer { offsets in
                index.withUnsafeBufferPointer { index in
                    weight.withUnsafeBufferPointer { weight in
                        for x in 0..<(offsets.count - 1) {
                            let (start, end) = (offsets[x], offsets[x + 1])
                            guard start < end else {
                                out[x] = 0
                                continue
                            }
                            let first = index[start] - start
                            var sum: UInt32 = 0
                            for part in start..<end { sum &+= UInt32(pixels[first + part]) &* weight[part] }
                            out[x] = UInt16(truncatingIfNeeded: sum)  // at most 255 * 256
                        }
                    }
                }
            }
        }

        /// The first and last source pixel any output covers (nil: none does).
        var reach: ClosedRange<Int>? { index.min().flatMap { low in index.max().map { low...$0 } } }
    }

    private struct Geometry: Equatable {
        let width: Int
        let height: Int
        let rect: Rect
        let outWidth: Int
        let outHeight: Int
    }

    private var geometry: Geometry?
    private var columns = Spans(from: 0, length: 0, count: 0, limit: 0)
    private var rows = Spans(from: 0, length: 0, count: 0, limit: 0)
    /// The source rows at the output's width, kept from picture to picture: a picture of the
    /// screen's size would otherwise take megabytes of fresh memory each time.
    private var scratch: [UInt16] = []

    public init() {}

    /// `source`'s rectangle `rect` (frame pixels, fractional) at `width` by `height`, once.
    static func scaled(_ source: GreyImage, from rect: Rect, toWidth width: Int, height: Int) -> [UInt8] {
        AreaScaling().scaled(source, from: rect, toWidth: width, height: height)
    }

    /// `source`'s rectangle `rect` (frame pixels, fractional) at `width` by `height`.
    public func scaled(_ source: GreyImage, from rect: Rect, toWidth width: Int, height: Int) -> [UInt8] {
        let wanted = Geometry(
            width: source.width, height: source.height, rect: rect, outWidth: width, outHeight: height)
        if wanted != geometry {
            columns = Spans(from: rect.x, length: rect.width, count: width, limit: source.width)
            rows = Spans(from: rect.y, length: rect.height, count: height, limit: source.height)
            geometry = wanted
        }
        guard let reach = rows.reach, width > 0 else { return [UInt8](repeating: 0, count: width * height) }
        across(source, rows: reach, width: width)
        return down(from: reach.lowerBound, width: width, height: height)
    }

    /// Every source row in `rows` at the output's width.
    private func across(_ source: GreyImage, rows reach: ClosedRange<Int>, width: Int) {
        if scratch.count < reach.count * width { scratch = [UInt16](repeating: 0, count: reach.count * width) }
        let spans = columns
        source.pixels.withUnsafeBufferPointer { pixels in
            scratch.withUnsafeMutableBufferPointer { across in
                for row in reach {
                    let out = UnsafeMutableBufferPointer(rebasing: across[((row - reach.lowerBound) * width)...])
                    spans.apply(UnsafeBufferPointer(rebasing: pixels[(row * source.stride)...]), into: out)
                }
            }
        }
    }

    /// Each output row: the weighted sum of the rows (of `scratch`, from source row `first`) it
    /// covers, rounded back to 0...255.
    private func down(from first: Int, width: Int, height: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: width * height)
        var line = [UInt32](repeating: 0, count: width)
        let spans = rows
        scratch.withUnsafeBufferPointer { across in
            result.withUnsafeMutableBufferPointer { result in
                line.withUnsafeMutableBufferPointer { line in
                    for y in 0..<height {
                        // Each part: a source row at the output's width, and its weight (no array a row).
                        func part(_ k: Int) -> (UnsafeBufferPointer<UInt16>, UInt32) {
                            (
                                UnsafeBufferPointer(rebasing: across[((spans.index[k] - first) * width)...]),
                                spans.weight[k]
                            )
                        }
                        let parts = spans.offsets[y]..<spans.offsets[y + 1]
                        Self.sum(
                            parts, part, into: UnsafeMutableBufferPointer(rebasing: result[(y * width)...]), line: line)
                    }
                }
            }
        }
        return result
    }

    /// `parts` (rows of 256ths, each with its weight, as `part` gives them) summed into
    /// `result`'s first `line.count` pixels, rounded; one or two rows (most rows of a picture
    /// scaled up) at once.
    private static func sum(
        _ parts: Range<Int>, _ part: (Int) -> (UnsafeBufferPointer<UInt16>, UInt32),
        into result: UnsafeMutableBufferPointer<UInt8>, line: UnsafeMutableBufferPointer<UInt32>
    ) {
        let width = line.count
        switch parts.count {
        case 0:
            for x in 0..<width { result[x] = 0 }
        case 1:
            let (a, wa) = part(parts.lowerBound)
            for x in 0..<width { result[x] = UInt8(truncatingIfNeeded: (UInt32(a[x]) &* wa &+ 32768) >> 16) }
        case 2:
            let ((a, wa), (b, wb)) = (part(parts.lowerBound), part(parts.lowerBound + 1))
            for x in 0..<width {
                let sum = UInt32(a[x]) &* wa &+ UInt32(b[x]) &* wb
                result[x] = UInt8(truncatingIfNeeded: (sum &+ 32768) >> 16)
            }
        default:
            line.update(repeating: 0)
            for k in parts {
                let (row, weight) = part(k)
                for x in 0..<width { line[x] &+= UInt32(row[x]) &* weight }
            }
            for x in 0..<width { result[x] = UInt8(truncatingIfNeeded: (line[x] &+ 32768) >> 16) }
        }
    }
}
