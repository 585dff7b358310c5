import Testing

@testable import CursesBackend

/// The picture's share of a core is what the rest of qrtui leaves of its total: a scene whose
/// reading takes much leaves the picture little, and frames are skipped until a picture fits.
@Suite struct PictureBudgetTests {
    /// Two seconds of looks at 30 frames a second, the rest of the process using `others` of a
    /// core and each picture `cost` CPU seconds (those made counted in the process too); the
    /// share at the end and the pictures made in the last second (the share settled).
    /// `writingCost`: the CPU the terminal's writes of each picture take (on their thread).
    /// `busy`: the process's CPU over the last second.
    static func run(others: Double, cost: Double, writingCost: Double = 0) -> (share: Double, made: Int, busy: Double) {
        var budget = PictureBudget()
        var process = 0.0
        var writing = 0.0
        var made = 0
        var second = 0.0
        for frame in 0..<60 {
            if frame == 30 { (made, second) = (0, process) }
            let now = Double(frame) / 30
            process += others / 30
            if budget.allows(now: now, process: process, writing: writing) {
                budget.spent(cost, at: now, writing: writing)
                writing += writingCost
                process += cost + writingCost
                made += 1
            }
        }
        return (budget.share, made, process - second)
    }

    @Test func aBusyReaderLeavesThePictureItsLeastShare() {
        let (share, made, _) = Self.run(others: 0.36, cost: 0.01)
        #expect(share == PictureBudget.least)
        // 10 ms a picture in 3% of a core: one picture in a third of a second, where 30 frames came.
        #expect(made <= 4 && made >= 2)
    }

    @Test func anIdleReaderLeavesThePictureItsMostShare() {
        let (share, made, _) = Self.run(others: 0.1, cost: 0.005)
        #expect(share == PictureBudget.most)
        #expect(made >= 29)  // 5 ms a picture in 20% of a core: one every 25 ms, each frame
    }

    @Test func inBetweenThePictureTakesWhatIsLeft() {
        let (share, _, _) = Self.run(others: 0.26, cost: 0.002)
        #expect(abs(share - (PictureBudget.total - 0.26)) < 0.01)
    }

    /// The terminal's writes of the pictures are theirs, not the rest of qrtui's: pictures cheap
    /// to make (2 ms) but dear to write (20 ms) beside a reader at 20% keep qrtui within its
    /// total, the pictures in the 18% left.
    @Test func thePicturesWritesCountAsThePictures() {
        let (share, made, busy) = Self.run(others: 0.2, cost: 0.002, writingCost: 0.02)
        #expect(abs(share - (PictureBudget.total - 0.2)) < 0.01)
        #expect(busy <= PictureBudget.total + 0.025 && made >= 6, "\(made) pictures, \(busy) of a core")
    }
}
