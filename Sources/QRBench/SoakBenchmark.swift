import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import Glibc
import PictureOps
import SystemCalls

/// `--soak MINUTES`: the live path on the fake camera for a long while, on a 160x48 screen
/// in tmux and headless side by side, the camera unplugged and replugged about 100 times.
/// Reports each process's resident memory, descriptors and mappings after the first minute
/// and at the end, each while its camera streams, and the RSS range in between: a leak shows as a rise.
struct SoakBenchmark {
    let minutes: Double
    static let cycles = 105.0
    static let replugSeconds = 0.5
    let directory = TemporaryDirectory("soak-bench")

    /// What /proc says of a process at one moment.
    struct Sample {
        var rssKB = 0, descriptors = 0, mappings = 0
        var row: [String] { [String(rssKB), String(descriptors), String(mappings)] }
    }

    func run(progress: (String) -> Void) -> String {
        let clip = directory.write("soak.y4m", Y4MSource.encode(Self.followedCode()))
        // Each cycle also spends about 1.5 s noticing the loss and reopening the camera.
        let period = minutes * 60 / Self.cycles
        let unplugAfter = max(30, Int((period - Self.replugSeconds - 1.5) * 30))
        let environment = ["QRTUI_FAKE_DEVICES": "/dev/video0:grey", "QRTUI_FAKE_NOISE": "6", "QRTUI_FAKE_FPS": "30",
                           "QRTUI_FAKE_CLIP": clip, "QRTUI_FAKE_UNPLUG": String(unplugAfter),
                           "QRTUI_FAKE_REPLUG": String(Self.replugSeconds)]
        let screenLog = directory.path + "/screen.log", headlessLog = directory.path + "/headless.log"
        let socket = "qrtui-soak-\(getpid())"
        let screen = LiveProcess.onScreen(socket: socket, environment: environment.merging(["QRTUI_FAKE_LOG": screenLog]) { $1 })
        let headless = LiveProcess.headless(environment: environment.merging(["QRTUI_FAKE_LOG": headlessLog]) { $1 })
        defer {
            _ = try? ChildProcess.wait(ChildProcess.spawn("/usr/bin/tmux", ["-L", socket, "kill-server"]))
            if headless > 0 { kill(headless, SIGTERM); _ = ChildProcess.wait(headless, until: MonotonicClock.now() + 5) }
        }
        guard screen > 0, headless > 0 else { return "could not start qrtui" }
        let start = MonotonicClock.now()
        var firstMinute: (Sample, Sample)?
        var peak = (Sample(), Sample())
        // RSS while streaming after the first minute, lowest and highest: flat is a leak's absence.
        var range = (low: (Int.max, Int.max), high: (0, 0))
        var lastStreams = (Self.stream(screenLog), Self.stream(headlessLog))
        while MonotonicClock.now() - start < minutes * 60 {
            MonotonicClock.sleep(until: min(start + minutes * 60, MonotonicClock.now() + 10))
            let now = (Self.sample(screen), Self.sample(headless))
            // Streaming since the last sample: the same stream then and now.
            let streams = (Self.stream(screenLog), Self.stream(headlessLog))
            let streaming = (streams.0.running && streams.0 == lastStreams.0, streams.1.running && streams.1 == lastStreams.1)
            lastStreams = streams
            peak.0.rssKB = max(peak.0.rssKB, now.0.rssKB)
            peak.1.rssKB = max(peak.1.rssKB, now.1.rssKB)
            if firstMinute == nil, MonotonicClock.now() - start >= 60 {
                firstMinute = (Self.streamingSample(screen, log: screenLog), Self.streamingSample(headless, log: headlessLog))
            }
            if firstMinute != nil {
                if streaming.0 { range.low.0 = min(range.low.0, now.0.rssKB); range.high.0 = max(range.high.0, now.0.rssKB) }
                if streaming.1 { range.low.1 = min(range.low.1, now.1.rssKB); range.high.1 = max(range.high.1, now.1.rssKB) }
            }
            progress(String(format: "%5.1f min: screen %@, headless %@, unplugged %d/%d times", (MonotonicClock.now() - start) / 60,
                            now.0.row.joined(separator: "/"), now.1.row.joined(separator: "/"),
                            Self.unplugs(screenLog), Self.unplugs(headlessLog)))
        }
        let end = (Self.streamingSample(screen, log: screenLog), Self.streamingSample(headless, log: headlessLog))
        let first = firstMinute ?? end
        var rows = [["process", "when", "RSS kB", "descriptors", "mappings", "unplugged"]]
        rows.append(["screen 160x48", "after 1 min"] + first.0.row + [""])
        rows.append(["screen 160x48", "at the end"] + end.0.row + [String(Self.unplugs(screenLog))])
        rows.append(["headless", "after 1 min"] + first.1.row + [""])
        rows.append(["headless", "at the end"] + end.1.row + [String(Self.unplugs(headlessLog))])
        func span(_ low: Int, _ high: Int) -> String { low <= high ? "\(low)-\(high)" : "none" }
        return table(rows) + "\n(each row sampled while its camera streams)"
            + "\nRSS kB while streaming after the first minute: screen \(span(range.low.0, range.high.0)), "
            + "headless \(span(range.low.1, range.high.1))"
            + "\npeak RSS kB: screen \(peak.0.rssKB), headless \(peak.1.rssKB); unplugged after \(unplugAfter) frames, "
            + "back \(Self.replugSeconds) s later"
    }

    /// A code drifting to and fro over a plasma backdrop: read, followed, lost, read again.
    static func followedCode() -> [Frame] {
        let backdrop = Frame.plasma(width: 1280, height: 720, seed: 9)
        let matrix = QRMatrix(text: "https://example.org/soak")!
        return (0..<90).map { n in
            backdrop.drawingModules(matrix.grid, at: ModulePlacement(
                centreX: 640 + 200 * sin(Double(n) / 90 * 2 * .pi), centreY: 360, moduleSize: 4))
        }
    }

    static func sample(_ pid: pid_t) -> Sample {
        var sample = Sample()
        if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) {
            sample.rssKB = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        sample.descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
        sample.mappings = ((try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? "").split(separator: "\n").count
        return sample
    }

    static func unplugs(_ log: String) -> Int {
        logLines(log).filter { $0.hasPrefix("unplug ") }.count
    }

    static func logLines(_ log: String) -> [Substring] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
    }

    /// The stream the camera is in: how many streams were started, and whether the last one
    /// still runs (the fake camera's last word was a stream started, not an unplug). The same
    /// stream seen twice a while apart has run all that while.
    static func stream(_ log: String) -> (started: Int, running: Bool) {
        let events = logLines(log).filter { $0.hasPrefix("unplug ") || $0.hasPrefix("streamon ") }
        return (events.filter { $0.hasPrefix("streamon ") }.count, events.last?.hasPrefix("streamon ") ?? false)
    }

    /// A sample taken while the camera has streamed for a second at least (one unplugged, or
    /// just reopened, holds fewer descriptors and buffers): 20 s of waiting at most.
    static func streamingSample(_ pid: pid_t, log: String) -> Sample {
        let deadline = MonotonicClock.now() + 20
        while MonotonicClock.now() < deadline {
            let before = stream(log)
            MonotonicClock.sleep(until: MonotonicClock.now() + (before.running ? 1 : 0.05))
            if before.running && stream(log) == before { break }
        }
        return sample(pid)
    }
}

/// Starting the real qrtui on the fake camera, on a tmux screen or headless.
enum LiveProcess {
    static var qrtui: [String] {
        [CaptureBenchmark.productsDirectory + "/qrtui", "-d", "/dev/video0", "--size", "1280x720", "--no-beep"]
    }

    static func fullEnvironment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessEnvironment.all.merging(extra) { $1 }
        environment["LD_PRELOAD"] = CaptureBenchmark.productsDirectory + "/libFakeV4L2.so"
        environment["LANG"] = "C.UTF-8"
        environment["NO_COLOR"] = nil
        return environment
    }

    /// qrtui's pid in a detached 160x48 tmux session on `socket`.
    static func onScreen(socket: String, environment extra: [String: String]) -> pid_t {
        let environment = fullEnvironment(extra)
        let command = environment.filter { $0.key.hasPrefix("QRTUI_") || $0.key == "LD_PRELOAD" || $0.key == "LANG" }
            .map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        _ = try? ChildProcess.wait(ChildProcess.spawn("/usr/bin/tmux", [
            "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "160", "-y", "48",
            "exec env \(command) \(qrtui.joined(separator: " "))",
        ]))
        return pid_t(CostBenchmark.tmuxOutput(socket, ["display-message", "-p", "#{pane_pid}"])) ?? -1
    }

    static func headless(environment extra: [String: String]) -> pid_t {
        let command = qrtui
        return (try? ChildProcess.spawn(command[0], Array(command.dropFirst()) + ["--no-preview"],
                                        environment: fullEnvironment(extra), stdout: .null, stderr: .null)) ?? -1
    }
}
