/// Where the least and the greatest value of any range of at most `longest` values first lie,
/// in constant time: for every run of 2^k values (k as far as `longest` needs), where its
/// extremes first lie. Ink levels look at every window of every line across a code's bars: a
/// scan of each window would cost as much as the rest of the check.
struct RangeExtremes {
    private let values: [Double]
    /// Level k: for each start, where the first least (greatest) value of the 2^k values from
    /// there lies.
    private var least: [[Int]]
    private var most: [[Int]]

    init(_ values: [Double], longest: Int) {
        self.values = values
        least = [Array(values.indices)]
        most = least
        var length = 1
        while 2 * length <= longest, 2 * length <= values.count {
            let (lower, upper, half) = (least[least.count - 1], most[most.count - 1], length)
            let starts = 0...(values.count - 2 * length)
            least.append(starts.map { Self.first(lower[$0], lower[$0 + half], in: values, least: true) })
            most.append(starts.map { Self.first(upper[$0], upper[$0 + half], in: values, least: false) })
            length *= 2
        }
    }

    /// Of two places, the one with the lesser (or greater) value; the earlier one on a tie.
    private static func first(_ a: Int, _ b: Int, in values: [Double], least: Bool) -> Int {
        if values[a] == values[b] { return min(a, b) }
        return (values[a] < values[b]) == least ? a : b
    }

    /// The two runs of a level that cover `range` together.
    private func runs(_ range: ClosedRange<Int>) -> (level: Int, second: Int) {
        let length = range.count
        let level = Int.bitWidth - 1 - length.leadingZeroBitCount
        return (level, range.upperBound - (1 << level) + 1)
    }

    /// Where the least value of `range` first lies (`range` at most `longest` long).
    func leastIndex(_ range: ClosedRange<Int>) -> Int {
        let (level, second) = runs(range)
        return Self.first(least[level][range.lowerBound], least[level][second], in: values, least: true)
    }

    /// Where the greatest value of `range` first lies.
    func mostIndex(_ range: ClosedRange<Int>) -> Int {
        let (level, second) = runs(range)
        return Self.first(most[level][range.lowerBound], most[level][second], in: values, least: false)
    }

    /// The deepest dip (a fall, then a rise) or highest rise (a rise, then a fall) in `window`.
    func contrast(_ window: ClosedRange<Int>) -> Double {
        let (lowest, highest) = (leastIndex(window), mostIndex(window))
        let dip =
            min(values[mostIndex(window.lowerBound...lowest)], values[mostIndex(lowest...window.upperBound)])
            - values[lowest]
        let rise =
            values[highest]
            - max(values[leastIndex(window.lowerBound...highest)], values[leastIndex(highest...window.upperBound)])
        return max(dip, rise)
    }
}
