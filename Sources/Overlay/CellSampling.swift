extension Shader {
    /// Many samples a cell (toned ASCII's 4x8): each carries more noise than a coarse one, and
    /// sampling them all costs more than drawing. So the picture is sampled coarsely first (2x2
    /// a cell, two pixel rows a sample: it only tells change, against the noise it measures),
    /// and only a cell whose coarse samples moved beyond the noise (and `tolerance`) since it
    /// was last sampled is sampled finely again; every other cell keeps its fine samples (and
    /// so, through `CellMemo`, its character).
    mutating func sampleByCells(_ image: GreyImage, geometry current: Geometry) -> SampleGrid {
        let transform = current.transform
        let across = current.across
        let down = current.down
        let coarse = Self.average(image, transform: transform, across: 2, down: 2, rowsAtMost: 2)
        followNoise(coarse.values, geometry: current)
        let cells = transform.columns * transform.rows
        guard current == geometry, shown.count == cells * across * down, shownCoarse.count == cells * 4 else {
            let fine = Self.average(image, transform: transform, across: across, down: down)
            (geometry, shown, shownCoarse) = (current, fine.values, coarse.values)
            return fine
        }
        let moved = movedCells(coarse.values, columns: transform.columns, rows: transform.rows)
        Self.sample(image, transform: transform, across: across, down: down, cells: moved, into: &shown)
        grids += 1
        var grid = SampleGrid(
            columns: transform.columns, rows: transform.rows, across: across, down: down, values: shown)
        grid.resampled = (moved, grids)
        return grid
    }

    /// The cells whose coarse samples moved beyond the noise since they were last sampled;
    /// their coarse samples become the ones shown.
    private mutating func movedCells(_ coarse: [Int16], columns: Int, rows: Int) -> [Bool] {
        let tolerance = Int32(sampleTolerance)
        let coarseStride = columns * 2
        var moved = [Bool](repeating: false, count: columns * rows)
        coarse.withUnsafeBufferPointer { coarse in
            shownCoarse.withUnsafeMutableBufferPointer { shown in
                // Widened first: a difference of two samples cannot trap there.
                func apart(_ i: Int) -> Bool { abs(Int32(coarse[i]) &- Int32(shown[i])) > tolerance }
                for row in 0..<rows {
                    for column in 0..<columns {
                        let top = row * 2 * coarseStride + column * 2
                        let bottom = top + coarseStride
                        guard apart(top) || apart(top + 1) || apart(bottom) || apart(bottom + 1) else { continue }
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
