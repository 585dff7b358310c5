import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import Glibc
import SystemCalls
import Testing

/// The inventory use: many codes in one run, every one kept (`--continuous`), and a history
/// file that survives the process being killed.
@Suite struct HistoryTests {
    let directory = TemporaryDirectory("history")
    static let payloads = ["https://example.org/one", "4006381333931 shelf B", "third item"]

    /// Three codes shown one after another, 12 frames each, with blank frames between.
    func clip() -> String {
        let blank = Frame.filled(width: 320, height: 240, value: 200)
        var frames = [Frame]()
        for payload in Self.payloads {
            frames += Array(repeating: CodeFixtures.qrScene(payload, width: 320, height: 240, moduleSize: 4), count: 12)
            frames += Array(repeating: blank, count: 6)
        }
        return directory.write("three.y4m", Y4MEncoder.encode(frames))
    }

    @Test func continuousPrintsEveryDistinctCodeOnExitInOrder() throws {
        let session = try TmuxSession(
            width: 100, height: 30,
            command: "\(QRTUIProcess.executable) -i \(clip()) --continuous --no-beep")
        try session.waitFor("the third code") { $0.lines[29].contains("third item") }
        try session.send("q")
        let done = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        let printed = done.text.split(separator: "\n").map(String.init).filter { Self.payloads.contains($0) }
        #expect(printed == Self.payloads)
        #expect(done.exitStatus == 0)
    }

    /// `h` lists the three codes of the run, newest chosen; Enter copies the chosen one.
    @Test func hListsTheRunsCodesAndEnterCopiesTheChosenOne() throws {
        let session = try TmuxSession(
            width: 110, height: 30, command: "\(QRTUIProcess.executable) -i \(clip()) --no-beep",
            clipboard: true)
        try session.waitFor("the third code") { $0.lines[29].contains("third item") }
        try session.send("h")
        let box = try session.waitFor("the history box") { $0.text.contains("codes read (3)") }
        for payload in Self.payloads {
            #expect(box.lines.contains { $0.contains("QR-Code") && $0.contains(payload) && $0.contains("x1") })
        }
        #expect(box.lines.contains { $0.contains(" url ") && $0.contains(Self.payloads[0]) })
        try session.send("Up")
        try session.send("Enter")
        try session.waitFor("the copy notice") { $0.text.contains("copied") }
        #expect(try session.buffer() == Self.payloads[1])
        try session.send("h")
        try session.waitFor("the box closed") { !$0.text.contains("codes read") }
        try session.send("q")
    }

    /// Lines are appended one write each: killed mid-run, the file holds whole JSON lines.
    @Test func historyLinesStayWholeAfterSIGKILL() throws {
        let history = directory.path + "/history.jsonl"
        let pid = try ChildProcess.spawn(
            QRTUIProcess.executable, ["-i", clip(), "--loop", "--no-preview", "--history", history],
            stdout: .null, stderr: .null)
        let deadline = MonotonicClock.now() + 20
        var lines = [Substring]()
        while MonotonicClock.now() < deadline {
            lines = ((try? String(contentsOfFile: history, encoding: .utf8)) ?? "").split(separator: "\n")
            if lines.count >= 3 { break }
            MonotonicClock.sleep(until: MonotonicClock.now() + 0.05)
        }
        kill(pid, SIGKILL)
        _ = ChildProcess.wait(pid, until: MonotonicClock.now() + 5)
        let text = try String(contentsOfFile: history, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        let objects = text.split(separator: "\n").map {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(objects.count >= 3 && objects.allSatisfy { $0 != nil })
        #expect(objects.prefix(3).map { $0?["text"] as? String } == Self.payloads.map(Optional.some))
        #expect(objects.first??["source"] as? String == directory.path + "/three.y4m")
    }

    @Test func anUnwritableHistoryIsAClearFailure() throws {
        let run = try QRTUIProcess.run(["--no-preview", "--demo", "--history", "/nonexistent/dir/h.jsonl"])
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(
            run.stderr
                == "qrtui: cannot open /nonexistent/dir/h.jsonl: No such file or directory (the --history file)\n")
    }
}
