import CodeFixtures
import Foundation
import FrameCore
import Glibc
import Synchronization
import SystemCalls

/// The real `qrtui`, measured as it runs: on a pseudoterminal of its own (what a terminal
/// receives is every byte read from its master end) or headless, its CPU from /proc, over a
/// stretch that starts `warmUp` seconds after its first frame (a camera's first dequeue, or the
/// first frame a feeder wrote).
struct ProgramRun {
    /// What `program` writes to stdout (4 MiB at most), run to its end or for `seconds`, with
    /// `environment` over the bench's own.
    static func output(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], seconds: Double
    ) -> [UInt8] {
        var all = ProcessInfo.processInfo.environment
        all.merge(environment) { $1 }
        let run = try? ChildProcess.converse(
            program, arguments, input: [], environment: all, limit: 1 << 22, deadline: MonotonicClock.now() + seconds)
        return run?.output ?? []
    }

    var arguments: [String]
    var environment: [String: String]
    var screen = true
    var columns = 160
    var rows = 48
    var warmUp = 3.0
    var seconds = 10.0
    /// What the terminal answers qrtui's questions with (a terminal of pixels: `TerminalAnswers`);
    /// by default it answers as a terminal of characters does, as every terminal answers.
    var answer = TerminalAnswers.characters

    struct Figures {
        /// Share of a core over the stretch, in percent.
        var cpu: Double
        /// Bytes the terminal received over the stretch, and frames the source gave in it.
        var bytes: Int
        var frames: Int
        /// Pictures in pixels the terminal received over the stretch.
        var pictures = 0
        var bytesPerFrame: Double { Double(bytes) / Double(max(1, frames)) }
        static let failed = Figures(cpu: -1, bytes: -1, frames: 0)
    }

    /// Runs qrtui on the fake camera, its dequeues logged (QRTUI_FAKE_TIMES) to find the stretch
    /// and count its frames.
    func onCamera() -> Figures {
        let scratch = TemporaryDirectory("program-run")
        let times = scratch.path + "/times"
        var run = self
        run.environment["QRTUI_FAKE_TIMES"] = times
        return run.measure(stdin: nil) {
            Self.dequeues(times).first.map { $0 }
        } frames: { from, to in
            Self.dequeues(times).filter { $0 >= from && $0 < to }.count
        }
    }

    /// Runs qrtui reading `-` with `frames` written into its stdin at `rate` a second (a Y4M
    /// stream fed in real time), looping over them until the stretch ends.
    func fed(header: [UInt8], frames: [[UInt8]], rate: Double = 30) -> Figures {
        guard let ends = try? Syscall.pipe() else { return .failed }
        let written = Stamps()
        let end = warmUp + seconds + 1
        let feeder = Thread {
            var ok = (try? Syscall.writeAll(ends.write, header)) != nil
            let start = MonotonicClock.now()
            var index = 0
            while ok && MonotonicClock.now() < start + end {
                MonotonicClock.sleep(until: start + Double(index) / rate)
                ok = (try? Syscall.writeAll(ends.write, Array("FRAME\n".utf8) + frames[index % frames.count])) != nil
                written.add(MonotonicClock.now())
                index += 1
            }
            Syscall.close(ends.write)
        }
        feeder.start()
        defer { Syscall.close(ends.read) }
        return measure(stdin: ends.read) {
            written.times.first
        } frames: { from, to in
            written.times.filter { $0 >= from && $0 < to }.count
        }
    }

    /// Starts qrtui, waits for its first frame, then counts bytes and CPU over the stretch.
    private func measure(
        stdin: Int32?, firstFrame: () -> Double?, frames: (Double, Double) -> Int
    ) -> Figures {
        let program = CaptureBenchmark.productsDirectory + "/qrtui"
        var environment = LiveProcess.fullEnvironment(self.environment)
        environment["TERM"] = environment["TERM"] ?? "xterm-256color"
        let terminal = screen ? try? Pseudoterminal(columns: columns, rows: rows) : nil
        let input: ChildProcess.Stream = stdin.map { .descriptor($0) } ?? terminal.map { .file($0.slavePath) } ?? .null
        let output: ChildProcess.Stream = terminal.map { .file($0.slavePath) } ?? .null
        guard screen == (terminal != nil),
            let pid = try? ChildProcess.spawn(
                program, arguments, environment: environment, stdin: input, stdout: output,
                stderr: terminal.map { .file($0.slavePath) } ?? .null, newSession: true)
        else { return .failed }
        defer {
            kill(pid, SIGTERM)
            _ = ChildProcess.wait(pid, until: MonotonicClock.now() + 5)
            if let terminal { Syscall.close(terminal.master) }
        }
        var bytes = 0
        var pictures = 0
        var asked = false
        var window: (start: Double, cpu: Double)?
        let giveUp = MonotonicClock.now() + 60
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let now = MonotonicClock.now()
            if window == nil, let first = firstFrame(), now >= first + warmUp {
                window = (now, CostBenchmark.cpuSeconds(of: pid))
                bytes = 0
                pictures = 0
            }
            if let window, now >= window.start + seconds {
                let cpu = (CostBenchmark.cpuSeconds(of: pid) - window.cpu) / (now - window.start) * 100
                return Figures(cpu: cpu, bytes: bytes, frames: frames(window.start, now), pictures: pictures)
            }
            if window == nil && now > giveUp { return .failed }
            guard let terminal else {
                MonotonicClock.sleep(until: now + 0.05)
                continue
            }
            var descriptors = [pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)]
            guard (try? Syscall.poll(&descriptors, milliseconds: 50)) ?? 0 > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { (try? Syscall.read(terminal.master, into: $0)) ?? 0 }
            if count <= 0 { return .failed }
            bytes += count
            pictures += TerminalAnswers.pictures(in: buffer[..<count])
            asked = asked || TerminalAnswers.answer(buffer[..<count], with: answer, on: terminal.master)
        }
    }

    /// The times of the camera's dequeues ("SEQUENCE SECONDS" lines).
    static func dequeues(_ path: String) -> [Double] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
            line.split(separator: " ").last.flatMap { Double($0) }
        }
    }
}

/// When a feeder wrote each frame, for the thread that measures.
private final class Stamps: Sendable {
    private let written = Mutex<[Double]>([])
    func add(_ time: Double) { written.withLock { $0.append(time) } }
    var times: [Double] { written.withLock { $0 } }
}
