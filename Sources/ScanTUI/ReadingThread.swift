import CaptureKit
import CodeReading
import Dispatch
import FrameCore
import SystemCalls

/// What the reading thread is asked to read: one frame, in its scan area (nil: all of it).
struct ScanJob: Sendable, Equatable {
    let frame: Frame
    var area: PixelRect? = nil
    /// Stills are read thoroughly, moving pictures within the policy's budget.
    let kind: SourceKind
    /// The frame came at the pace of the world (a camera, anything on the screen), not as fast
    /// as it is read (a file headless, whose reading's work is counted so every run reads alike).
    var realTime = true

    /// A frame is known by its place in its source (comparing planes would cost a frame's bytes).
    static func == (a: ScanJob, b: ScanJob) -> Bool {
        a.frame.sequence == b.frame.sequence && a.frame.timestamp == b.frame.timestamp
            && a.frame.width == b.frame.width && a.frame.height == b.frame.height
            && a.area == b.area && a.kind == b.kind && a.realTime == b.realTime
    }
}

/// One job's reading, and the wall time it took.
struct JobReading: Sendable {
    let job: ScanJob
    let reading: FrameReading
    var milliseconds = 0.0
}

/// The reading thread: jobs in, readings out (an engine is not thread-safe: one reader, one
/// thread). The screen hands it jobs and it takes the newest, so a slow reading never makes
/// the picture lag; headless, it reads every frame the capture delivers, in order, and
/// passes on the capture's news and its end.
final class ReadingThread: Sendable {
    let output: HandOver<JobReading>
    /// The screen's jobs (headless takes the capture's frames instead).
    private let jobs = HandOver<ScanJob>(mode: .latestWins)
    private let finished = DispatchSemaphore(value: 0)
    /// Ends a long thorough reading (a huge still) at a deadline or when the screen closes.
    private let limit: ReadingLimit

    /// Told after each frame whether its scene was still (a camera decodes less then).
    private let link: CameraLink?
    private let messages: MessageParts

    /// The screen's: `submit` hands it jobs.
    init(policy: ReadingPolicy, limit: ReadingLimit = ReadingLimit(), link: CameraLink? = nil) {
        messages = MessageParts()
        self.limit = limit
        self.link = link
        output = HandOver(mode: .latestWins)
        let jobs = self.jobs
        start(policy: policy) { jobs.take() }
    }

    /// Headless: every frame `capture` delivers, read whole; `messages`: the structured-append
    /// parts of the run's sources so far.
    init(
        capture: CaptureThread, policy: ReadingPolicy, limit: ReadingLimit, link: CameraLink? = nil,
        messages: MessageParts = MessageParts()
    ) {
        self.messages = messages
        self.link = link
        self.limit = limit
        output = HandOver(mode: .lossless)
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
        _ take: () -> HandOver<ScanJob>.Item?, into output: HandOver<JobReading>, policy: ReadingPolicy,
        limit: ReadingLimit, link: CameraLink?, messages: MessageParts
    ) {
        let reader = CodeReader(policy: policy, messages: messages)
        var freed = FreedMemory()
        // `take` returns nil once `stop` closed what it takes from, waking an idle thread.
        while let item = take() {
            switch item {
            case .value(let job):
                freed.giveBackIfDue(now: MonotonicClock.now())
                let started = MonotonicClock.now()
                let reading = reader.read(job.frame, in: job.area, kind: job.kind, realTime: job.realTime, limit: limit)
                link?.sceneWasStill(reading.sceneStill)
                let done = JobReading(job: job, reading: reading, milliseconds: (MonotonicClock.now() - started) * 1000)
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

    func submit(_ job: ScanJob) { jobs.publish(job) }

    /// Ends the reading (a thorough one stops at its next look); true when the thread ended
    /// within `timeout` seconds (a headless one blocked in its capture's read is left to the exit).
    @discardableResult
    func stop(timeout: Double = 0) -> Bool {
        limit.stop()
        jobs.close()
        output.close()
        return finished.wait(timeout: .now() + timeout) == .success
    }
}
