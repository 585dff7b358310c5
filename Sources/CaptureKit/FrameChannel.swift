import Dispatch
import FrameCore
import SystemCalls

/// Frames from a source's thread to their consumer.
public typealias FrameChannel = HandOver<Frame>

/// The hand-over of values (frames, scan jobs, scan results) from one thread to another.
/// `latestWins` (live sources): a new value replaces one not yet taken, so the consumer is
/// never behind. `lossless` (files, pipes): the producer waits until the value was taken.
public final class HandOver<Value: Sendable>: @unchecked Sendable {  // state guarded by `condition`
    public enum Mode: Sendable { case latestWins, lossless }
    public enum Item: Sendable {
        case value(Value)
        /// Something happened that does not end the stream (see `CaptureNotice`).
        case notice(CaptureNotice)
        /// The producer has ended (end of file, stream closed).
        case ended
        case failed(CaptureError)
    }

    public let mode: Mode
    private let condition = ConditionLock()
    private var pending: Value?
    private var notices: [CaptureNotice] = []
    private var outcome: Item?
    private var closed = false
    private var droppedCount = 0
    private var kind: SourceKind?
    private var paced = false
    private var wake: (@Sendable () -> Void)?
    private var waiting = Waiting()

    /// Threads blocked in `publish` (a lossless producer) and in `take` right now.
    public struct Waiting: Equatable, Sendable {
        public var producers = 0
        public var consumers = 0
    }

    public init(mode: Mode) { self.mode = mode }

    /// What kind of source feeds the channel, once it is open.
    public var sourceKind: SourceKind? {
        get { condition.withLock { kind } }
        set { condition.withLock { kind = newValue } }
    }

    /// The source's frames arrive paced (`FrameSource.arrivesPaced`), as of its last frame.
    public var sourcePaced: Bool {
        get { condition.withLock { paced } }
        set { condition.withLock { paced = newValue } }
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

    /// Offers a value; returns false once the consumer has closed the channel.
    @discardableResult
    public func publish(_ value: Value) -> Bool {
        condition.lock()
        if mode == .lossless {
            waiting.producers += 1
            while pending != nil && !closed { condition.wait() }
            waiting.producers -= 1
        } else if pending != nil {
            droppedCount += 1
        }
        guard !closed else {
            condition.unlock()
            return false
        }
        pending = value
        let action = wake
        condition.broadcast()
        condition.unlock()
        action?()
        return true
    }

    /// Passes news on; notices are never dropped and come before frames.
    public func notify(_ notice: CaptureNotice) {
        condition.lock()
        // Only the latest corrupt-frame count matters.
        if case .corruptFrames = notice, case .corruptFrames? = notices.last { notices.removeLast() }
        notices.append(notice)
        let action = wake
        condition.broadcast()
        condition.unlock()
        action?()
    }

    /// The producer is done: `error` nil for a normal end of input.
    public func finish(_ error: CaptureError?) {
        condition.lock()
        outcome = error.map { .failed($0) } ?? .ended
        let action = wake
        condition.broadcast()
        condition.unlock()
        action?()
    }

    /// The next item, waiting at most until `deadline` (monotonic seconds; nil waits for
    /// ever). Returns nil when the deadline passed or the channel was closed. A pending
    /// value comes before the outcome.
    public func take(until deadline: Double? = nil) -> Item? {
        condition.lock()
        defer { condition.unlock() }
        waiting.consumers += 1
        defer { waiting.consumers -= 1 }
        while pending == nil && outcome == nil && notices.isEmpty {
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
        if let value = pending {
            pending = nil
            condition.broadcast()
            return .value(value)
        }
        return outcome
    }

    /// An item if one is waiting, without blocking.
    public func poll() -> Item? { take(until: 0) }

    /// Either side stops: the producer's next `publish` returns false and a waiting `take`
    /// returns nil.
    public func close() {
        condition.withLock {
            closed = true
            pending = nil
            condition.broadcast()
        }
    }

    public var isClosed: Bool { condition.withLock { closed } }
}

/// Opens and runs a frame source on its own thread and publishes its frames into a channel.
/// Opening happens there too, so a source that blocks while opening (a FIFO nobody writes,
/// a slow device) never blocks the caller, and its errors arrive like any other.
public final class CaptureThread: Sendable {
    public let channel: FrameChannel
    private let finished = DispatchSemaphore(value: 0)

    public init(
        mode: FrameChannel.Mode,
        open: @escaping @Sendable () throws(CaptureError) -> any FrameSource
    ) {
        let channel = FrameChannel(mode: mode)
        self.channel = channel
        let finished = self.finished
        do throws(Errno) {
            try SystemThread.start("qrtui capture") {
                Self.run(channel, open)  // the source is released (devices closed) when this returns
                finished.signal()
            }
        } catch {
            // Too little memory for a thread: the channel says so, as any failure to open.
            channel.finish(.outOfMemory(need: "a thread", errno: error))
            finished.signal()
        }
    }

    private static func run(_ channel: FrameChannel, _ open: () throws(CaptureError) -> any FrameSource) {
        do throws(CaptureError) {
            let source = try open()
            channel.sourceKind = source.kind
            source.setNoticeHandler { channel.notify($0) }
            while !channel.isClosed {
                guard let frame = try source.nextFrame(cancelled: { channel.isClosed }) else { break }
                channel.sourcePaced = source.arrivesPaced
                guard channel.publish(frame) else { return }
            }
            channel.finish(nil)
        } catch {
            channel.finish(error)
        }
    }

    /// Asks the thread to stop; it ends after its current frame.
    public func stop() { channel.close() }

    /// Stops and waits (at most `timeout` seconds) until the source is closed: a camera
    /// has then stopped streaming, unmapped its buffers and closed its device.
    @discardableResult
    public func stopAndWait(timeout: Double = 2) -> Bool {
        stop()
        return finished.wait(timeout: .now() + timeout) == .success
    }
}
