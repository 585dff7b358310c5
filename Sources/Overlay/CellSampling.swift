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
        let moved = movedCells(coarse.values, columns: transform.columns, rows: transform.rows)
        resample(moved, of: image, transform: transform, across: across, down: down)
        grids += 1
        var grid = SampleGrid(
            columns: transform.columns, rows: transform.rows, across: across, down: down, values: shown)
        grid.resampled = (moved, grids)
        return grid
    }

    /// Samples the `moved` cells finely again into `shown`. The pixel columns under a row's
    /// moved cells are summed once a sample row: each sample is then a few additions and one
    /// multiply.
    private mutating func resample(
        _ moved: [Bool], of image: GreyImage, transform: ViewTransform, across: Int, down: Int
    ) {
        let xs = Self.ranges(
            count: transform.columns * across, origin: transform.originX,
            step: transform.pixelsPerColumn / Double(across), limit: image.width)
        let ys = Self.ranges(
            count: transform.rows * down, origin: transform.originY,
            step: transform.pixelsPerRow / Double(down), limit: image.height)
        let reciprocals = Self.reciprocalTables(xs)
        let visible = xs.filter { $0.upperBound > $0.lowerBound }
        guard let xMin = visible.first?.lowerBound, let xMax = visible.last?.upperBound else { return }
        var columnSums = [Int32](repeating: 0, count: image.width)
        let fineStride = transform.columns * across
        image.pixels.withUnsafeBufferPointer { pixels in
            columnSums.withUnsafeMutableBufferPointer { sums in
                shown.withUnsafeMutableBufferPointer { out in
                    for row in 0..<transform.rows {
                        let movedInRow = (0..<transform.columns).filter { moved[row * transform.columns + $0] }
                        guard let first = movedInRow.first, let last = movedInRow.last else { continue }
                        let lower = max(xMin, xs[first * across].lowerBound)
                        let upper = min(xMax, xs[last * across + across - 1].upperBound)
                        for sampleY in (row * down)..<(row * down + down) {
                            let line = out.baseAddress! + sampleY * fineStride
                            guard upper > lower, !ys[sampleY].isEmpty else {
                                for column in movedInRow {
                                    for x in 0..<across { line[column * across + x] = -1 }
                                }
                                continue
                            }
                            let height = Self.sumColumns(
                                pixels, stride: image.stride, rows: ys[sampleY], columns: lower..<upper, into: sums)
                            Self.samples(
                                movedInRow, across: across, xs: xs, sums: sums, scale: reciprocals[height - 1],
                                into: line)
                        }
                    }
                }
            }
        }
    }

    /// One sample row of the cells `columns`: each sample its pixel columns' sums times the
    /// reciprocal of its pixel count; -1 off the picture.
    private static func samples(
        _ columns: [Int], across: Int, xs: [Range<Int>], sums: UnsafeMutableBufferPointer<Int32>, scale: [UInt32],
        into line: UnsafeMutablePointer<Int16>
    ) {
        for column in columns {
            for x in 0..<across {
                let sampleX = column * across + x
                guard !xs[sampleX].isEmpty else {
                    line[sampleX] = -1
                    continue
                }
                var total: Int32 = 0
                for px in xs[sampleX] { total &+= sums[px] }
                line[sampleX] = Int16(truncatingIfNeeded: (UInt32(total) &* scale[sampleX]) >> 16)
            }
        }
    }

    /// The cells whose coarse samples moved beyond `tolerance` since they were last sampled;
    /// their coarse samples become the ones shown.
    private mutating func movedCells(_ coarse: [Int16], columns: Int, rows: Int) -> [Bool] {
        let tolerance = Int16(self.tolerance)
        let coarseStride = columns * 2
        var moved = [Bool](repeating: false, count: columns * rows)
        coarse.withUnsafeBufferPointer { coarse in
            shownCoarse.withUnsafeMutableBufferPointer { shown in
                for row in 0..<rows {
                    for column in 0..<columns {
                        let top = row * 2 * coarseStride + column * 2
                        let bottom = top + coarseStride
                        guard
                            abs(coarse[top] - shown[top]) > tolerance
                                || abs(coarse[top + 1] - shown[top + 1]) > tolerance
                                || abs(coarse[bottom] - shown[bottom]) > tolerance
                                || abs(coarse[bottom + 1] - shown[bottom + 1]) > tolerance
                        else { continue }
                        (shown[top], shown[top + 1]) = (coarse[top], coarse[top + 1])
                        (shown[bottom], shown[bottom + 1]) = (coarse[bottom], coarse[bottom + 1])
                        moved[row * columns + column] = true
                    }
                }
            }
        }
        return moved
    }
}
