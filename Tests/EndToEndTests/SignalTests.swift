import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import Testing

/// However qrtui is stopped, the terminal comes back exactly as it was.
@Suite struct SignalTests {
    let directory = TemporaryDirectory("signals")
    static let payload = "signal test"

    /// A picture of a QR code qrtui reads at once.
    static func codePicture(in directory: TemporaryDirectory) -> String {
        directory.write(
            "code.png", PNGCodec.encode(CodeFixtures.qrScene(payload, width: 800, height: 600, moduleSize: 6)))
    }

    func start() throws -> TmuxSession {
        let path = Self.codePicture(in: directory)
        let session = try TmuxSession(width: 100, height: 30, command: "\(QRTUIProcess.executable) --input \(path)")
        try session.waitFor("the success status") { $0.lines[29].contains("QR-Code") }
        return session
    }

    /// The qrtui process: the child of the pane's shell.
    func qrtuiPID(_ session: TmuxSession) throws -> pid_t {
        let shell = try session.tmux(["display-message", "-p", "-t", "t", "#{pane_pid}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let children = try procFile("/proc/\(shell)/task/\(shell)/children")
        return try #require(children.split(separator: " ").compactMap { pid_t($0) }.first)
    }

    /// The terminal as it was, and on the pane the shell's `EXIT=status` after the payload
    /// when `printed`; else nothing from qrtui (a signal is not `q`: the code is not printed;
    /// the shell may say which signal ended it).
    func expectCleanExit(_ session: TmuxSession, status: Int, printed: Bool = false) throws {
        let pane = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        let lines = pane.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        if printed {
            #expect(lines == [Self.payload, "EXIT=\(status)"])
        } else {
            #expect(lines.last == "EXIT=\(status)")
            #expect(!lines.contains(Self.payload) && !lines.contains { $0.hasPrefix("qrtui") })
        }
        #expect(pane.rows.joined().allSatisfy { !$0.dim && !$0.bold && $0.foreground == nil && $0.background == nil })
        #expect(try session.tmux(["display-message", "-p", "-t", "t", "#{cursor_flag} #{alternate_on}"]) == "1 0\n")
    }

    /// qrtui started from an interactive shell (job control, and a shell that survives
    /// Ctrl-C), showing a code read.
    func startFromAShell() throws -> TmuxSession {
        let path = Self.codePicture(in: directory)
        let session = try TmuxSession(width: 100, height: 30, command: "env PS1='$ ' bash --norc --noprofile -i")
        try session.waitFor("the prompt") { $0.text.contains("$") }
        try session.sendLiteral("\(QRTUIProcess.executable) --input \(path)")
        try session.send("Enter")
        try session.waitFor("the success status") { $0.lines[29].contains("QR-Code") }
        return session
    }

    /// Ctrl-C reaches the shell too: an interactive one survives it and reports qrtui's status.
    @Test func ctrlCExits130AndPrintsNothing() throws {
        let session = try startFromAShell()
        try session.send("C-c")
        try session.waitFor("the prompt again") { $0.lines.filter { $0.hasPrefix("$") }.count >= 2 }
        try session.sendLiteral("echo QRTUI=$?")
        try session.send("Enter")
        let done = try session.waitFor("the status") { $0.lines.contains { $0.hasPrefix("QRTUI=") } }
        #expect(done.lines.contains("QRTUI=130"))
        #expect(!done.lines.contains(Self.payload))
        #expect(try session.tmux(["display-message", "-p", "-t", "t", "#{cursor_flag} #{alternate_on}"]) == "1 0\n")
    }

    @Test func qPrintsTheCode() throws {
        let session = try start()
        try session.send("q")
        try expectCleanExit(session, status: 0, printed: true)
    }

    /// Every signal that would kill qrtui restores the terminal first, then kills it.
    @Test(arguments: [SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM])
    func killingSignalsRestoreTheTerminalFirst(signal: Int32) throws {
        let session = try start()
        kill(try qrtuiPID(session), signal)
        try expectCleanExit(session, status: 128 + Int(signal))
    }

    @Test func ctrlZSuspendsAndResumes() throws {
        // Job control needs an interactive shell (a stop signal to an orphaned process group,
        // such as a pane's only command, is discarded by the kernel).
        let session = try startFromAShell()
        // A smaller area than the whole still: outside it the picture is dimmed, which the
        // screen drawn again must show.
        try session.send("-")
        try session.waitFor("the dimmed outside") { $0.rows.joined().contains { $0.dim } }
        try session.send("C-z")
        let stopped = try session.waitFor("the job to stop") { $0.text.contains("Stopped") }
        #expect(try session.tmux(["display-message", "-p", "-t", "t", "#{alternate_on} #{cursor_flag}"]) == "0 1\n")
        #expect(!stopped.text.contains("┏"))
        try session.sendLiteral("fg")
        try session.send("Enter")
        let resumed = try session.waitFor("the screen again") { $0.brackets != nil && $0.lines[29].contains("QR-Code") }
        #expect(resumed.rows.joined().contains { $0.dim })
        try session.send("q")
        try session.waitFor("the payload") { $0.lines.contains(Self.payload) }
        try session.sendLiteral("echo QRTUI=$?")
        try session.send("Enter")
        let done = try session.waitFor("the status") { $0.lines.contains { $0.hasPrefix("QRTUI=") } }
        #expect(done.lines.contains("QRTUI=0"))
    }
}

/// The stop signals still work where the usual way of watching them is not there.
@Suite struct SignalFallbackTests {
    let directory = TemporaryDirectory("signal-fallback")

    static var faults: String { QRTUIProcess.productsDirectory + "/libTestFaults.so" }

    /// qrtui on the screen reading a code, with the fault library preloaded and `fault` set.
    func start(fault: String) throws -> TmuxSession {
        let path = SignalTests.codePicture(in: directory)
        return try TmuxSession(
            width: 100, height: 30,
            command: "env LD_PRELOAD=\(Self.faults) \(fault) \(QRTUIProcess.executable) --input \(path)")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func withoutSignalfdTheScreenIsStillRestored(signal: Int32) throws {
        let session = try start(fault: "QRTUI_FAULT_SIGNALFD=1")
        try session.waitFor("the success status") { $0.lines[29].contains("QR-Code") }
        kill(try SignalTests().qrtuiPID(session), signal)
        try SignalTests().expectCleanExit(session, status: 128 + Int(signal))
    }

    /// A crash on the screen: the terminal is put back first, the backtrace lands on the
    /// shell, and nothing waits for a key.
    @Test func aCrashRestoresTheTerminalBeforeItsBacktrace() throws {
        let session = try start(fault: "QRTUI_FAULT_CRASH_POLLS=40")
        let pane = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        let status = try #require(pane.lines.first { $0.hasPrefix("EXIT=") }.flatMap { Int($0.dropFirst(5)) })
        #expect([128 + Int(SIGSEGV), 128 + Int(SIGILL)].contains(status))
        #expect(pane.text.contains("Backtrace took"))  // its last line; the first scrolled away
        #expect(try session.tmux(["display-message", "-p", "-t", "t", "#{cursor_flag} #{alternate_on}"]) == "1 0\n")
        #expect(pane.rows.joined().allSatisfy { !$0.dim && $0.background == nil })
        // The shell's terminal still blocks, as the shell expects: qrtui writes its own opening
        // of /dev/tty without blocking, never the one it shares with the shell.
        let shell = try session.tmux(["display-message", "-p", "-t", "t", "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        for descriptor in [0, 1] {
            let info = (try? String(contentsOfFile: "/proc/\(shell)/fdinfo/\(descriptor)", encoding: .utf8)) ?? ""
            let flags = info.split(separator: "\n").first { $0.hasPrefix("flags:") }.flatMap {
                Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8)
            }
            #expect(flags.map { $0 & Int(O_NONBLOCK) == 0 } == true, "fd \(descriptor): \(info)")
        }
    }

    @Test func aHeadlessFallbackDiesOfSIGTERM() throws {
        // An unknown terminal type: no screen, so qrtui runs headless on the demo.
        let session = try TmuxSession(
            width: 100, height: 30,
            command:
                "env TERM=no-such-terminal \(QRTUIProcess.executable) --demo")
        try session.waitFor("the fallback message") { $0.text.contains("running without preview") }
        kill(try SignalTests().qrtuiPID(session), SIGTERM)
        let pane = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        #expect(pane.exitStatus == 143)
        #expect(try session.tmux(["display-message", "-p", "-t", "t", "#{alternate_on}"]) == "0\n")
    }
}

/// A read stuck on a picture (every zbar call held 60 s by the fault library): a key, a signal
/// or the deadline ends the screen at once all the same, and the process with it.
@Suite struct StuckReadTests {
    let directory = TemporaryDirectory("stuck-read")

    func start(_ arguments: String = "") throws -> TmuxSession {
        let path = SignalTests.codePicture(in: directory)
        return try TmuxSession(
            width: 100, height: 30,
            command:
                "env LD_PRELOAD=\(SignalFallbackTests.faults) QRTUI_FAULT_STUCK_READ=60 \(QRTUIProcess.executable) "
                + "\(arguments) --input \(path)")
    }

    /// The shell's prompt back within `seconds` of `since`: the read would hold it a minute, and
    /// a wait for it to end (5 s once) would show.
    func expectEnded(_ session: TmuxSession, since: Double, within seconds: Double = 3, status: Int) throws {
        let pane = try session.waitFor("the shell", seconds: 30) { $0.text.contains("EXIT=") }
        #expect(MonotonicClock.now() - since < seconds, "qrtui waited for the stuck read")
        #expect(pane.lines.contains("EXIT=\(status)"))
        #expect(try session.tmux(["display-message", "-p", "-t", "t", "#{alternate_on}"]) == "0\n")
    }

    @Test func aKeyEndsTheScreenWhileAReadIsStuck() throws {
        let session = try start()
        try session.waitFor("the screen") { $0.brackets != nil }
        let since = MonotonicClock.now()
        try session.send("q")
        try expectEnded(session, since: since, status: 4)
    }

    @Test func aSignalEndsTheScreenWhileAReadIsStuck() throws {
        let session = try start()
        try session.waitFor("the screen") { $0.brackets != nil }
        let since = MonotonicClock.now()
        kill(try SignalTests().qrtuiPID(session), SIGTERM)
        try expectEnded(session, since: since, status: 143)
    }

    @Test func theDeadlineEndsTheScreenWhileAReadIsStuck() throws {
        let since = MonotonicClock.now()
        let session = try start("--timeout 2")
        try expectEnded(session, since: since, within: 5, status: 4)
    }
}
