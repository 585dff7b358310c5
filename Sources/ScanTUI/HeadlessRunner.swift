import CaptureKit
import CodeReading
import FrameCore

/// `--no-preview`: frames in, new codes out on stdout, until the input ends, the first code
/// (`--once`) or the timeout. Files and pipes are read as fast as the scanner takes them.
struct HeadlessRunner {
    let options: Options
    let printer: CodePrinter

    func run(_ choice: SourceFactory.Choice) -> ExitStatus {
        let request = options.cameraRequest
        let capture = CaptureThread(mode: choice.handOver) { () throws(CaptureError) in
            try SourceFactory.open(choice, camera: request)
        }
        var corrupt = 0
        defer {
            capture.stopAndWait()
            if corrupt > 0 { Console.message("\(choice.displayName): skipped \(corrupt) corrupt frame\(corrupt == 1 ? "" : "s")") }
        }
        let policy = options.readingPolicy
        let reader = CodeReader(policy: policy)
        var tracker = CodeTracker(confirmations: policy.confirmations)
        let deadline = options.timeout.map { MonotonicClock.now() + $0 }
        var read = 0
        while true {
            // Frames may keep coming faster than they are scanned: the deadline still holds.
            let expired = deadline.map { MonotonicClock.now() >= $0 } ?? false
            switch expired ? nil : capture.channel.take(until: deadline) {
            case .value(let frame):
                let kind = capture.channel.sourceKind ?? .recorded
                tracker.confirmations = policy.confirmations(for: kind)
                tracker.stream = kind != .still
                // Cameras come in real time; files and pipes as fast as they are read, their
                // reading's work counted so that every run reads them the same way.
                let codes = reader.read(frame, kind: kind, realTime: kind == .live).codes
                for code in tracker.update(with: codes, at: frame.timestamp) {
                    Console.output(printer.line(for: code, frame: frame.sequence))
                    read += 1
                    if options.once { return .read }
                }
            case .notice(.corruptFrames(let total)):
                corrupt = total
            case .notice(.disconnected(let error)):
                Console.message("\(error.description); waiting for it to come back")
            case .notice(.reconnected):
                Console.message("\(choice.displayName): the camera is back")
            case .ended:
                if read == 0 { Console.message("no code found in \(choice.displayName)") }
                return read > 0 ? .read : .nothingRead
            case .failed(let error):
                Console.message(FailureHint.message(error, device: choice.isDevice))
                return .failure
            case nil:
                if read == 0 { Console.message("no code found within \(formatSeconds(options.timeout ?? 0)) s") }
                return read > 0 ? .read : .nothingRead
            }
        }
    }

    private func formatSeconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
