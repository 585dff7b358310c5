import FrameCore
import PictureOps

/// Which blocks of the scan area changed beyond sensor noise since a reference look, by
/// their mean grey and their edge energy. A code that appears changes both; sensor noise
/// averaged over a block's samples moves neither much (the tolerances grow with the noise
/// measured, six standard deviations of the difference of two blocks' means); a change of light over the whole
/// area (a camera's exposure) is taken out first.
struct SceneChange {
    /// Grey levels a block's mean may drift at the least, and its edge energy (plus this
    /// share of itself).
    static let meanTolerance: Float = 3
    static let energyTolerance: Float = 4
    static let energyShare: Float = 0.25

    /// The blocks of `now` that differ from `reference` (every block when the grids differ).
    static func changed(_ now: BlockStatistics, since reference: BlockStatistics?) -> [Bool] {
        guard let reference, reference.area == now.area, reference.blockSize == now.blockSize else {
            return [Bool](repeating: true, count: now.mean.count)
        }
        let exposure = medianShift(now.mean, reference.mean)
        // Six standard deviations of the difference of two blocks' means (√2 those of one
        // mean): at fewer, a still scene of 3,600 blocks under σ 6 showed a block changed by
        // noise alone twice a second, and each such block restarted the whole area's look.
        let spread =
            6 * Float(2).squareRoot() * max(now.noise, reference.noise)
            / Float(max(1, now.samplesPerBlock)).squareRoot()
        let meanLimit = max(meanTolerance, spread)
        let energyLimit = max(energyTolerance, 2 * spread)
        return now.mean.indices.map { index in
            let meanMoved = abs(now.mean[index] - reference.mean[index] - exposure) > meanLimit
            let edgeMoved =
                abs(now.energy[index] - reference.energy[index])
                > energyLimit + energyShare * reference.energy[index]
            return meanMoved || edgeMoved
        }
    }

    /// The median of the blocks' shifts in mean grey, to whole levels (counted, not sorted:
    /// this runs on every frame).
    static func medianShift(_ now: [Float], _ before: [Float]) -> Float {
        var counts = [Int](repeating: 0, count: 511)
        for (a, b) in zip(now, before) { counts[Int((a - b).rounded()) + 255] += 1 }
        var half = now.count / 2
        for (level, count) in counts.enumerated() {
            if half < count { return Float(level - 255) }
            half -= count
        }
        return 0
    }

    /// The pixels the `marked` blocks cover, with a margin of `margin` pixels (nil: none).
    static func bounds(of marked: [Bool], in stats: BlockStatistics, margin: Int) -> PixelRect? {
        var columns = [Int]()
        var rows = [Int]()
        for index in marked.indices where marked[index] {
            columns.append(index % stats.columns)
            rows.append(index / stats.columns)
        }
        guard let c0 = columns.min(), let c1 = columns.max(), let r0 = rows.min(), let r1 = rows.max() else {
            return nil
        }
        let b = stats.blockSize
        return PixelRect(
            x: stats.area.x + c0 * b - margin, y: stats.area.y + r0 * b - margin,
            width: (c1 - c0 + 1) * b + 2 * margin, height: (r1 - r0 + 1) * b + 2 * margin
        )
        .clamped(to: stats.area)
    }

    /// The blocks that lie within `rect` (any pixel of them).
    static func blocks(within rect: PixelRect, of stats: BlockStatistics) -> [Bool] {
        (0..<stats.mean.count).map { index in
            let block = stats.rect(column: index % stats.columns, row: index / stats.columns)
            return block.x < rect.maxX && rect.x < block.maxX && block.y < rect.maxY && rect.y < block.maxY
        }
    }
}
