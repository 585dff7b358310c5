import CaptureKit
import CodeReading
import Dispatch
import FrameCore
import SystemCalls

/// The reading thread: jobs in, readings out (an engine is not thread-safe: one reader, one
/// thread), each with the codes it announces (`Announcer`). The screen hands it jobs and it
/// takes the newest, so a slow reading never makes the picture lag; headless, it reads every
/// frame the capture delivers, in order, and passes on the capture's news and its end.
package final class ReadingThread: Sendable {
    package let output: PipelineOutput
    /// The screen's jobs (headless takes the capture's frames instead).
    private let jobs = HandOver<ScanJob>(mode: .latestWins)
    private let finished = DispatchSemaphore(value: 0)
    /// Ends a long thorough reading (a huge still) at a deadline or when the screen closes.
    private let limit: ReadingLimit

    /// Told after each frame whether its scene was still (a camera decodes less then).
    private let link: CameraLink?
    private let messages: MessageParts

    /// The screen's: `submit` hands it jobs. Every reading reaches the screen (none is replaced
    /// by a newer one): what a reading announced is announced nowhere else.
    package init(policy: ReadingPolicy, limit: ReadingLimit = ReadingLimit(), link: CameraLink? = nil) {
        messages = MessageParts()
        self.limit = limit
        self.link = link
        output = PipelineOutput(mode: .lossless)
        let jobs = self.jobs
        start(policy: policy) { jobs.take() }
    }

    /// Headless: every frame `capture` delivers, read whole; `messages`: the structured-append
    /// parts of the run's sources so far.
    package init(
        capture: CaptureThread, policy: ReadingPolicy, limit: ReadingLimit, link: CameraLink? = nil,
        messages: MessageParts = MessageParts()
    ) {
        self.messages = messages
        self.link = link
        self.limit = limit
        output = PipelineOutput(mode: .lossless)
        let input = capture.channel
        start(policy: policy) {
            switch input.take() {
            case .value(let frame)?:
                // Cameras come in real time, and pipes fed at their pace; files and faster pipes
                // as fast as they are read.
                let kind = input.sourceKind ?? .recorded
                return .value(ScanJob(frame: frame, kind: kind, realTime: kind == .live || input.sourcePaced))
            case .notice(let notice)?: return .notice(notice)
            case .ended?: return .ended
            case .failed(let error)?: return .failed(error)
            case nil: return nil
            }
        }
    }

    private func start(policy: ReadingPolicy, take: @escaping @Sendable () -> HandOver<ScanJob>.Item?) {
        let output = self.output
        let finished = self.finished
        let limit = self.limit
        let link = self.link
        let messages = self.messages
        do throws(Errno) {
            try SystemThread.start("qrtui read") {
                defer { finished.signal() }
                Self.read(take, into: output, policy: policy, limit: limit, link: link, messages: messages)
            }
        } catch {
            output.finish(.outOfMemory(need: "a thread", errno: error))  // the caller tells it as a failure
            finished.signal()
        }
    }

    private static func read(
        _ take: () -> HandOver<ScanJob>.Item?, into output: PipelineOutput, policy: ReadingPolicy,
        limit: ReadingLimit, link: CameraLink?, messages: MessageParts
    ) {
        let reader = CodeReader(policy: policy, messages: messages)
        var announcer = Announcer(policy: policy)
        var freed = FreedMemory()
        // `take` returns nil once `stop` closed what it takes from, waking an idle thread.
        while let item = take() {
            switch item {
            case .value(let job):
                freed.giveBackIfDue(now: MonotonicClock.now())
                let started = MonotonicClock.now()
                let reading = reader.read(job.frame, in: job.area, kind: job.kind, realTime: job.realTime, limit: limit)
                link?.sceneWasStill(reading.sceneStill)
                let done = PipelineReading(
                    job: job, reading: reading, announced: announcer.news(in: reading, of: job),
                    milliseconds: (MonotonicClock.now() - started) * 1000)
                guard output.publish(done) else { return }
            case .notice(let notice): output.notify(notice)
            case .ended:
                output.finish(nil)
                return
            case .failed(let error):
                output.finish(error)
                return
            }
        }
    }

    package func submit(_ job: ScanJob) { jobs.publish(job) }

    /// Ends the reading (a thorough one stops at its next look); true when the thread ended
    /// within `timeout` seconds (a headless one blocked in its capture's read is left to the exit).
    @discardableResult
    package func stop(timeout: Double = 0) -> Bool {
        limit.stop()
        jobs.close()
        output.close()
        return finished.wait(timeout: .now() + timeout) == .success
    }
}

/// Which reads are news: a code is announced once, by one rule for the screen and headless
/// (`CodeTracker`, confirmations as the policy asks for the kind of source, time as the frames
/// were taken).
struct Announcer {
    private var tracker: CodeTracker
    private let policy: ReadingPolicy

    init(policy: ReadingPolicy) {
        self.policy = policy
        tracker = CodeTracker(confirmations: policy.confirmations)
    }

    /// The codes `reading` of `job` announces, in the order found.
    mutating func news(in reading: FrameReading, of job: ScanJob) -> [DetectedCode] {
        tracker.confirmations = policy.confirmations(for: job.kind)
        tracker.stream = job.kind != .still
        return tracker.update(with: reading.codes, held: reading.held, at: job.frame.timestamp)
    }
}
