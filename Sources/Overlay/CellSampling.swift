extension Shader {
    /// Many samples a cell (toned ASCII's 4x8): each carries more noise than a coarse one, and
    /// sampling them all costs more than drawing. So the picture is sampled coarsely (2x2 a
    /// cell) first, and only a cell whose coarse samples moved beyond `tolerance` since it was
    /// last sampled is sampled finely again; every other cell keeps its fine samples (and so,
    /// through `CellMemo`, its character).
    mutating func sampleByCells(_ image: GreyImage, geometry current: Geometry) -> SampleGrid {
        let transform = current.transform
        let across = current.across
        let down = current.down
        let coarse = Self.average(image, transform: transform, across: 2, down: 2)
        let cells = transform.columns * transform.rows
        guard current == geometry, shown.count == cells * across * down, shownCoarse.count == cells * 4 else {
            let fine = Self.average(image, transform: transform, across: across, down: down)
            (geometry, shown, shownCoarse) = (current, fine.values, coarse.values)
            return fine
        }
        let xs = Self.ranges(
            count: transform.columns * across, origin: transform.originX,
            step: transform.pixelsPerColumn / Double(across), limit: image.width)
        let ys = Self.ranges(
            count: transform.rows * down, origin: transform.originY,
            step: transform.pixelsPerRow / Double(down), limit: image.height)
        let tolerance = Int16(self.tolerance)
        let coarseStride = transform.columns * 2
        let fineStride = transform.columns * across
        image.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<transform.rows {
                for column in 0..<transform.columns {
                    let top = row * 2 * coarseStride + column * 2
                    let bottom = top + coarseStride
                    guard
                        abs(coarse.values[top] - shownCoarse[top]) > tolerance
                            || abs(coarse.values[top + 1] - shownCoarse[top + 1]) > tolerance
                            || abs(coarse.values[bottom] - shownCoarse[bottom]) > tolerance
                            || abs(coarse.values[bottom + 1] - shownCoarse[bottom + 1]) > tolerance
                    else { continue }
                    (shownCoarse[top], shownCoarse[top + 1]) = (coarse.values[top], coarse.values[top + 1])
                    (shownCoarse[bottom], shownCoarse[bottom + 1]) = (coarse.values[bottom], coarse.values[bottom + 1])
                    for y in 0..<down {
                        for x in 0..<across {
                            let sampleX = column * across + x
                            let sampleY = row * down + y
                            shown[sampleY * fineStride + sampleX] = Self.mean(
                                pixels, stride: image.stride, xs[sampleX], ys[sampleY])
                        }
                    }
                }
            }
        }
        return SampleGrid(columns: transform.columns, rows: transform.rows, across: across, down: down, values: shown)
    }

    /// The mean of the pixels in `xs` on up to four of the rows in `ys`; -1 off the picture.
    static func mean(_ pixels: UnsafeBufferPointer<UInt8>, stride: Int, _ xs: Range<Int>, _ ys: Range<Int>) -> Int16 {
        guard !xs.isEmpty, !ys.isEmpty else { return -1 }
        let step = (ys.count + 3) / 4
        var total = 0
        var count = 0
        for y in Swift.stride(from: ys.lowerBound, to: ys.upperBound, by: step) {
            let row = pixels.baseAddress! + y * stride
            for x in xs { total += Int(row[x]) }
            count += xs.count
        }
        return Int16(total / count)
    }
}
