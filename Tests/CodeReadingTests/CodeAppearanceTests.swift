import FrameCore
import Testing

@testable import CodeReading

/// A followed code's appearance is measured on every frame: its percentiles are counted, and
/// must be the ones sorting gives.
@Suite struct CodeAppearanceTests {
    @Test func aCountedRankIsTheSortedOne() {
        var random = SplitMix(seed: 3)
        for trial in 0..<50 {
            let count = 1 + Int(random.next() % 5000)
            let (least, most): (Int32, Int32) = trial % 2 == 0 ? (0, 1020) : (-1020, 1020)
            let values = (0..<count).map { _ in least + Int32(random.next() % UInt64(most - least + 1)) }
            let sorted = values.sorted()
            let ranks = [0, count / 10, count / 2, count * 9 / 10, count - 1]
            #expect(CodeAppearance.ranked(values, least: least, most: most, at: ranks) == ranks.map { sorted[$0] })
        }
    }
}
