import CaptureKit

/// `--no-preview`: frames in, new codes out on stdout, until the input ends, the first code
/// (`--once`) or the timeout. Files and pipes are read as fast as the scanner takes them.
struct HeadlessRunner {
    let options: Options
    let printer: CodePrinter

    func run(_ choice: SourceFactory.Choice) -> ExitStatus {
        let capture = CaptureThread(mode: choice.handOver) { () throws(CaptureError) in
            try SourceFactory.open(choice)
        }
        defer { capture.stop() }
        var scanner: CodeScanner?
        var tracker = CodeTracker()
        let deadline = options.timeout.map { MonotonicClock.now() + $0 }
        var read = 0
        while true {
            switch capture.channel.take(until: deadline) {
            case .value(let frame):
                // Live pictures are scanned within a frame budget, files at full density.
                let active = scanner ?? CodeScanner(
                    symbologies: options.symbologies,
                    density: choice.handOver == .latestWins ? ScanDensity.live(for: frame.bounds) : 1)
                scanner = active
                for code in tracker.update(with: active.scan(frame), at: frame.timestamp) {
                    Console.output(printer.line(for: code, frame: frame.sequence))
                    read += 1
                    if options.once { return .read }
                }
            case .ended:
                if read == 0 { Console.message("no code found in \(choice.displayName)") }
                return read > 0 ? .read : .nothingRead
            case .failed(let error):
                Console.message(error.description)
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
