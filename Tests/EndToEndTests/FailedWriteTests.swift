import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import SystemCalls
import Testing

/// A code that could not be written is not a result: the failure is said on stderr and the
/// run ends with exit 1 (a reader that went away is SIGPIPE, 141, as for any program).
@Suite struct FailedWriteTests {
    let directory = TemporaryDirectory("failed-writes")
    static let payload = "written or not"

    func picture() -> String {
        directory.write(
            "code.png", PNGCodec.encode(CodeFixtures.qrScene(Self.payload, width: 320, height: 240, moduleSize: 4)))
    }

    @Test func aFullDiskOnStdoutIsAFailure() throws {
        let run = try QRTUIProcess.run(["--no-preview", picture()], redirections: ">/dev/full")
        #expect(run.status == 1)
        #expect(run.stderr == "qrtui: cannot write to stdout: No space left on device\n")
    }

    @Test func aClosedStdoutIsAFailure() throws {
        let run = try QRTUIProcess.run(["--no-preview", picture()], redirections: ">&-")
        #expect(run.status == 1)
        #expect(run.stderr == "qrtui: cannot write to stdout: Bad file descriptor\n")
    }

    /// The demo never ends by itself: the first lost code ends it.
    @Test func aContinuousRunStopsAtTheFirstLostCode() throws {
        let run = try QRTUIProcess.run(
            ["--no-preview", "--demo", "--continuous"], deadline: 20, redirections: ">/dev/full")
        #expect(!run.timedOut && run.status == 1)
        #expect(run.stderr == "qrtui: cannot write to stdout: No space left on device\n")
    }

    @Test func aFullHistoryFileIsAFailure() throws {
        let run = try QRTUIProcess.run(["--no-preview", "--history", "/dev/full", picture()])
        #expect(run.status == 1)
        #expect(run.stdoutText == Self.payload + "\n")
        #expect(run.stderr == "qrtui: cannot write to /dev/full: No space left on device (the --history file)\n")
    }

    @Test func aHelpThatCannotBeWrittenIsAFailure() throws {
        let run = try QRTUIProcess.run(["--help"], redirections: ">/dev/full")
        #expect(run.status == 1)
        #expect(run.stderr == "qrtui: cannot write to stdout: No space left on device\n")
    }

    /// A pipe whose reader is gone: SIGPIPE ends qrtui, as it ends cat.
    @Test func aReaderGoneIsSIGPIPE() throws {
        let ends = try Syscall.pipe()
        Syscall.close(ends.read)
        let pid = try ChildProcess.spawn(
            QRTUIProcess.executable, ["--no-preview", picture()], stdout: .descriptor(ends.write))
        Syscall.close(ends.write)
        let ending = ChildProcess.wait(pid, until: MonotonicClock.now() + 30)
        #expect(ending == .signalled(SIGPIPE))
    }

    /// On the screen the failure shows at once, the scanning goes on, and the end says it again.
    @Test func aFullHistoryFileShowsOnTheScreen() throws {
        let session = try TmuxSession(
            width: 100, height: 30,
            command: "\(QRTUIProcess.executable) --input \(picture()) --history /dev/full")
        // Beside the code at 100 columns it does not fit: it is given whole on the line above.
        try session.waitFor("the failure above the status line") { $0.lines[28].contains("cannot write to /dev/full") }
        try session.send("q")
        let pane = try session.waitFor("the exit") { $0.text.contains("EXIT=") }
        #expect(pane.lines.contains(Self.payload))
        #expect(pane.lines.contains("qrtui: cannot write to /dev/full: No space left on device (the --history file)"))
        #expect(pane.lines.contains("EXIT=1"))
    }
}

/// qrtui started with stdin, stdout or stderr closed, or given a FIFO to append to.
@Suite struct StandardDescriptorTests {
    let directory = TemporaryDirectory("descriptors")

    /// Once, stdin's number went to qrtui's own stderr pipe, which it then read for ever.
    @Test func aClosedStdinIsEmptyNotAHang() throws {
        let run = try QRTUIProcess.run(["--no-preview", "-i", "-"], deadline: 20, redirections: "<&-")
        #expect(!run.timedOut)
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "qrtui: stdin: empty input (expected a PNG, JPEG, PGM/PPM, WebP, GIF, BMP, TIFF image or a Y4M stream)\n"
        )
    }

    @Test func aClosedStderrStillReads() throws {
        let path = directory.write(
            "code.png", PNGCodec.encode(CodeFixtures.qrScene("quiet", width: 320, height: 240, moduleSize: 4)))
        let run = try QRTUIProcess.run(["--no-preview", path], redirections: "2>&-")
        #expect(run.status == 0 && run.stdoutText == "quiet\n")
    }

    /// A FIFO nobody reads would block the open, or the first write, past any deadline.
    @Test func aFIFOAsTheHistoryIsRefused() throws {
        let fifo = directory.path + "/history.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try QRTUIProcess.run(["--no-preview", "--demo", "--history", fifo, "--timeout", "5"], deadline: 20)
        #expect(!run.timedOut && run.status == 1 && run.stdout.isEmpty)
        #expect(
            run.stderr == "qrtui: \(fifo): not a file to append to (a FIFO, socket or directory) (the --history file)\n"
        )
    }

    @Test func aDirectoryAsTheHistoryIsRefused() throws {
        let run = try QRTUIProcess.run(["--no-preview", "--demo", "--history", directory.path])
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(run.stderr == "qrtui: cannot open \(directory.path): Is a directory (the --history file)\n")
    }
}
