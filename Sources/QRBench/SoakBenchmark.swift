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
        let clip = directory.write("soak.y4m", Y4MEncoder.encode(Self.followedCode()))
        // Each cycle also spends about 1.5 s noticing the loss and reopening the camera.
        let period = minutes * 60 / Self.cycles
        let unplugAfter = max(30, Int((period - Self.replugSeconds - 1.5) * 30))
        let environment = [
            "QRTUI_FAKE_DEVICES": "/dev/video0:grey", "QRTUI_FAKE_NOISE": "6", "QRTUI_FAKE_FPS": "30",
            "QRTUI_FAKE_CLIP": clip, "QRTUI_FAKE_UNPLUG": String(unplugAfter),
            "QRTUI_FAKE_REPLUG": String(Self.replugSeconds),
        ]
        let screenLog = directory.path + "/screen.log"
        let headlessLog = directory.path + "/headless.log"
        let socket = "qrtui-soak-\(getpid())"
        let screen = LiveProcess.onScreen(
            socket: socket, environment: environment.merging(["QRTUI_FAKE_LOG": screenLog]) { $1 })
        let headless = LiveProcess.headless(environment: environment.merging(["QRTUI_FAKE_LOG": headlessLog]) { $1 })
        defer {
            _ = try? ChildProcess.wait(ChildProcess.spawn("/usr/bin/tmux", ["-L", socket, "kill-server"]))
            if headless > 0 {
                kill(headless, SIGTERM)
                _ = ChildProcess.wait(headless, until: MonotonicClock.now() + 5)
            }
        }
        guard screen > 0, headless > 0 else { return "could not start qrtui" }
        var watched = [
            Watched(name: "screen 160x48", pid: screen, log: screenLog),
            Watched(name: "headless", pid: headless, log: headlessLog),
        ]
        let start = MonotonicClock.now()
        while MonotonicClock.now() - start < minutes * 60 {
            MonotonicClock.sleep(until: min(start + minutes * 60, MonotonicClock.now() + 10))
            let afterFirstMinute = MonotonicClock.now() - start >= 60
            for index in watched.indices { watched[index].observe(afterFirstMinute: afterFirstMinute) }
            progress(
                String(
                    format: "%5.1f min: screen %@, headless %@, unplugged %d/%d times",
                    (MonotonicClock.now() - start) / 60,
                    watched[0].last.row.joined(separator: "/"), watched[1].last.row.joined(separator: "/"),
                    Self.unplugs(screenLog), Self.unplugs(headlessLog)))
        }
        return report(&watched, unplugAfter: unplugAfter)
    }

    /// Each process's samples after the first minute and at the end, and the RSS they ranged over.
    private func report(_ watched: inout [Watched], unplugAfter: Int) -> String {
        var rows = [["process", "when", "RSS kB", "descriptors", "mappings", "unplugged"]]
        for index in watched.indices {
            let process = watched[index]
            let end = Self.streamingSample(process.pid, log: process.log)
            watched[index].peak = max(process.peak, end.rssKB)
            rows.append([process.name, "after 1 min"] + (process.firstMinute ?? end).row + [""])
            rows.append([process.name, "at the end"] + end.row + [String(Self.unplugs(process.log))])
        }
        return table(rows) + "\n(each row sampled while its camera streams)"
            + "\nRSS kB while streaming after the first minute: "
            + watched.map { "\($0.name) \($0.range)" }.joined(separator: ", ")
            + "\npeak RSS kB: " + watched.map { "\($0.name) \($0.peak)" }.joined(separator: ", ")
            + "; unplugged after \(unplugAfter) frames, back \(Self.replugSeconds) s later"
    }

    /// One qrtui process watched: its sample after the first minute (streaming), its RSS
    /// range while streaming after that (flat is a leak's absence), its peak.
    struct Watched {
        let name: String
        let pid: pid_t
        let log: String
        var firstMinute: Sample?
        var last = Sample()
        var low = Int.max, high = 0, peak = 0
        private var lastStream: (started: Int, running: Bool)?

        init(name: String, pid: pid_t, log: String) {
            (self.name, self.pid, self.log) = (name, pid, log)
        }

        var range: String { low <= high ? "\(low)-\(high)" : "none" }

        mutating func observe(afterFirstMinute: Bool) {
            last = SoakBenchmark.sample(pid)
            peak = max(peak, last.rssKB)
            // Streaming since the last sample: the same stream then and now.
            let stream = SoakBenchmark.stream(log)
            let streaming = stream.running && lastStream.map { $0 == stream } == true
            lastStream = stream
            guard afterFirstMinute else { return }
            if firstMinute == nil { firstMinute = SoakBenchmark.streamingSample(pid, log: log) }
            if streaming { (low, high) = (min(low, last.rssKB), max(high, last.rssKB)) }
        }
    }

    /// A code drifting to and fro over a plasma backdrop: read, followed, lost, read again.
    static func followedCode() -> [Frame] {
        let backdrop = Frame.plasma(width: 1280, height: 720, seed: 9)
        let matrix = QRMatrix(text: "https://example.org/soak")!
        return (0..<90).map { n in
            backdrop.drawingModules(
                matrix.grid,
                at: ModulePlacement(
                    centreX: 640 + 200 * sin(Double(n) / 90 * 2 * .pi), centreY: 360, moduleSize: 4))
        }
    }

    static func sample(_ pid: pid_t) -> Sample {
        var sample = Sample()
        if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        {
            sample.rssKB = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        sample.descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
        sample.mappings =
            ((try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? "").split(separator: "\n").count
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
        _ = try? ChildProcess.wait(
            ChildProcess.spawn(
                "/usr/bin/tmux",
                [
                    "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "160", "-y", "48",
                    "exec env \(command) \(qrtui.joined(separator: " "))",
                ]))
        return pid_t(CostBenchmark.tmuxOutput(socket, ["display-message", "-p", "#{pane_pid}"])) ?? -1
    }

    static func headless(environment extra: [String: String]) -> pid_t {
        let command = qrtui
        return
            (try? ChildProcess.spawn(
                command[0], Array(command.dropFirst()) + ["--no-preview"],
                environment: fullEnvironment(extra), stdout: .null, stderr: .null)) ?? -1
    }
}
