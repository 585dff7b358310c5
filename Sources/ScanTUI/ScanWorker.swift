import Foundation
import CaptureKit

/// What the scan thread is asked to do: one frame, one scan area.
struct ScanJob: Sendable {
    let frame: Frame
    let area: PixelRect
    /// A still picture is scanned once per scan area: thoroughly.
    let still: Bool
}

struct ScanResult: Sendable {
    let codes: [DetectedCode]
    let frameSequence: Int
    let area: PixelRect
}

/// The scanner's own thread (zbar is not thread-safe: one scanner, one thread). It always
/// takes the newest job, so a slow scan never makes the picture lag.
final class ScanWorker: Sendable {
    let jobs = HandOver<ScanJob>(mode: .latestWins)
    let results = HandOver<ScanResult>(mode: .latestWins)

    /// `effort` nil: thorough for still pictures, normal for moving ones.
    init(symbologies: Set<Symbology>?, effort: ScanEffort?) {
        let jobs = self.jobs, results = self.results
        let thread = Thread {
            let reader = CodeReader(symbologies: symbologies, budget: nil)
            while case .value(let job)? = jobs.take() {
                reader.strategy.budget = (effort ?? (job.still ? .thorough : .normal)).budget
                let codes = reader.read(job.frame, in: job.area).codes
                guard results.publish(ScanResult(codes: codes, frameSequence: job.frame.sequence, area: job.area)) else { return }
            }
        }
        thread.name = "qrtui scan"
        thread.start()
    }

    func submit(_ job: ScanJob) { jobs.publish(job) }

    func stop() {
        jobs.close()
        results.close()
    }
}
