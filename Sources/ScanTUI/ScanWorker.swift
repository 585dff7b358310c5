import Foundation
import CaptureKit

/// What the scan thread is asked to do: one frame, one scan area.
struct ScanJob: Sendable {
    let frame: Frame
    let area: PixelRect
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

    init(symbologies: Set<Symbology>?) {
        let jobs = self.jobs, results = self.results
        let thread = Thread {
            let scanner = CodeScanner(symbologies: symbologies)
            var plan = LiveScanPlan()
            while case .value(let job)? = jobs.take() {
                scanner.density = plan.density(for: job.area)
                let codes = scanner.scan(job.frame, in: job.area)
                plan.record(found: !codes.isEmpty, density: scanner.density)
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
