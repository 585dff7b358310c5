import FrameCore
import Synchronization

/// When a reading gives up part way: at a deadline on the monotonic clock (`--timeout`), or
/// when its owner stops it (a screen closing). Checked between looks and between a pass's
/// views, so a huge still holds neither a deadline nor a `q` hostage. Its owner also hears of
/// a still's codes as each becomes final, before the scan ends (`listen`).
public final class ReadingLimit: Sendable {
    public let deadline: Double
    private let stopped = Atomic<Bool>(false)
    private let listener = Mutex<(@Sendable ([DetectedCode]) -> Void)?>(nil)
    /// CPU microseconds the reading's helper threads spent (`LookPool`).
    private let besideMicroseconds = Atomic<Int>(0)

    public init(deadline: Double = .infinity) { self.deadline = deadline }

    public func stop() { stopped.store(true, ordering: .relaxed) }

    public var reached: Bool {
        stopped.load(ordering: .relaxed) || (deadline.isFinite && MonotonicClock.now() >= deadline)
    }

    /// CPU seconds the reading's helper threads spent on it: a reading that pays for its CPU
    /// counts theirs beside its own thread's.
    public var cpuBeside: Double { Double(besideMicroseconds.load(ordering: .relaxed)) / 1e6 }

    /// `body` on a helper thread, its CPU counted in `cpuBeside`.
    func countedBeside<T>(_ body: () -> T) -> T {
        let start = MonotonicClock.threadCPU()
        defer { besideMicroseconds.add(Int((MonotonicClock.threadCPU() - start) * 1e6), ordering: .relaxed) }
        return body()
    }

    /// `hear` is given a still's codes in frame pixels as its scan goes, each time more are
    /// final (a 2D code is proof on its first read, and no later look takes it back), on the
    /// reading's own thread: a large picture, or one the deadline cuts off, has its codes out as
    /// they are read. Nil: nobody hears.
    public func listen(_ hear: (@Sendable ([DetectedCode]) -> Void)?) { listener.withLock { $0 = hear } }

    /// Tells the listener the final ones of `codes` (2D codes but parts of messages, which only
    /// their whole message makes news).
    func tell(_ codes: [DetectedCode]) {
        let final = codes.filter { $0.symbology.oneReadIsProof && $0.sequence == nil }
        guard !final.isEmpty, let hear = listener.withLock({ $0 }) else { return }
        hear(final)
    }
}
