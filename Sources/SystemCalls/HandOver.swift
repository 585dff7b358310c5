import FrameCore

/// `latestWins` (live sources): a new value replaces one not yet taken, so the consumer is never
/// behind. `lossless` (files, pipes): the producer waits while the values not yet taken fill the
/// hand-over (one, unless it was made to keep more).
public enum HandOverMode: Sendable { case latestWins, lossless }

/// Values (frames, scan jobs, readings) from one thread to another, with the news that comes
/// beside them and how the producer ended (`HandOverMode`: whether a value can be replaced).
public final class HandOver<Value: Sendable, News: Sendable, Failure: Error & Sendable>: @unchecked Sendable {
    // state guarded by `condition`
    public typealias Mode = HandOverMode
    public enum Item: Sendable {
        case value(Value)
        /// Something happened that does not end the stream; never dropped.
        case notice(News)
        /// The producer has ended (end of file, stream closed).
        case ended
        case failed(Failure)
    }

    public let mode: Mode
    /// Values a lossless hand-over keeps before its producer waits.
    public let capacity: Int
    private let condition = ConditionLock()
    /// Values not yet taken, oldest first (at most one when latest wins).
    private var pending: [Value] = []
    private var notices: [News] = []
    /// How the producer ended, until a consumer took it (it is taken once).
    private var outcome: Item?
    private var closed = false
    private var droppedCount = 0
    private var wake: (@Sendable () -> Void)?
    private var waiting = Waiting()

    /// Threads blocked in `publish` (a lossless producer) and in `take` right now.
    public struct Waiting: Equatable, Sendable {
        public var producers = 0
        public var consumers = 0
    }

    /// `capacity`: values a lossless hand-over keeps (a batch's files read ahead keep several).
    public init(mode: Mode, capacity: Int = 1) {
        self.mode = mode
        self.capacity = mode == .lossless ? max(1, capacity) : 1
    }

    /// Who is blocked on the hand-over at this moment (tests check that a call really waits).
    public var waiters: Waiting { condition.withLock { waiting } }

    /// Values replaced before the consumer took them (latest-wins only).
    public var dropped: Int { condition.withLock { droppedCount } }

    /// Called (on the producer's thread) whenever an item becomes available, e.g. to wake
    /// an event loop that polls file descriptors.
    public func onAvailable(_ action: @escaping @Sendable () -> Void) {
        condition.withLock { wake = action }
    }

    /// Offers a value; returns false once the consumer has closed the hand-over.
    @discardableResult
    public func publish(_ value: Value) -> Bool {
        condition.lock()
        if mode == .lossless {
            waiting.producers += 1
            while pending.count >= capacity && !closed { condition.wait() }
            waiting.producers -= 1
        } else if !pending.isEmpty {
            droppedCount += 1
            pending.removeAll()
        }
        guard !closed else {
            condition.unlock()
            return false
        }
        pending.append(value)
        signalled()
        return true
    }

    /// Passes news on, before any value; `supersedes` tells news that makes the last one
    /// waiting worthless (a newer count of the same thing).
    public func notify(_ news: News, supersedes: (News, News) -> Bool = { _, _ in false }) {
        condition.lock()
        if let last = notices.last, supersedes(news, last) { notices.removeLast() }
        notices.append(news)
        signalled()
    }

    /// The producer is done: `failure` nil for a normal end of input.
    public func finish(_ failure: Failure?) {
        condition.lock()
        outcome = failure.map { .failed($0) } ?? .ended
        signalled()
    }

    /// Wakes the consumer and unlocks (the wake action runs outside the lock).
    private func signalled() {
        let action = wake
        condition.broadcast()
        condition.unlock()
        action?()
    }

    /// The next item, waiting at most until `deadline` (monotonic seconds; nil waits for
    /// ever). Returns nil when the deadline passed or the hand-over was closed. News comes
    /// first, then a pending value, then the outcome (once).
    public func take(until deadline: Double? = nil) -> Item? {
        condition.lock()
        defer { condition.unlock() }
        waiting.consumers += 1
        defer { waiting.consumers -= 1 }
        while pending.isEmpty && outcome == nil && notices.isEmpty {
            if closed { return nil }
            guard let deadline else {
                condition.wait()
                continue
            }
            let remaining = deadline - MonotonicClock.now()
            if remaining <= 0 { return nil }
            _ = condition.wait(until: deadline)
        }
        if !notices.isEmpty { return .notice(notices.removeFirst()) }
        if !pending.isEmpty {
            condition.broadcast()
            return .value(pending.removeFirst())
        }
        defer { outcome = nil }
        return outcome
    }

    /// An item if one is waiting, without blocking.
    public func poll() -> Item? { take(until: 0) }

    /// Either side stops: the producer's next `publish` returns false and a waiting `take`
    /// returns nil.
    public func close() {
        condition.withLock {
            closed = true
            pending.removeAll()
            condition.broadcast()
        }
    }

    public var isClosed: Bool { condition.withLock { closed } }
}
