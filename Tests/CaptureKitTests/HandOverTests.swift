import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import SystemCalls
import Testing

@Suite struct HandOverTests {
    func frame(_ n: Int) -> Frame { Frame(width: 2, height: 2, sequence: n, luma: [0, 0, 0, UInt8(n)]) }

    @Test func latestWinsDropsOlderFrames() {
        let channel = FrameChannel.Frames(mode: .latestWins)
        for n in 0..<5 { #expect(channel.publish(frame(n))) }
        guard case .value(let got) = channel.poll() else {
            Issue.record("no frame")
            return
        }
        #expect(got.sequence == 4)
        #expect(channel.dropped == 4)
        #expect(channel.poll() == nil)
    }

    @Test func losslessDeliversEveryFrameInOrder() async {
        let channel = FrameChannel.Frames(mode: .lossless)
        let producer = Thread {
            for n in 0..<50 { channel.publish(Frame(width: 1, height: 1, sequence: n, luma: [0])) }
            channel.finish(nil)
        }
        producer.start()
        var sequences = [Int]()
        let deadline = MonotonicClock.now() + 10
        loop: while let item = channel.take(until: deadline) {
            switch item {
            case .value(let f): sequences.append(f.sequence)
            case .ended: break loop
            case .failed, .notice:
                Issue.record("unexpected \(item)")
                break loop
            }
        }
        #expect(sequences == Array(0..<50))
        #expect(channel.dropped == 0)
    }

    @Test func failureArrivesAfterPendingFrame() {
        let channel = FrameChannel.Frames(mode: .lossless)
        channel.publish(frame(1))
        channel.finish(.malformed(path: "p", detail: "bad"))
        guard case .value = channel.poll() else {
            Issue.record("frame first")
            return
        }
        guard case .failed(let error) = channel.poll() else {
            Issue.record("then the failure")
            return
        }
        #expect(error == .malformed(path: "p", detail: "bad"))
    }

    /// Polls `condition` until it holds or 10 s pass.
    func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = MonotonicClock.now() + 10
        while !condition() {
            if MonotonicClock.now() > deadline { return false }
            usleep(1000)
        }
        return true
    }

    @Test func closingReleasesABlockedProducer() {
        let channel = FrameChannel.Frames(mode: .lossless)
        let done = Mutexed<Bool?>(nil)
        channel.publish(frame(0))
        let producer = Thread {
            let accepted = channel.publish(Frame(width: 1, height: 1, luma: [0]))
            done.set(accepted)
        }
        producer.start()
        // The producer is really waiting for the first frame to be taken...
        #expect(eventually { channel.waiters.producers == 1 })
        #expect(done.get() == nil)
        // ...and closing releases it, its frame refused.
        channel.close()
        #expect(eventually { done.get() != nil })
        #expect(done.get() == false)
        #expect(channel.waiters.producers == 0)
    }

    /// A lossless hand-over made to keep three keeps three before its producer waits, and gives
    /// them in order, the end after them.
    @Test func aLosslessHandOverKeepsAsManyAsItWasMadeFor() {
        let channel = FrameChannel.Frames(mode: .lossless, capacity: 3)
        for n in 0..<3 { #expect(channel.publish(frame(n))) }
        let done = Mutexed<Bool?>(nil)
        let producer = Thread {
            done.set(channel.publish(self.frame(3)))
            channel.finish(nil)
        }
        producer.start()
        #expect(eventually { channel.waiters.producers == 1 })
        #expect(done.get() == nil)
        var taken = [Int]()
        while taken.count < 4, case .value(let got)? = channel.take(until: MonotonicClock.now() + 10) {
            taken.append(got.sequence)
        }
        #expect(taken == [0, 1, 2, 3])
        #expect(channel.take(until: MonotonicClock.now() + 10) == .ended)
        #expect(done.get() == true && channel.dropped == 0)
    }

    @Test func closingWakesAWaitingConsumer() {
        // ReadingThread.stop() closes its jobs: an idle reader blocked in take must end.
        let channel = HandOver<Int, Never, Never>(mode: .latestWins)
        let taken = Mutexed<String?>(nil)
        let consumer = Thread { taken.set(channel.take().map { "\($0)" } ?? "nil") }
        consumer.start()
        #expect(eventually { channel.waiters.consumers == 1 })
        #expect(taken.get() == nil)
        channel.close()
        #expect(eventually { taken.get() != nil })
        #expect(taken.get() == "nil")
    }

    @Test func noticesComeFirstAndCorruptCountsMerge() {
        let channel = FrameChannel.Frames(mode: .latestWins)
        channel.publish(frame(1))
        channel.notify(.corruptFrames(total: 1), supersedes: CaptureNotice.supersedes)
        channel.notify(.corruptFrames(total: 2), supersedes: CaptureNotice.supersedes)
        channel.notify(.reconnected, supersedes: CaptureNotice.supersedes)
        #expect(channel.poll() == .notice(.corruptFrames(total: 2)))
        #expect(channel.poll() == .notice(.reconnected))
        #expect(channel.poll() == .value(frame(1)))
    }

    /// The end is taken once; a value published after it still comes (a screen's still read
    /// again after its source ended).
    @Test func theOutcomeIsTakenOnce() {
        let channel = FrameChannel.Frames(mode: .latestWins)
        channel.finish(nil)
        #expect(channel.poll() == .ended)
        #expect(channel.poll() == nil)
        channel.publish(frame(7))
        #expect(channel.poll() == .value(frame(7)))
    }

    @Test func takeHonoursItsDeadline() {
        let channel = FrameChannel.Frames(mode: .latestWins)
        let deadline = MonotonicClock.now() + 0.05
        #expect(channel.take(until: deadline) == nil)
        #expect(MonotonicClock.now() >= deadline)  // it waited, it did not give up early
    }

    @Test func takeWaitsForAValueFromAnotherThread() {
        let channel = FrameChannel.Frames(mode: .latestWins)
        let producer = Thread {
            guard eventually({ channel.waiters.consumers == 1 }) else { return }
            channel.publish(frame(3))
        }
        producer.start()
        #expect(channel.take(until: MonotonicClock.now() + 10) == .value(frame(3)))
    }

    @Test func captureThreadRunsASourceToItsEnd() throws {
        let directory = TemporaryDirectory()
        let frames = (0..<4).map { Frame(width: 4, height: 4, luma: [UInt8](repeating: UInt8($0), count: 16)) }
        let path = directory.write("v.y4m", Y4MEncoder.encode(frames))
        let channel = FrameChannel(mode: .lossless)
        _ = CaptureThread(into: channel) { () throws(CaptureError) in try InputOpener.open(path: path) }
        var seen = 0
        let deadline = MonotonicClock.now() + 10
        loop: while let item = channel.frames.take(until: deadline) {
            switch item {
            case .value: seen += 1
            case .ended: break loop
            case .failed, .notice:
                Issue.record("unexpected \(item)")
                break loop
            }
        }
        #expect(seen == 4)
    }

    @Test func openingErrorsArriveThroughTheChannel() {
        let channel = FrameChannel(mode: .lossless)
        _ = CaptureThread(into: channel) { () throws(CaptureError) in try InputOpener.open(path: "/no/file") }
        #expect(
            channel.frames.take(until: MonotonicClock.now() + 10)
                == .failed(.system(operation: "open", path: "/no/file", errno: .noSuchFile)))
    }
}

/// A tiny lock-protected value for test threads.
final class Mutexed<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}

extension FrameChannel.Frames.Item: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.ended, .ended): true
        case (.failed(let a), .failed(let b)): a == b
        case (.value(let a), .value(let b)): a.sequence == b.sequence && a.luma == b.luma
        case (.notice(let a), .notice(let b)): a == b
        default: false
        }
    }
}
