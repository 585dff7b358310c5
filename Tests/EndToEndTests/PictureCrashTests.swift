import Foundation
import FrameCore
import Glibc
import SystemCalls
import Testing

/// A crash while the camera is shown as a picture: the terminal gets the end of any picture
/// cut short (ST), kitty's picture deleted, then the usual reset, so neither a half picture nor
/// a kept one is left on the shell.
@Suite struct PictureCrashTests {
    static let answers = [
        "sixel": "\u{1B}[?1;0;256S\u{1B}[6;20;10t\u{1B}[?63;1;2;4c",
        "kitty": "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c",
        // On this machine: it reads pictures left in shared memory.
        "local kitty": "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c",
    ]
    static let pictureStarts = ["sixel": "\u{1B}P0;1;0q", "kitty": "\u{1B}_Ga=T", "local kitty": "\u{1B}_Ga=T"]

    /// qrtui on the fake camera in `--preview picture` on a pseudoterminal that answers as a
    /// terminal of `kind`, made to crash at its `polls`th poll; all it wrote until it died.
    static func crashed(answering kind: String, polls: Int) throws -> (bytes: [UInt8], status: Int32?, pid: pid_t) {
        let camera = FakeCamera("/dev/video0:grey")
        var environment = ProcessInfo.processInfo.environment.merging(camera.environment) { $1 }
        environment["LD_PRELOAD"] = FakeCamera.library + ":" + SignalFallbackTests.faults
        environment["QRTUI_FAULT_CRASH_POLLS"] = "\(polls)"
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        environment.removeValue(forKey: "TMUX")
        let terminal = try Pseudoterminal(columns: 100, rows: 30)
        defer { close(terminal.master) }
        let pid = try ChildProcess.spawn(
            QRTUIProcess.executable, ["--device", "/dev/video0", "--no-beep", "--preview", "picture"],
            environment: environment, stdin: .file(terminal.slavePath), stdout: .file(terminal.slavePath),
            stderr: .file(terminal.slavePath), newSession: true)
        var output = [UInt8]()
        var answered = false
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = MonotonicClock.now() + 60
        var ending: Int32?
        var status: Int32 = 0
        while MonotonicClock.now() < deadline {
            var descriptors = [pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)]
            if try Syscall.poll(&descriptors, milliseconds: 100) > 0 {
                let count = read(terminal.master, &buffer, buffer.count)
                if count > 0 { output += buffer.prefix(count) }
                if count <= 0, ending != nil { break }
            } else if ending != nil {
                break  // it died and everything it wrote was read
            }
            if !answered, output.firstRange(of: Array("\u{1B}[c".utf8)) != nil {
                answered = true
                try Syscall.writeAll(terminal.master, Array(answers[kind]!.utf8))
            }
            if ending == nil, waitpid(pid, &status, WNOHANG) == pid { ending = status }
        }
        if ending == nil {
            kill(pid, SIGKILL)
            _ = ChildProcess.wait(pid, until: MonotonicClock.now() + 5)
        }
        return (output, ending, pid)
    }

    @Test(arguments: ["sixel", "kitty", "local kitty"]) func aCrashEndsAndClearsThePicture(_ kind: String) throws {
        let (bytes, ending, pid) = try Self.crashed(answering: kind, polls: 400)
        // Killed by the bad access (SIGSEGV), as a bug would kill it.
        let status = try #require(ending, "qrtui did not end")
        #expect(status & 0x7F == SIGSEGV, "wait status \(status)")
        let start = Array(Self.pictureStarts[kind]!.utf8)
        let lastPicture = try #require(bytes.ranges(of: start).last, "no picture before the crash")
        let after = Array(bytes[lastPicture.upperBound...])
        // The reset: ST (a picture cut short ends there), kitty's delete, the main screen back.
        var reset = [UInt8](arrayLiteral: 0x1B, UInt8(ascii: "\\"))
        if kind != "sixel" { reset += Array("\u{1B}_Ga=d,d=I,i=7131,q=2\u{1B}\\".utf8) }
        let found = try #require(after.firstRange(of: reset), "no ST (and delete) after the last picture")
        #expect(after[found.upperBound...].firstRange(of: Array("\u{1B}[?1049l".utf8)) != nil)
        // Pictures left in shared memory for the terminal (it read none) went with the crash.
        if kind == "local kitty" {
            let sent = String(decoding: bytes, as: UTF8.self).contains("t=s,")
            let left = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? [])
                .filter { $0.hasPrefix("qrtui-\(pid)-") }
            #expect(sent && left.isEmpty, "left in /dev/shm: \(left)")
        }
    }
}
