import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import SystemCalls

/// `--big-still`: a 4000x3000 photo without a code (JPEG), read by the real `qrtui
/// --no-preview` and by zbarimg (when installed), wall time from start to exit, median of
/// `runs`. The target: qrtui within 1.5 times zbarimg's time on the same file.
struct BigStillBenchmark {
    let runs: Int
    /// A file to time instead of the made-up photo.
    let file: String?
    let directory = TemporaryDirectory("big-still-bench")

    func run() -> String {
        let path = file ?? directory.write("photo.jpg", JPEGCodec.encode(CodeFixtures.busyPhoto(), quality: 92))
        let qrtui = time(CaptureBenchmark.productsDirectory + "/qrtui", ["--no-preview", "-q", path])
        var rows = [["reader", "median s", "min s", "max s", "status"], row("qrtui", qrtui)]
        if let zbarimg = ProgramPath.find("zbarimg") {
            let zbar = time(zbarimg, ["-q", path])
            rows.append(row("zbarimg", zbar))
            rows.append(["qrtui / zbarimg", format(median(qrtui.seconds) / median(zbar.seconds), 2), "", "", ""])
        } else {
            rows.append(["zbarimg", "not installed (zbar-tools)", "", "", ""])
        }
        return "File: \(file ?? "a made-up 4000x3000 photo without a code, JPEG quality 92")\n\n" + table(rows)
    }

    private func row(_ name: String, _ result: (seconds: [Double], statuses: Set<Int32>)) -> [String] {
        [
            name, format(median(result.seconds), 2), format(result.seconds.min() ?? 0, 2),
            format(result.seconds.max() ?? 0, 2),
            result.statuses.sorted().map(String.init).joined(separator: ","),
        ]
    }

    private func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Wall seconds of each run (its output thrown away) and the statuses seen.
    private func time(_ program: String, _ arguments: [String]) -> (seconds: [Double], statuses: Set<Int32>) {
        var seconds = [Double]()
        var statuses = Set<Int32>()
        for _ in 0..<runs {
            let start = MonotonicClock.now()
            guard let pid = try? ChildProcess.spawn(program, arguments) else { break }
            statuses.insert(ChildProcess.wait(pid, until: start + 600).shellStatus)
            seconds.append(MonotonicClock.now() - start)
        }
        return (seconds.isEmpty ? [0] : seconds, statuses)
    }
}
