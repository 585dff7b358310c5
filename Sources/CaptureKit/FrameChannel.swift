import Foundation

/// The hand-over of frames from a source's thread to their consumer.
/// `latestWins` (live sources): a new frame replaces one not yet taken, so the consumer is
/// never behind. `lossless` (files, pipes): the producer waits until the frame was taken.
public final class FrameChannel: @unchecked Sendable {  // all state guarded by `condition`
    public enum Mode: Sendable { case latestWins, lossless }
    public enum Item: Sendable {
        case frame(Frame)
        /// The input has ended (end of file, stream closed).
        case ended
        case failed(CaptureError)
    }

    public let mode: Mode
    private let condition = NSCondition()
    private var pending: Frame?
    private var outcome: Item?
    private var closed = false
    private var droppedCount = 0
    private var wake: (@Sendable () -> Void)?

    public init(mode: Mode) { self.mode = mode }

    /// Frames replaced before the consumer took them (latest-wins only).
    public var dropped: Int { condition.withLock { droppedCount } }

    /// Called (on the producer's thread) whenever an item becomes available, e.g. to wake
    /// an event loop that polls file descriptors.
    public func onAvailable(_ action: @escaping @Sendable () -> Void) {
        condition.withLock { wake = action }
    }

    /// Offers a frame; returns false once the consumer has closed the channel.
    @discardableResult
    public func publish(_ frame: Frame) -> Bool {
        condition.lock()
        if mode == .lossless {
            while pending != nil && !closed { condition.wait() }
        } else if pending != nil {
            droppedCount += 1
        }
        guard !closed else { condition.unlock(); return false }
        pending = frame
        let action = wake
        condition.broadcast()
        condition.unlock()
        action?()
        return true
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
    /// ever). Returns nil when the deadline passed. A pending frame comes before the outcome.
    public func take(until deadline: Double? = nil) -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while pending == nil && outcome == nil {
            guard let deadline else { condition.wait(); continue }
            let remaining = deadline - MonotonicClock.now()
            if remaining <= 0 { return nil }
            _ = condition.wait(until: Date(timeIntervalSinceNow: remaining))
        }
        if let frame = pending {
            pending = nil
            condition.broadcast()
            return .frame(frame)
        }
        return outcome
    }

    /// A frame if one is waiting, without blocking.
    public func poll() -> Item? { take(until: 0) }

    /// The consumer stops: the producer's next `publish` returns false.
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

    public init(mode: FrameChannel.Mode,
                open: @escaping @Sendable () throws(CaptureError) -> any FrameSource) {
        let channel = FrameChannel(mode: mode)
        self.channel = channel
        let thread = Thread {
            do throws(CaptureError) {
                let source = try open()
                while !channel.isClosed {
                    guard let frame = try source.nextFrame() else { break }
                    guard channel.publish(frame) else { return }
                }
                channel.finish(nil)
            } catch {
                channel.finish(error)
            }
        }
        thread.name = "qrtui capture"
        thread.start()
    }

    /// Asks the thread to stop; it ends after its current frame.
    public func stop() { channel.close() }
}
