import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import Glibc
import PictureFiles
import PictureOps
import SystemCalls

/// `--cost SECONDS`: the CPU the real `qrtui` takes on a camera fed in real time at 30 fps
/// (the fake camera at 1280x720, as GREY and as the MJPEG a USB webcam sends), headless and on
/// a 160x48 pseudoterminal, with the bytes that terminal receives: a still scene without a
/// code at sensor noise σ 0, 2, 6 and 12 (normal, fresh in every frame), a code being
/// followed and a scene that keeps changing at σ 6. The fake camera's frames are made before
/// it streams, so only qrtui's own work counts; measured from /proc over `seconds`, from
/// `warmUp` seconds after the first frame.
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
        let sigma: Double
        /// Share of a core at the most, and bytes a frame to the terminal (nil: no target).
        let target: (cpu: Double, bytes: Double?)?
        let screen: Bool
        let environment: [String: String]
    }

    func run(progress: (String) -> Void) -> String {
        var rows = [["scene", "camera", "noise", "where", "% of a core", "bytes/frame", "target"]]
        for scenario in makeScenarios() {
            let figures = measure(scenario)
            let target = scenario.target.map { target in
                "<= \(format(target.cpu, 0))%" + (target.bytes.map { ", <= \(format($0, 0)) B" } ?? "")
            }
            rows.append([
                scenario.name, scenario.camera, "σ \(format(scenario.sigma, 0))",
                scenario.screen ? "screen 160x48" : "headless", format(figures.cpu, 1),
                scenario.screen ? format(figures.bytesPerFrame, 0) : "-", target ?? "-",
            ])
            progress(rows.last!.joined(separator: "  "))
        }
        return table(rows)
    }

    func makeScenarios() -> [Scenario] {
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
        // Targets (issue 43) for MJPEG at σ 6, and the bytes at σ 12.
        let scenes:
            [(
                name: String, source: [String: String], sigma: Double, headless: Double?, screen: Double?,
                bytes: Double?
            )] = [
                ("still, no code", ["QRTUI_FAKE_IMAGE": still], 0, nil, nil, nil),
                ("still, no code", ["QRTUI_FAKE_IMAGE": still], 2, nil, nil, nil),
                ("still, no code", ["QRTUI_FAKE_IMAGE": still], 6, 8, 10, 200),
                ("still, no code", ["QRTUI_FAKE_IMAGE": still], 12, nil, nil, 400),
                ("a code followed", ["QRTUI_FAKE_CLIP": follow], 6, 15, 15, nil),
                ("changing, no code", ["QRTUI_FAKE_CLIP": change], 6, 40, 40, nil),
            ]
        var scenarios = [Scenario]()
        for camera in ["mjpeg", "grey"] {
            for scene in scenes {
                var environment = ["QRTUI_FAKE_DEVICES": "/dev/video0:\(camera)", "QRTUI_FAKE_FPS": "30"]
                environment[scene.sigma > 0 ? "QRTUI_FAKE_SIGMA" : "QRTUI_FAKE_NOISE"] = format(scene.sigma, 0)
                environment.merge(scene.source) { $1 }
                for screen in [false, true] {
                    let cpu = screen ? scene.screen : scene.headless
                    scenarios.append(
                        Scenario(
                            name: scene.name, camera: camera == "grey" ? "GREY" : "MJPEG", sigma: scene.sigma,
                            target: camera == "mjpeg" ? cpu.map { ($0, screen ? scene.bytes : nil) } : nil,
                            screen: screen, environment: environment))
                }
            }
        }
        return scenarios
    }

    /// Runs the real qrtui on the fake camera, on a pseudoterminal or headless.
    private func measure(_ scenario: Scenario) -> ProgramRun.Figures {
        let arguments = Array(LiveProcess.qrtui.dropFirst()) + (scenario.screen ? [] : ["--no-preview"])
        return ProgramRun(
            arguments: arguments, environment: scenario.environment, screen: scenario.screen, warmUp: Self.warmUp,
            seconds: seconds
        ).onCamera()
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
