import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import Glibc
import PictureOps
import SystemCalls

/// `--deadlines`: how long after its `--timeout` the real `qrtui --no-preview` ends, on
/// inputs that would hold it longer: a huge still, a FIFO nobody opens, a stream stalled
/// inside a frame, an endless stream. The target is 0.2 s at most.
struct DeadlineBenchmark {
    let runs: Int
    let directory = TemporaryDirectory("deadline-bench")

    struct Scenario {
        let name: String
        let arguments: [String]
        let timeout: Double
    }

    func run() -> String {
        var rows = [["input", "timeout s", "status", "overshoot median ms", "max ms"]]
        let holder = stalledStream()
        defer { close(holder.descriptor) }
        for scenario in scenarios(stalled: holder.path) {
            var overshoot = [Double]()
            var statuses = Set<Int32>()
            for _ in 0..<runs {
                let (elapsed, status) = measure(scenario)
                overshoot.append((elapsed - scenario.timeout) * 1000)
                statuses.insert(status)
            }
            overshoot.sort()
            rows.append([
                scenario.name, format(scenario.timeout, 1), statuses.sorted().map(String.init).joined(separator: ","),
                format(overshoot[overshoot.count / 2], 0), format(overshoot.last ?? 0, 0),
            ])
        }
        return table(rows)
    }

    private func scenarios(stalled: String) -> [Scenario] {
        let noise = directory.path + "/noise-8192.pgm"
        writeNoise(to: noise, side: 8192)
        let nobody = directory.path + "/nobody.fifo"
        mkfifo(nobody, 0o600)
        let backdrop = Frame.plasma(width: 1920, height: 1080, seed: 3)
        let endless = directory.write("endless.y4m", Y4MEncoder.encode([backdrop, backdrop.inverted()]))
        return [
            Scenario(name: "still 8192x8192 of noise", arguments: ["-i", noise], timeout: 2),
            Scenario(name: "FIFO nobody opens", arguments: ["-i", nobody], timeout: 1),
            Scenario(name: "stream stalled inside a frame", arguments: ["-i", stalled], timeout: 1),
            Scenario(name: "endless 1080p stream (--loop)", arguments: ["-i", endless, "--loop"], timeout: 1),
            Scenario(
                name: "8192 still, thorough effort", arguments: ["-i", noise, "--effort", "thorough"], timeout: 1),
        ]
    }

    /// Elapsed seconds from spawn to exit, and the exit status.
    private func measure(_ scenario: Scenario) -> (Double, Int32) {
        let qrtui = CaptureBenchmark.productsDirectory + "/qrtui"
        let start = MonotonicClock.now()
        guard
            let pid = try? ChildProcess.spawn(
                qrtui, scenario.arguments + ["--no-preview", "--timeout", format(scenario.timeout, 1)],
                stdout: .null, stderr: .null)
        else { fail("cannot start \(qrtui)") }
        let ending = ChildProcess.wait(pid, until: start + scenario.timeout + 30)
        return (MonotonicClock.now() - start, ending.shellStatus)
    }

    /// A FIFO held open for reading and writing here, holding a Y4M header and part of a
    /// frame: qrtui's read of the rest blocks.
    private func stalledStream() -> (path: String, descriptor: Int32) {
        let path = directory.path + "/stalled.fifo"
        mkfifo(path, 0o600)
        let descriptor = open(path, O_RDWR)
        let start = Array("YUV4MPEG2 W640 H480 F30:1 C420jpeg\nFRAME\n".utf8) + [UInt8](repeating: 128, count: 1000)
        _ = write(descriptor, start, start.count)
        return (path, descriptor)
    }

    private func writeNoise(to path: String, side: Int) {
        var random = SplitMix(seed: 11)
        var bytes = Array("P5\n\(side) \(side)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + side * side)
        for _ in 0..<(side * side / 8) {
            withUnsafeBytes(of: random.next()) { bytes += $0 }
        }
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }
}
