import CaptureKit
import CodeReading
import Dispatch
import FrameCore
import Synchronization
import SystemCalls

/// The reading thread: jobs in (`ScanFeed`: the capture's frames, and frames the screen asks
/// to read again), readings out, each with the codes it announces (`Announcer`). An engine is
/// not thread-safe: one reader, one thread. The source's news and its end pass through in
/// order; the thread runs until `stop`, so a screen can still ask for a still to be read again.
final class ReadingThread: Sendable {
    let output: PipelineOutput
    private let finished = DispatchSemaphore(value: 0)
    /// Ends a long thorough reading (a huge still) at a deadline or when the screen closes.
    private let limit: ReadingLimit
    private let jobs: ScanFeed.Jobs

    /// `messages`: the structured-append parts of the run's sources so far; `stillness`: told
    /// after each frame whether its scene was still (a camera may decode less then); `showing`:
    /// what a screen spent on the frames, paid from reading's share; `keeps`: readings kept
    /// before the thread waits for them to be taken.
    init(
        jobs: ScanFeed.Jobs, policy: ReadingPolicy, limit: ReadingLimit, messages: MessageParts,
        stillness: SceneStillness?, showing: ShowingCost = ShowingCost(), keeps: Int = 1
    ) {
        output = PipelineOutput(mode: .lossless, capacity: keeps)
        self.jobs = jobs
        self.limit = limit
        let output = self.output
        let finished = self.finished
        do throws(Errno) {
            try SystemThread.start("qrtui read") {
                defer { finished.signal() }
                Self.read(
                    jobs, into: output, policy: policy, limit: limit, messages: messages, stillness: stillness,
                    showing: showing)
            }
        } catch {
            output.finish(.outOfMemory(need: "a thread", errno: error))  // the caller tells it as a failure
            finished.signal()
        }
    }

    private static func read(
        _ jobs: ScanFeed.Jobs, into output: PipelineOutput, policy: ReadingPolicy, limit: ReadingLimit,
        messages: MessageParts, stillness: SceneStillness?, showing: ShowingCost
    ) {
        let reader = CodeReader(policy: policy, messages: messages)
        var announcer = Announcer(policy: policy)
        var freed = FreedMemory()
        // `take` returns nil once `stop` closed the jobs, waking an idle thread.
        while let item = jobs.take() {
            switch item {
            case .value(let job):
                freed.giveBackIfDue(now: MonotonicClock.now())
                let started = MonotonicClock.now()
                // A still's codes are announced as each is final, not when its whole scan ends;
                // a camera frame's new 2D code before the frame's other looks (a file's frames
                // are read whole, each reading in its order).
                let early = job.kind == .recorded ? nil : EarlyCodes(job: job, announcer: announcer, output: output)
                if let early { limit.listen { @Sendable codes in early.hear(codes) } }
                let reading = reader.read(
                    job.frame, in: job.area, kind: job.kind, realTime: job.realTime, limit: limit,
                    showing: showing.take())
                limit.listen(nil)
                if let early { announcer = early.announcer }
                stillness?.sceneWas(still: reading.sceneStill, followed: reading.sceneFollowed)
                let news = announcer.news(in: reading, of: job)
                let done = PipelineReading(
                    job: job, reading: reading, announced: news.filter { $0.part == nil },
                    parts: news.filter { $0.part != nil }, milliseconds: (MonotonicClock.now() - started) * 1000)
                guard output.publish(done) else { return }
            case .notice(let notice): output.notify(notice)
            case .ended: output.finish(nil)
            case .failed(let error): output.finish(error)
            }
        }
    }

    /// Ends the reading (a thorough one stops at its next look); true when the thread ended
    /// within `timeout` seconds.
    @discardableResult
    func stop(timeout: Double = 0) -> Bool {
        limit.stop()
        jobs.close()
        output.close()
        return finished.wait(timeout: .now() + timeout) == .success
    }
}

/// The CPU a screen spent showing frames since reading last took it: reading pays it from its
/// share, so that a scene that keeps changing costs the effort, on a screen as headless.
final class ShowingCost: Sendable {
    private let microseconds = Atomic<Int>(0)

    func add(seconds: Double) { microseconds.add(Int(seconds * 1e6), ordering: .relaxed) }

    /// Milliseconds spent since the last call.
    func take() -> Double { Double(microseconds.exchange(0, ordering: .relaxed)) / 1000 }
}

/// A still's codes announced as its scan makes each final (`ReadingLimit.listen`), on the
/// reading thread, by the one announcer: the scan's end then announces only the rest.
final class EarlyCodes: @unchecked Sendable {  // heard on the reading thread alone, during one read
    private(set) var announcer: Announcer
    private let job: ScanJob
    private let output: PipelineOutput
    private var told: [DetectedCode] = []
    private let started = MonotonicClock.now()

    init(job: ScanJob, announcer: Announcer, output: PipelineOutput) {
        self.job = job
        self.announcer = announcer
        self.output = output
    }

    func hear(_ codes: [DetectedCode]) {
        let fresh = codes.filter { code in !told.contains { $0.isSameSighting(as: code) } }
        guard !fresh.isEmpty else { return }
        told += fresh
        var reading = FrameReading(frameSequence: job.frame.sequence, area: job.area)
        reading.codes = told
        let news = announcer.news(in: reading, of: job)
        guard !news.isEmpty else { return }
        reading.pass = news.first?.pass
        let milliseconds = (MonotonicClock.now() - started) * 1000
        var early = PipelineReading(job: job, reading: reading, announced: news, milliseconds: milliseconds)
        early.partial = true
        _ = output.publish(early)
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
        tracker.scanned = reading.wholeScan
        return tracker.update(with: reading.codes, held: reading.held, at: job.frame.timestamp)
    }
}
