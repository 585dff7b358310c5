import CodeFixtures
import FrameCore
import PictureOps
import Synchronization
import Testing

@testable import CodeReading

/// A large still is read by zbar and zxing-cpp at once, and its evidence gathered beside the
/// first look: the same codes as one after the other, and every thread joined.
@Suite struct SideBySideTests {
    /// Counts the work done, from any thread.
    final class Count: Sendable {
        private let value = Mutex(0)
        func next() -> Int {
            value.withLock {
                $0 += 1
                return $0
            }
        }
        var now: Int { value.withLock { $0 } }
    }

    @Test func workBesideGivesItsAnswerAndTheWorkHereItsOwn() {
        let ran = Count()
        let (here, beside) = SideBySide.run({ 6 * 7 }, beside: { ran.next() * 10 })
        #expect(here == 42 && beside == 10)
        #expect(ran.now == 1)
    }

    @Test func pendingWorkIsDoneOnceWhetherAskedForOrNot() {
        let ran = Count()
        let asked = Pending { ran.next() }
        #expect(asked.answer == 1 && asked.answer == 1)
        do {
            // Dropped unasked: its thread is joined, its work done once.
            _ = Pending { ran.next() }
        }
        let inline = Pending(inline: true) { ran.next() }
        #expect(ran.now == 2)
        #expect(inline.answer == 3)
    }

    /// Two QR codes and a Data Matrix on a 2-megapixel picture: both engines at once read what
    /// they read one after the other.
    @Test func aLargeStillReadsAlikeSideBySide() throws {
        var picture = Frame.plasma(width: 1800, height: 1200, seed: 2).lit(from: 0.8, to: 1.0)
        for (index, text) in ["left code", "right code"].enumerated() {
            let matrix = try #require(QRMatrix(text: text, level: .medium))
            picture = picture.drawingModules(
                ModuleGrid(columns: matrix.size, rows: matrix.size, dark: matrix.modules),
                at: ModulePlacement(centreX: 400 + Double(index) * 1000, centreY: 600, moduleSize: 5), dark: 40,
                light: 220)
        }
        let matrix = try #require(MatrixCode.grid(.dataMatrix, "matrix in the middle"))
        picture = picture.drawingModules(
            matrix, at: ModulePlacement(centreX: 900, centreY: 300, moduleSize: 5), dark: 40, light: 220)
        let engines = { (sideBySide: Bool) in
            PairedEngine(
                zbar: ZbarEngine(), zxing: ZxingEngine(symbologies: nil, readsQR: true), sideBySide: sideBySide)
        }
        let together = ThoroughScan().scan(picture, with: engines(true)).codes
        let inTurn = ThoroughScan().scan(picture, with: engines(false)).codes
        #expect(Set(together.map(\.text)) == ["left code", "right code", "matrix in the middle"])
        #expect(together.map(\.text).sorted() == inTurn.map(\.text).sorted())
        #expect(Set(together.map(\.corners)) == Set(inTurn.map(\.corners)))
    }
}
