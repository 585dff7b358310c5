import FrameCore
import Synchronization

/// When a reading gives up part way: at a deadline on the monotonic clock (`--timeout`), or
/// when its owner stops it (a screen closing). Checked between looks and between a pass's
/// views, so a huge still holds neither a deadline nor a `q` hostage.
public final class ReadingLimit: Sendable {
    public let deadline: Double
    private let stopped = Atomic<Bool>(false)

    public init(deadline: Double = .infinity) { self.deadline = deadline }

    public func stop() { stopped.store(true, ordering: .relaxed) }

    public var reached: Bool {
        stopped.load(ordering: .relaxed) || (deadline.isFinite && MonotonicClock.now() >= deadline)
    }
}
