/// Area-averaged scaling of a grey picture: each output pixel the mean of the source pixels it
/// covers, in part where it covers part of one (outside the picture counts as black). Done
/// across, then down. A scaler keeps the spans of the last geometry it scaled, so a stream of
/// frames of one size (the camera's, drawn in pixels) works them out once.
public final class AreaScaling {
    /// For each output pixel along one axis, the source pixels it covers and their weights:
    /// `index[offsets[i]..<offsets[i + 1]]`, `weight` alike (summing to one over the picture).
    struct Spans: Equatable {
        var offsets: [Int] = [0]
        var index: [Int] = []
        var weight: [Float] = []

        /// Spans for `count` output pixels over `length` source pixels from `start`, of `limit`.
        init(from start: Double, length: Double, count: Int, limit: Int) {
            let step = length / Double(max(1, count))
            for output in 0..<count {
                let a = start + Double(output) * step
                let b = a + step
                var pixel = Int(a.rounded(.down))
                while Double(pixel) < b {
                    let covered = min(b, Double(pixel + 1)) - max(a, Double(pixel))
                    if pixel >= 0, pixel < limit, covered > 0 {
                        index.append(pixel)
                        weight.append(Float(covered / step))
                    }
                    pixel += 1
                }
                offsets.append(index.count)
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
        return down(across(source, rows: reach, width: width), from: reach.lowerBound, width: width, height: height)
    }

    /// Every source row in `rows` at the output's width.
    private func across(_ source: GreyImage, rows reach: ClosedRange<Int>, width: Int) -> [Float] {
        var across = [Float](repeating: 0, count: reach.count * width)
        source.pixels.withUnsafeBufferPointer { pixels in
            columns.offsets.withUnsafeBufferPointer { offsets in
                columns.index.withUnsafeBufferPointer { index in
                    columns.weight.withUnsafeBufferPointer { weight in
                        across.withUnsafeMutableBufferPointer { across in
                            for row in reach {
                                let base = row * source.stride
                                let out = (row - reach.lowerBound) * width
                                for x in 0..<width {
                                    var sum: Float = 0
                                    for part in offsets[x]..<offsets[x + 1] {
                                        sum += Float(pixels[base + index[part]]) * weight[part]
                                    }
                                    across[out + x] = sum
                                }
                            }
                        }
                    }
                }
            }
        }
        return across
    }

    /// Each output row: the weighted sum of the rows (of `across`, from source row `first`) it covers.
    private func down(_ across: [Float], from first: Int, width: Int, height: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: width * height)
        var line = [Float](repeating: 0, count: width)
        across.withUnsafeBufferPointer { across in
            result.withUnsafeMutableBufferPointer { result in
                line.withUnsafeMutableBufferPointer { line in
                    for y in 0..<height {
                        for x in 0..<width { line[x] = 0 }
                        for part in rows.offsets[y]..<rows.offsets[y + 1] {
                            let base = (rows.index[part] - first) * width
                            let weight = rows.weight[part]
                            for x in 0..<width { line[x] += across[base + x] * weight }
                        }
                        for x in 0..<width { result[y * width + x] = UInt8(max(0, min(255, line[x] + 0.5))) }
                    }
                }
            }
        }
        return result
    }
}
