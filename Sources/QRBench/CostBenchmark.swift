import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import Glibc
import PictureFiles
import PictureOps
import SystemCalls

/// `--cost SECONDS`: the CPU the real `qrtui` takes on a camera fed in real time at 30 fps
/// (the fake camera at 1280x720, as GREY and as the MJPEG a USB webcam sends, its frames made
/// before it streams so that only qrtui's own work counts), headless and on a 160x48 screen in
/// tmux: a still noisy scene, a code being followed, a scene that keeps changing. Measured
/// from /proc as the process's CPU time over `seconds` after a warm-up.
struct CostBenchmark {
    let seconds: Double
    static let warmUp = 3.0
    let directory = TemporaryDirectory("cost-bench")
    /// Writes the scenes' picture and clips into `folder` (to try qrtui on them by hand);
    /// returns their paths.
    static func writeClips(into folder: String) -> [String] {
        let bench = CostBenchmark(seconds: 0)  // its folder holds the files until they are copied
        let sources = bench.makeScenarios().compactMap {
            $0.environment["QRTUI_FAKE_IMAGE"] ?? $0.environment["QRTUI_FAKE_CLIP"]
        }
        var written = [String]()
        for source in sources {
            let target = folder + "/" + (source.split(separator: "/").last.map(String.init) ?? source)
            guard !written.contains(target) else { continue }
            _ = try? FileManager.default.copyItem(atPath: source, toPath: target)
            written.append(target)
        }
        return written
    }

    struct Scenario {
        let name: String
        let camera: String
        let target: String
        let screen: Bool
        let environment: [String: String]
    }

    func run() -> String {
        let scenarios = makeScenarios()
        var rows = [["scene", "camera", "where", "% of a core", "with warm-up", "target"]]
        for scenario in scenarios {
            let (steady, total) = measure(scenario)
            rows.append([
                scenario.name, scenario.camera, scenario.screen ? "screen 160x48" : "headless", format(steady, 1),
                format(total, 1), scenario.target,
            ])
        }
        return table(rows)
    }

    private func makeScenarios() -> [Scenario] {
        let width = 1280
        let height = 720
        let backdrop = Frame.plasma(width: width, height: height, seed: 5)
        let still = directory.write("still.pgm", NetpbmCodec.encode(backdrop))
        let matrix = QRMatrix(text: "https://example.org/followed")!
        let followed = (0..<60).map { n in
            backdrop.drawingModules(
                matrix.grid,
                at: ModulePlacement(
                    centreX: Double(width) / 2 + 90 * sin(Double(n) / 60 * 2 * .pi), centreY: Double(height) / 2,
                    moduleSize: 4))
        }
        let changing = (0..<60).map { n in
            Frame.plasma(width: width, height: height, seed: 5, phase: Double(n) / 60 * 2 * .pi)
        }
        let follow = directory.write("follow.y4m", Y4MEncoder.encode(followed))
        let change = directory.write("change.y4m", Y4MEncoder.encode(changing))
        let scenes: [(name: String, source: [String: String], targets: (String, String))] = [
            ("still, no code", ["QRTUI_FAKE_IMAGE": still], ("10%", "15%")),
            ("a code followed", ["QRTUI_FAKE_CLIP": follow], ("15%", "15%")),
            ("changing, no code", ["QRTUI_FAKE_CLIP": change], ("40%", "40%")),
        ]
        var scenarios = [Scenario]()
        for camera in ["grey", "mjpeg"] {
            for scene in scenes {
                let environment = [
                    "QRTUI_FAKE_DEVICES": "/dev/video0:\(camera)", "QRTUI_FAKE_NOISE": "6", "QRTUI_FAKE_FPS": "30",
                ].merging(scene.source) { $1 }
                for screen in [false, true] {
                    scenarios.append(
                        Scenario(
                            name: scene.name, camera: camera == "grey" ? "GREY" : "MJPEG",
                            target: screen ? scene.targets.1 : scene.targets.0, screen: screen,
                            environment: environment))
                }
            }
        }
        return scenarios
    }

    /// Runs qrtui on the fake camera; the CPU share over the measured stretch and overall.
    private func measure(_ scenario: Scenario) -> (steady: Double, total: Double) {
        let socket = "qrtui-cost-\(getpid())"
        let pid =
            scenario.screen
            ? LiveProcess.onScreen(socket: socket, environment: scenario.environment)
            : LiveProcess.headless(environment: scenario.environment)
        guard pid > 0 else { return (-1, -1) }
        let start = MonotonicClock.now()
        MonotonicClock.sleep(until: start + Self.warmUp)
        let warm = (cpu: Self.cpuSeconds(of: pid), time: MonotonicClock.now())
        MonotonicClock.sleep(until: warm.time + seconds)
        let end = (cpu: Self.cpuSeconds(of: pid), time: MonotonicClock.now())
        if scenario.screen {
            _ = try? ChildProcess.wait(ChildProcess.spawn("/usr/bin/tmux", ["-L", socket, "kill-server"]))
        } else {
            kill(pid, SIGTERM)
        }
        _ = ChildProcess.wait(pid, until: MonotonicClock.now() + 5)
        return ((end.cpu - warm.cpu) / (end.time - warm.time) * 100, end.cpu / (end.time - start) * 100)
    }

    /// utime + stime of a process, in seconds (/proc/PID/stat, fields 14 and 15).
    static func cpuSeconds(of pid: pid_t) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func tmuxOutput(_ socket: String, _ arguments: [String]) -> String {
        let directory = TemporaryDirectory("tmux")
        let output = directory.path + "/out"
        _ = try? ChildProcess.wait(
            ChildProcess.spawn("/usr/bin/tmux", ["-L", socket] + arguments, stdout: .file(output)))
        return (try? String(contentsOfFile: output, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            ?? ""
    }
}
