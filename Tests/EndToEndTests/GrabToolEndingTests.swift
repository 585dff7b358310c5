import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import SystemCalls
import Testing

/// A screen grabber that hangs, or that leaves a child of its own behind, goes when qrtui is
/// done with it, however qrtui ends (its deadline for the tool, `--timeout`, SIGTERM, `q` on the
/// live screen): `ps` shows nothing qrtui started. Each stub writes its own pid and its
/// child's, so the test can see both are gone.
@Suite struct GrabToolEndingTests {
    let directory = TemporaryDirectory("grab-tool-ending")

    var toolPid: String { directory.path + "/tool.pid" }
    var childPid: String { directory.path + "/child.pid" }

    /// A stub grim on a PATH of its own running `body` after noting its pid.
    func grim(_ body: String) -> String {
        let bin = directory.path + "/bin"
        try? FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = "#!/bin/sh\necho $$ > \(toolPid).new && mv \(toolPid).new \(toolPid)\n\(body)\n"
        chmod(directory.write("bin/grim", Array(script.utf8)), 0o755)
        return "\(bin):/usr/bin:/bin"
    }

    /// A grim that starts a child (which keeps grim's stdout) and waits for ever.
    var hanging: String {
        grim("sleep 300 &\necho $! > \(childPid).new && mv \(childPid).new \(childPid)\nwait")
    }

    var session: [String: String] { ["WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ""] }

    func pid(in file: String) -> pid_t? {
        (try? String(contentsOfFile: file, encoding: .utf8)).flatMap { pid_t($0.filter(\.isNumber)) }
    }

    /// Whether `pid` runs (a zombie no init has reaped yet has ended).
    func runs(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
            return false
        }
        return !(stat.split(separator: ")").last?.hasPrefix(" Z") ?? false)
    }

    /// Polls until both the tool and its child are gone; true when they are.
    func toolsGone(within seconds: Double = 10) -> Bool {
        let pids = [pid(in: toolPid), pid(in: childPid)].compactMap { $0 }
        let deadline = MonotonicClock.now() + seconds
        while MonotonicClock.now() < deadline {
            if !pids.contains(where: runs) { return true }
            MonotonicClock.sleep(until: MonotonicClock.now() + 0.05)
        }
        for pid in pids { kill(pid, SIGKILL) }  // not left behind by the test either
        return false
    }

    /// Waits until the stub has started its child.
    func waitForTheTool() throws {
        let deadline = MonotonicClock.now() + 20
        while MonotonicClock.now() < deadline, pid(in: childPid) == nil {
            MonotonicClock.sleep(until: MonotonicClock.now() + 0.05)
        }
        try #require(pid(in: childPid) != nil, "the stub grim never started")
    }

    @Test func aToolStillRunningAtTheTimeoutIsEndedWithItsChild() throws {
        let run = try QRTUIProcess.run(
            ["--no-preview", "--screen", "--timeout", "2"], environment: session.merging(["PATH": hanging]) { $1 })
        #expect(!run.timedOut)
        #expect(run.stdout.isEmpty)
        #expect(pid(in: childPid) != nil, "the stub never started its child")
        #expect(toolsGone(), "grim or its child outlived qrtui")
    }

    /// A grim that writes the picture and exits, leaving a child that holds its stdout open:
    /// the picture is read once grim has exited, and the child is ended.
    @Test func aToolThatLeavesAChildHoldingItsOutputIsNotWaitedFor() throws {
        let code = QRMatrix(text: "https://example.org/grab")!.render(moduleSize: 4, dark: 20, light: 235)
        let screen = directory.write(
            "screen.png",
            PNGCodec.encode(
                Frame.filled(width: 400, height: 300, value: 235)
                    .drawing(code, centreX: 200, centreY: 150)))
        let path = grim("sleep 300 &\necho $! > \(childPid).new && mv \(childPid).new \(childPid)\ncat \(screen)")
        let run = try QRTUIProcess.run(
            ["--no-preview", "--screen"], environment: session.merging(["PATH": path]) { $1 }, deadline: 60)
        #expect(!run.timedOut, "qrtui waited for the child's end of grim's output")
        #expect(run.status == 0 && run.stdoutText == "https://example.org/grab\n", "\(run.stderr)")
        #expect(toolsGone(), "grim's child outlived qrtui")
    }

    /// Without `--timeout`, a grab that never ends is ended at the tool's deadline, child and all.
    @Test func aToolThatNeverEndsIsKilledAtItsDeadlineWithItsChild() throws {
        let run = try QRTUIProcess.run(
            ["--no-preview", "--screen"], environment: session.merging(["PATH": hanging]) { $1 }, deadline: 60)
        #expect(!run.timedOut)
        #expect(run.status == 1 && run.stderrLines == ["qrtui: grim failed (did not end in time)"], "\(run.stderr)")
        #expect(toolsGone(), "grim or its child outlived qrtui")
    }

    @Test func sigtermEndsTheToolWithQrtui() throws {
        var environment = ProcessEnvironment.all
        for (key, value) in session { environment[key] = value }
        environment["PATH"] = hanging
        let qrtui = try ChildProcess.spawn(
            QRTUIProcess.executable, ["--no-preview", "--screen"], environment: environment)
        try waitForTheTool()
        kill(qrtui, SIGTERM)
        let ending = ChildProcess.wait(qrtui, until: MonotonicClock.now() + 10)
        #expect(ending == .signalled(SIGTERM), "\(ending.description)")
        #expect(toolsGone(), "grim or its child outlived qrtui")
    }

    @Test func quittingTheLiveScreenEndsTheTool() throws {
        let command = "env PATH=\(hanging) WAYLAND_DISPLAY=wayland-1 DISPLAY= \(QRTUIProcess.executable) --screen"
        let tmux = try TmuxSession(width: 100, height: 30, command: command)
        try waitForTheTool()
        try tmux.send("q")
        #expect(toolsGone(), "grim or its child outlived qrtui")
    }
}
