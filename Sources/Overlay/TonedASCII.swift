/// ASCII in the picture's own greys, each cell's character chosen by its shape (as chafa
/// does): the cell's 4x8 samples are matched against what every candidate character covers
/// of a cell (`GlyphShapes`); the one whose strokes best follow the light and dark of the
/// cell is drawn, in the grey that fits its strokes, on the grey that fits the rest. A flat
/// cell is a space in its grey. So a code's modules and finder patterns keep their edges
/// where one grey level a cell turns them to mush.
public enum TonedASCII {
    /// Below this spread of grey a cell is flat: texture there is sensor noise.
    static let flat: Float = 24
    static let samples = GlyphShapes.columns * GlyphShapes.rows

    /// A candidate character's shape: its coverage less its mean, of unit length (for the
    /// match), and what it takes to turn a match back into greys.
    struct Shape {
        let text: String
        let centred: [Float]
        /// The mean coverage (0 to 1), the length of coverage less that mean, and the sum
        /// of the coverage's squares.
        let mean: Float
        let spread: Float
        var squares: Float { spread * spread + mean * mean * Float(TonedASCII.samples) }
    }

    /// The characters drawn: those whose strokes lie in one part of the cell or run one way
    /// (edges, corners, bars, diagonals, dots) and those that fill it densely, which every
    /// terminal font draws alike.
    static let candidates = Array("[]|/\\_-=\"'.,:;^~<>()LJT7+xoO#@%&HMWmwbdpqFEPy")
    static let shapes: [Shape] = candidates.compactMap { character in
        guard let values = GlyphShapes.coverage[character] else { return nil }
        let coverage = values.map { Float($0) / 255 }
        let mean = coverage.reduce(0, +) / Float(samples)
        let spread = coverage.map { ($0 - mean) * ($0 - mean) }.reduce(0, +).squareRoot()
        return Shape(
            text: String(character), centred: coverage.map { ($0 - mean) / spread }, mean: mean, spread: spread)
    }
    /// Their centred coverage one after another, and their mean, spread and sum of squares,
    /// for the per-cell loop (plain floats: a `Shape` copied there costs two retains).
    static let table: [Float] = shapes.flatMap(\.centred)
    static let means = shapes.map(\.mean)
    static let spreads = shapes.map(\.spread)
    static let squareSums = shapes.map(\.squares)

    static func cell(
        _ values: UnsafeBufferPointer<Int16>, _ samples: SampleGrid, column: Int, row: Int,
        dim: Bool
    ) -> Cell {
        let stride = samples.columns * GlyphShapes.columns
        let base = row * GlyphShapes.rows * stride + column * GlyphShapes.columns
        // The mask keeps 40% outside the scan area.
        let scale: Float = dim ? 0.4 : 1
        var levels = (
            Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0),
            Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0),
            Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0),
            Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0)
        )
        return withUnsafeMutableBytes(of: &levels) { raw in
            let level = raw.bindMemory(to: Float.self)
            var low = Float.infinity
            var high = -Float.infinity
            var sum: Float = 0
            for y in 0..<GlyphShapes.rows {
                for x in 0..<GlyphShapes.columns {
                    let value = values[base + y * stride + x]
                    guard value >= 0 else { return .blank }
                    let v = Float(value) * scale
                    level[y * GlyphShapes.columns + x] = v
                    (low, high, sum) = (min(low, v), max(high, v), sum + v)
                }
            }
            return matched(
                level, low: low, high: high, mean: sum / Float(Self.samples),
                attributes: dim ? .dim : [], flat: flat * scale)
        }
    }

    /// The character whose shape best follows `level`'s light and dark, in its two greys: for
    /// each shape the greys that fit best (least squares: a pixel is background + (ink -
    /// background) x coverage), kept within black and white, and the shape whose greys leave
    /// the least error then.
    static func matched(
        _ level: UnsafeMutableBufferPointer<Float>, low: Float, high: Float, mean: Float,
        attributes: Attributes, flat: Float
    ) -> Cell {
        guard high - low >= flat else { return Cell(" ", style: Style(background: tone(mean), attributes: attributes)) }
        let n = Float(samples)
        var sumSquares: Float = 0
        for i in 0..<samples {
            sumSquares += level[i] * level[i]
            level[i] -= mean
        }
        let sum = mean * n
        var best = 0
        var bestError = Float.infinity
        var bestGreys: (ink: Float, back: Float) = (mean, mean)
        // The cell's 32 levels as two 16-wide vectors: each shape's fit is then two
        // multiplies and a sum, where a float loop may not be vectorised (its order is kept).
        let cell = UnsafeRawPointer(level.baseAddress!)
        let (low16, high16) = (
            cell.loadUnaligned(as: SIMD16<Float>.self),
            cell.loadUnaligned(fromByteOffset: 16 * MemoryLayout<Float>.stride, as: SIMD16<Float>.self)
        )
        let (means, spreads, squareSums) = (Self.means, Self.spreads, Self.squareSums)
        table.withUnsafeBytes { table in
            for index in 0..<means.count {
                let offset = index * samples * MemoryLayout<Float>.stride
                let fit =
                    (table.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self) * low16
                    + table.loadUnaligned(
                        fromByteOffset: offset + 16 * MemoryLayout<Float>.stride, as: SIMD16<Float>.self) * high16)
                    .sum()
                let (shapeMean, spread) = (means[index], spreads[index])
                let slope = fit / spread
                let back = min(255, max(0, mean - slope * shapeMean))
                let ink = min(255, max(0, mean - slope * shapeMean + slope))
                // The error of those greys, from the sums: Σ(p - back - (ink - back) c)².
                let s = ink - back
                let coverage = shapeMean * n
                let cross = spread * fit + shapeMean * sum
                let error =
                    sumSquares - 2 * back * sum - 2 * s * cross + n * back * back + 2 * back * s * coverage
                    + s * s * squareSums[index]
                if error < bestError { (best, bestError, bestGreys) = (index, error, (ink, back)) }
            }
        }
        let fore = tone(bestGreys.ink)
        let ground = tone(bestGreys.back)
        guard fore != ground else { return Cell(" ", style: Style(background: tone(mean), attributes: attributes)) }
        return Cell(shapes[best].text, style: Style(foreground: fore, background: ground, attributes: attributes))
    }

    /// A level snapped to the greys a 256-colour terminal has (black, 8, 18, ... 238, white):
    /// finer levels would look the same there and still repaint the cell.
    static func tone(_ level: Float) -> Color {
        let level = Int(level.rounded())
        if level < 4 { return .grey(0) }
        if level > 246 { return .grey(255) }
        return .grey(UInt8(8 + 10 * min(23, max(0, (level - 3) / 10))))
    }
}
