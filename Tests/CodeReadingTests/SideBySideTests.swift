import CodeFixtures
import FrameCore
import Glibc
import PictureOps
import Synchronization
import SystemCalls
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

    /// Dropped while its work runs, it waits for the work (its thread is joined there and then,
    /// not left to end on its own).
    @Test func pendingDroppedWhileItsWorkRunsWaitsForIt() {
        let started = Count()
        let ran = Count()
        do {
            let pending = Pending {
                _ = started.next()
                usleep(50_000)  // work that takes a while
                return ran.next()
            }
            while started.now == 0 { sched_yield() }
            _ = pending
        }
        #expect(ran.now == 1)
    }

    /// An engine that counts the pictures it decodes.
    final class CountingEngine: CodeEngine {
        let engine = ZbarEngine()
        let decodes = Count()
        var symbologies: Set<Symbology>? { engine.symbologies }
        var density: Int {
            get { engine.density }
            set { engine.density = newValue }
        }
        func decode(_ picture: Frame) -> SymbolsFound {
            _ = decodes.next()
            return engine.decode(picture)
        }
        func narrowed(to family: Set<Symbology>) -> any CodeEngine { engine.narrowed(to: family) }
    }

    /// A look started before it is asked for: that picture's answer without a second decoding;
    /// another picture, or the same one scanned otherwise, decoded as usual.
    @Test func aStartedLookAnswersItsPictureAndDecodesAnyOther() {
        let picture = CodeFixtures.qrScene("started", width: 1200, height: 900)
        let other = CodeFixtures.qrScene("another", width: 1200, height: 900)
        let counted = CountingEngine()
        let started = StartedLook(counted, on: picture)
        #expect(started.decode(picture).codes.map(\.text) == ["started"])
        #expect(started.decode(picture).codes.map(\.text) == ["started"])
        #expect(counted.decodes.now == 1)
        #expect(started.decode(other).codes.map(\.text) == ["another"])
        #expect(started.decode(picture).codes.map(\.text) == ["started"])
        #expect(counted.decodes.now == 3)
        let sparser = StartedLook(counted, on: picture)
        sparser.density = 2
        #expect(sparser.decode(picture).codes.map(\.text) == ["started"])
        #expect(counted.decodes.now == 5 && counted.density == 2)
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

/// A small still's looks are shared by threads (`LookAhead`): the same passes and codes
/// whatever their number, as one look after the other.
@Suite struct LookAheadTests {
    static func engine(sideBySide: Bool) -> PairedEngine {
        PairedEngine(zbar: ZbarEngine(), zxing: ZxingEngine(symbologies: nil, readsQR: true), sideBySide: sideBySide)
    }

    @Test func looksSharedByOneTwoOrEightThreadsReadAsOneAfterTheOther() throws {
        let matrix = try #require(QRMatrix(text: "light on dark", level: .medium))
        let inverted = Frame.plasma(width: 600, height: 400, seed: 3).lit(from: 0.1, to: 0.3).drawingModules(
            ModuleGrid(columns: matrix.size, rows: matrix.size, dark: matrix.modules),
            at: ModulePlacement(centreX: 300, centreY: 200, moduleSize: 4), dark: 230, light: 30)
        var generator = SplitMix(seed: 9)
        let bars = Frame.filled(width: 500, height: 300, value: 128).drawingModules(
            ModuleGrid(columns: 95, rows: 1, dark: (0..<95).map { _ in generator.next() % 2 == 0 }),
            at: ModulePlacement(centreX: 250, centreY: 150, moduleSize: 2), dark: 60, light: 200)
        let soft = EAN13.scene("400638133393", moduleWidth: 2, width: 360, height: 200)
            .mapped { UInt8(90 + Int($0) / 4) }.smoothed().withNoise(amplitude: 12, seed: 3)
        for picture in [inverted, bars, soft] {
            // No twin engine: every look on this thread, one after the other.
            let inTurn = ThoroughScan(workers: 8).scan(picture, with: Self.engine(sideBySide: false))
            #expect(inTurn.passesRun.count > 3)
            for workers in [1, 2, 8] {
                let shared = ThoroughScan(workers: workers).scan(picture, with: Self.engine(sideBySide: true))
                #expect(shared.passesRun == inTurn.passesRun, "\(workers) workers")
                #expect(shared.codes.map(\.text) == inTurn.codes.map(\.text))
                #expect(shared.codes.map(\.corners) == inTurn.codes.map(\.corners))
                #expect(shared.withheld == inTurn.withheld)
            }
        }
        let read = ThoroughScan().scan(inverted, with: Self.engine(sideBySide: true))
        #expect(read.codes.map(\.text) == ["light on dark"])
        let softRead = ThoroughScan().scan(soft, with: Self.engine(sideBySide: true))
        #expect(softRead.codes.map(\.text) == ["4006381333931"])
    }
}

/// Windows read ahead on every core (`WindowReadings`): a sheet's candidate windows and a large
/// still's texture windows give the same codes and corners on 1, 2 or 8 threads; a budget's
/// questions replayed take what was taken only where each gets the same answer.
@Suite struct WindowReadingsTests {
    @Test func windowsReadOnOneTwoOrEightThreadsReadAlike() throws {
        // A crowd of finders (36 codes): zbar alone reads the whole, both libraries the windows.
        var sheet = Frame.plasma(width: 1200, height: 900, seed: 4).lit(from: 0.7, to: 0.9)
        for index in 0..<36 {
            let matrix = try #require(QRMatrix(text: "label \(index)", level: .medium))
            sheet = sheet.drawingModules(
                ModuleGrid(columns: matrix.size, rows: matrix.size, dark: matrix.modules),
                at: ModulePlacement(
                    centreX: 80 + Double(index % 8) * 145, centreY: 90 + Double(index / 8) * 180, moduleSize: 2.2,
                    degrees: Double(index) * 7))
        }
        sheet = sheet.blurred(sigma: 0.9)
        let matrix = try #require(QRMatrix(text: "light on dark", level: .medium))
        let large = Frame.plasma(width: 2600, height: 1800, seed: 6).lit(from: 0.2, to: 0.5).drawingModules(
            ModuleGrid(columns: matrix.size, rows: matrix.size, dark: matrix.modules),
            at: ModulePlacement(centreX: 1900, centreY: 500, moduleSize: 3), dark: 230, light: 30)
        for picture in [sheet, large] {
            let alone = CodeReader(workers: 1).read(picture)
            #expect(!alone.codes.isEmpty)
            for workers in [2, 8] {
                let shared = CodeReader(workers: workers).read(picture)
                #expect(Set(shared.codes.map(\.text)) == Set(alone.codes.map(\.text)), "\(workers) workers")
                #expect(Set(shared.codes.map(\.corners)) == Set(alone.codes.map(\.corners)))
                #expect(shared.passesRun == alone.passesRun && shared.work == alone.work)
            }
        }
    }

    @Test func aBudgetTakesWhatAnotherTookOnlyWhereEachQuestionIsAnsweredAlike() {
        let ahead = WorkBudget.counting(100, weight: 2)
        #expect(ahead.take(10) && ahead.fits(20) && !ahead.take(50) && ahead.take(20))
        let enough = WorkBudget(60)
        #expect(enough.takeAlike(ahead.asked) && enough.remaining == 0 && enough.spent == 60)
        let more = WorkBudget(200)  // it would have taken the 100 that was refused
        #expect(!more.takeAlike(ahead.asked) && more.remaining == 200 && more.spent == 0)
        let less = WorkBudget(50)
        #expect(!less.takeAlike(ahead.asked) && less.remaining == 50)
    }
}

/// Looks worked out by several threads (`LookPool`): each answer is its own look's, each look
/// worked out once, whatever the order they are asked in and however many helpers there are.
@Suite struct LookPoolTests {
    @Test(arguments: [0, 1, 7])
    func eachAnswerIsItsLooksAndEachLookIsWorkedOutOnce(helpers: Int) {
        let worked = Worked()
        let work = { (index: Int) -> Int in
            worked.add(index)
            usleep(UInt32(1000 * (index % 3)))
            return index * index
        }
        let asked = [0, 1, 2, 5, 3, 9, 4, 11, 6]
        var answers = [Int]()
        do {
            let pool = LookPool(count: 12, runAhead: 3, here: work, helpers: Array(repeating: work, count: helpers))
            answers = asked.map { pool.value(at: $0) }
        }
        #expect(answers == asked.map { $0 * $0 })
        let counts = Dictionary(worked.all.map { ($0, 1) }, uniquingKeysWith: +)
        #expect(counts.values.allSatisfy { $0 == 1 }, "\(counts)")
        #expect(Set(asked).isSubset(of: Set(counts.keys)))
    }

    /// The looks worked out, by whichever thread (a pthread lock, which ThreadSanitizer sees).
    final class Worked: @unchecked Sendable {  // `list` guarded by `lock`
        private let lock = ConditionLock()
        private var list: [Int] = []
        func add(_ index: Int) { lock.withLock { list.append(index) } }
        var all: [Int] { lock.withLock { list } }
    }
}
