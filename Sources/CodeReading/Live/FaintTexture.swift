import FrameCore
import PictureOps

/// Where a faint code's texture shows in noise, block by block (`FrameFusion`'s windows).
enum FaintTexture {
    /// Blocks whose `values` (edges, or greys' variance) stand out from those of other blocks by
    /// more than their spread: a faint code's texture in noise (a third above the noise's own,
    /// where `Localiser` wants twice). Dark blocks, within three times the frames' `noise` of
    /// black, are compared with those of their own grey: there noise clipped at black is less.
    static func busy(
        _ values: [Float], in stats: BlockStatistics, noise: Float, standingOut: Float = Self.standingOut
    ) -> [Bool] {
        let values = smoothed(values, in: stats)
        let dark = Int(3 * noise)
        let bins = stats.mean.map { Int($0) >= dark ? Self.greyBins - 1 : min(Self.greyBins - 2, Int($0) / 8) }
        var members = [[Int]](repeating: [], count: Self.greyBins)
        for (index, bin) in bins.enumerated() { members[bin].append(index) }
        var busy = [Bool](repeating: false, count: values.count)
        for group in members where !group.isEmpty {
            // Too few blocks of a grey to judge alone are judged among all.
            let judged = group.count >= Self.fewestToJudge ? group : Array(values.indices)
            let own = judged.map { values[$0] }
            let middle = Localiser.smallest(own.count / 2, of: own)
            let deviations = own.map { abs($0 - middle) }
            let spread = max(1.4826 * Localiser.smallest(deviations.count / 2, of: deviations), 0.5)
            for index in group { busy[index] = values[index] > middle + standingOut * spread }
        }
        return busy
    }

    /// Each block's value the mean of its own and its neighbours' (3 x 3): a code covers several
    /// blocks, and noise in the mean of nine is a third of one's.
    static func smoothed(_ values: [Float], in stats: BlockStatistics) -> [Float] {
        (0..<values.count).map { index in
            let (column, row) = (index % stats.columns, index / stats.columns)
            var (total, count): (Float, Float) = (0, 0)
            for r in max(0, row - 1)...min(stats.rows - 1, row + 1) {
                for c in max(0, column - 1)...min(stats.columns - 1, column + 1) {
                    total += values[r * stats.columns + c]
                    count += 1
                }
            }
            return total / count
        }
    }

    /// Dark greys are judged in bins of 8 levels (the rest in one), each with this many blocks at the least.
    static let greyBins = 33
    static let fewestToJudge = 24

    /// Spreads (robust standard deviations) of the blocks' edges above their median that stand out.
    static let standingOut: Float = 4.5
    /// The same where nothing stands out that far: a small code's few blocks (a window drawn
    /// round more of them than the code reads less well, so this is not the first try).
    static let standingOutAtLeast: Float = 3.75
}
