import FrameCore
import Synchronization

/// The readings of a still's windows (each a picture and its looks within a budget), shared by
/// every core (`LookPool`) and taken in the scan's order. A window is read ahead within what the
/// budget had left when it began, its budget keeping each question asked of it; at its turn,
/// that reading stands when the real budget answers every question alike (so it is the reading
/// one after the other would give), else the window is read again here, within the budget. A
/// window whose first look no longer fits the budget (which only shrinks) is not read ahead.
final class WindowReadings {
    /// A picture read by itself, its top-left pixel at `origin` in the frame's pixels.
    struct Window {
        let pixels: Int
        let origin: PixelPoint
        let picture: () -> Frame
    }

    private typealias Asked = [(charge: Double, fitted: Bool, taken: Bool)]
    /// Each window's each look, the looks in turn across the windows: look `index / windows`
    /// on window `index % windows`.
    let passes: [ScanPass]
    let windows: [Window]
    private let engine: any CodeEngine
    private let budget: WorkBudget
    private let work: (_ index: Int, _ engine: any CodeEngine, _ budget: WorkBudget) -> FrameReading
    /// What the budget has left, for the helpers to read (whole units, rounded up).
    private let left: Left
    private let pool: LookPool<(reading: FrameReading, asked: Asked)>?

    /// Every one of `passes` on every one of `windows` within `budget`, by `thorough.workers`
    /// threads (this one among them), each helper with a twin of `engine`, its CPU counted in `limit`.
    init(
        _ passes: [ScanPass], on windows: [Window], by thorough: ThoroughScan, engine: any CodeEngine,
        budget: WorkBudget, limit: ReadingLimit?
    ) {
        self.passes = passes
        self.windows = windows
        self.engine = engine
        self.budget = budget
        let work = { (index: Int, engine: any CodeEngine, budget: WorkBudget) in
            let window = windows[index % windows.count]
            return thorough.scanWhole(
                window.picture(), at: window.origin, with: engine, limit: limit,
                passes: [passes[index / windows.count]], budget: budget)
        }
        self.work = work
        let count = passes.count * windows.count
        let left = Left(budget.remaining)
        self.left = left
        let twins = (0..<max(0, thorough.workers - 1)).compactMap { _ in engine.twin() }
        guard !twins.isEmpty, count > 1 else {
            pool = nil
            return
        }
        let weight = budget.weight
        let counted = { (index: Int, engine: any CodeEngine) in
            let budget = WorkBudget.counting(left.now, weight: weight)
            let reading = work(index, engine, budget)
            return (reading: reading, asked: budget.asked)
        }
        pool = LookPool(
            count: count, runAhead: twins.count, here: { counted($0, engine) },
            helpers: twins.map { twin in
                { index in limit?.countedBeside { counted(index, twin) } ?? counted(index, twin) }
            })
    }

    /// How many readings there are: each window's each look.
    var count: Int { passes.count * windows.count }

    /// The look and the window of reading `index`.
    func look(at index: Int) -> (pass: ScanPass, window: Int) {
        (passes[index / windows.count], index % windows.count)
    }

    /// The counted cost of reading `index`'s first look (before the budget's weight).
    private func cost(_ index: Int) -> Double {
        Double(windows[index % windows.count].pixels) * passes[index / windows.count].costFactor
    }

    /// Windows the scan will not read (a place a code read since covers): not read ahead.
    func forgo(where unwanted: (Int) -> Bool) { pool?.forgo(where: unwanted) }

    /// Window `index`'s reading within the budget, as reading it here and now would give.
    func reading(at index: Int) -> FrameReading {
        guard let pool else { return work(index, engine, budget) }
        defer { left.set(budget.remaining) }
        pool.forgo { !budget.fits(cost($0)) }
        guard budget.fits(cost(index)) else { return work(index, engine, budget) }
        let ahead = pool.value(at: index)
        if budget.takeAlike(ahead.asked) { return ahead.reading }
        return work(index, engine, budget)
    }

    /// A budget's remaining work, shared with the helpers.
    private final class Left: Sendable {
        private let units: Atomic<Int>

        init(_ remaining: Double) { units = Atomic(Self.units(remaining)) }

        var now: Double { Double(units.load(ordering: .relaxed)) }
        func set(_ remaining: Double) { units.store(Self.units(remaining), ordering: .relaxed) }

        private static func units(_ remaining: Double) -> Int {
            remaining.isFinite ? Int(min(remaining.rounded(.up), Double(Int.max / 2))) : Int.max / 2
        }
    }
}
