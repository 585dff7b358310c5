import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import SystemCalls
import Testing

/// Without a screen, a signal that stops qrtui ends it as the shell expects (128 + its
/// number), with nothing said: SIGQUIT is no crash report.
@Suite struct HeadlessSignalTests {
    let directory = TemporaryDirectory("headless-signals")

    /// Starts qrtui (core dumps off), waits for its first code, sends `signal`, and returns
    /// how it ended and what it wrote on stderr.
    func stop(_ arguments: [String], with signal: Int32) throws -> (status: Int32, stderr: String) {
        let out = directory.path + "/out-\(signal)-\(arguments.count)"
        let err = directory.path + "/err-\(signal)-\(arguments.count)"
        let pid = try ChildProcess.spawn(
            "/bin/sh", ["-c", "ulimit -c 0 && exec \"$0\" \"$@\"", QRTUIProcess.executable] + arguments,
            stdout: .file(out), stderr: .file(err))
        let deadline = MonotonicClock.now() + 20
        while MonotonicClock.now() < deadline, (FileManager.default.contents(atPath: out) ?? Data()).isEmpty {
            MonotonicClock.sleep(until: MonotonicClock.now() + 0.05)
        }
        #expect(!(FileManager.default.contents(atPath: out) ?? Data()).isEmpty, "no code before the signal")
        kill(pid, signal)
        let ending = ChildProcess.wait(pid, until: MonotonicClock.now() + 10)
        if ending == .killedAtDeadline { Issue.record("qrtui ran on after the signal") }
        return (
            ending.shellStatus, String(decoding: FileManager.default.contents(atPath: err) ?? Data(), as: UTF8.self)
        )
    }

    func looped() -> String {
        let frame = CodeFixtures.qrScene("looped", width: 320, height: 240, moduleSize: 4)
        return directory.write("looped.y4m", Y4MEncoder.encode([frame, frame]))
    }

    @Test(arguments: [SIGQUIT, SIGTERM, SIGINT, SIGHUP])
    func aSignalEndsTheDemoQuietly(signal: Int32) throws {
        let (status, stderr) = try stop(["--no-preview", "--demo"], with: signal)
        #expect(status == 128 + signal)
        #expect(stderr.isEmpty, "\(stderr)")
    }

    @Test func sigquitEndsALoopQuietly() throws {
        let (status, stderr) = try stop(["--no-preview", "--loop", "--continuous", "-i", looped()], with: SIGQUIT)
        #expect(status == 128 + SIGQUIT)
        #expect(stderr.isEmpty, "\(stderr)")
    }
}
