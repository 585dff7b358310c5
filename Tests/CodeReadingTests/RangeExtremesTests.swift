import FrameCore
import Testing

@testable import CodeReading

/// The tables' answers are a scan's: the first least and greatest place of every range, and
/// the ink contrast of every window, on values with many ties.
@Suite struct RangeExtremesTests {
    /// The deepest dip or highest rise in `window`, window by window.
    static func scannedContrast(_ values: [Double], _ window: ClosedRange<Int>) -> Double {
        let lowest = window.min { values[$0] < values[$1] }!
        let highest = window.min { values[$0] > values[$1] }!
        let dip =
            min(values[window.lowerBound...lowest].max()!, values[lowest...window.upperBound].max()!) - values[lowest]
        let rise =
            values[highest]
            - max(values[window.lowerBound...highest].min()!, values[highest...window.upperBound].min()!)
        return max(dip, rise)
    }

    @Test(arguments: [1, 2, 7, 37, 200]) func everyRangeAndWindowAsAScanFindsThem(count: Int) {
        var generator = SplitMix(seed: UInt64(count))
        let values = (0..<count).map { _ in Double(generator.next() % 6) }
        let extremes = RangeExtremes(values, longest: 37)
        for lower in values.indices {
            for upper in lower..<min(count, lower + 37) {
                let range = lower...upper
                #expect(extremes.leastIndex(range) == range.min { values[$0] < values[$1] })
                #expect(extremes.mostIndex(range) == range.min { values[$0] > values[$1] })
                #expect(extremes.contrast(range) == Self.scannedContrast(values, range))
            }
        }
    }
}
