import CaptureKit
import SystemCalls

/// Effects that take a while (nmcli joining a network) run on a thread of their own, so the
/// screen never waits for them; what each reports comes back to the loop as an event.
final class BackgroundActions: Sendable {
    let reports = HandOver<String, Never, Never>(mode: .lossless)

    /// Runs `work` on its own thread; its report is queued for the loop.
    func run(_ name: String, _ work: @escaping @Sendable () -> String) {
        let reports = self.reports
        do throws(Errno) {
            try SystemThread.start("qrtui \(name)") { _ = reports.publish(work()) }
        } catch {
            _ = reports.publish(work())  // no thread to spare: the screen waits for it instead
        }
    }
}
