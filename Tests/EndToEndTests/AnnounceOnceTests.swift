import CodeFixtures
import Foundation
import Testing

/// A code held still in front of the camera is announced once, however long it stays: one
/// bell, one line on stdout, one line in the history, though qrtui looks at it again now and
/// then (the re-check every two seconds).
@Suite struct AnnounceOnceTests {
    let directory = TemporaryDirectory("announce-once")

    @Test func headlessPrintsAStillCodeOnceIn20Seconds() throws {
        let camera = FakeCamera()
        let history = directory.path + "/history.jsonl"
        let run = try QRTUIProcess.run(
            [
                "--no-preview", "-d", "/dev/video0", "--timeout", "20", "--format", "json",
                "--history", history,
            ], environment: camera.environment, deadline: 40)
        #expect(run.status == 0)
        let lines = run.stdoutText.split(separator: "\n")
        #expect(lines.count == 1, "stdout: \(run.stdoutText)")
        // The one line is the code's first read, in the stream's first frames.
        let line = String(lines.first ?? "")
        let frame = line.range(of: "\"frame\":").flatMap { Int(line[$0.upperBound...].prefix(while: \.isNumber)) }
        #expect((frame ?? 99) < 5)
        let recorded = try String(contentsOfFile: history, encoding: .utf8).split(separator: "\n")
        #expect(recorded.count == 1)
        #expect(recorded.first?.contains("https://example.org/camera") == true)
    }

    @Test func theScreenRingsOnceIn20Seconds() throws {
        let camera = FakeCamera()
        let bells = directory.path + "/bells"
        let gate = directory.path + "/gate"
        let history = directory.path + "/history.jsonl"
        // qrtui starts only once the bell hook is in place.
        let session = try TmuxSession(
            width: 120, height: 40,
            command:
                "sh -c 'while [ ! -e \(gate) ]; do sleep 0.05; done'; \(camera.shellPrefix) LANG=C.UTF-8 \(QRTUIProcess.executable) -d /dev/video0 "
                + "--timeout 20 --format json --history \(history)")
        try session.tmux(["set-hook", "-g", "alert-bell", "run-shell 'echo bell >> \(bells)'"])
        try session.tmux(["set", "-g", "monitor-bell", "on"])
        #expect(FileManager.default.createFile(atPath: gate, contents: Data()))
        try session.waitFor("the success status") { $0.text.contains("✔ QR-Code") }
        let done = try session.waitFor("the end of the 20 s", seconds: 40) { $0.text.contains("EXIT=") }
        #expect(done.exitStatus == 0)
        #expect(done.lines.filter { $0.contains("\"type\":\"QR-Code\"") }.count == 1)
        #expect(try String(contentsOfFile: history, encoding: .utf8).split(separator: "\n").count == 1)
        #expect(try String(contentsOfFile: bells, encoding: .utf8).split(separator: "\n") == ["bell"])
    }
}
