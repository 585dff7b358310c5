import CaptureKit
import CodeReading
import Foundation
import FrameCore
import SystemCalls

/// What the scan thread is asked to do: one frame, one scan area.
struct ScanJob: Sendable {
    let frame: Frame
    let area: PixelRect
    /// Stills are read thoroughly, moving pictures within the policy's budget.
    let kind: SourceKind
}

/// The scanner's own thread (zbar is not thread-safe: one scanner, one thread). It always
/// takes the newest job, so a slow scan never makes the picture lag.
final class ScanWorker: Sendable {
    let jobs = HandOver<ScanJob>(mode: .latestWins)
    let results = HandOver<FrameReading>(mode: .latestWins)
    private let finished = DispatchSemaphore(value: 0)
    /// Ends a long thorough reading (a huge still) when the screen closes.
    private let limit = ReadingLimit()

    init(policy: ReadingPolicy) {
        let jobs = self.jobs, results = self.results, finished = self.finished, limit = self.limit
        do throws(Errno) {
            try SystemThread.start("qrtui scan") {
                defer { finished.signal() }
                let reader = CodeReader(policy: policy)
                var freed = FreedMemory()
                // `take` returns nil once `stop` closed the jobs, waking an idle worker.
                while case .value(let job)? = jobs.take() {
                    freed.giveBackIfDue(now: MonotonicClock.now())
                    guard results.publish(reader.read(job.frame, in: job.area, kind: job.kind, limit: limit)) else { return }
                }
            }
        } catch {
            // The screen shows it as a failure (`EventLoop`).
            results.finish(.outOfMemory(need: "a thread", errno: error))
            finished.signal()
        }
    }

    func submit(_ job: ScanJob) { jobs.publish(job) }

    /// Stops the thread, cutting its current scan short; true when it ended within `timeout`
    /// seconds.
    @discardableResult
    func stop(timeout: Double = 5) -> Bool {
        limit.stop()
        jobs.close()
        results.close()
        return finished.wait(timeout: .now() + timeout) == .success
    }
}
