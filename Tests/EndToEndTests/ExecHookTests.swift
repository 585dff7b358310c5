import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import Glibc
import PictureFiles
import Testing

/// `--exec CMD` through the real binary: once per code announced, the payload on stdin and the
/// code in `QRTUI_*`, no shell, one at a time, a deadline, output dropped, failures said and
/// never an end to the scan, secrets only when asked.
@Suite struct ExecHookTests {
    let directory = TemporaryDirectory("exec-hook")

    /// A clip showing each text's QR code for five frames, in turn.
    func clip(_ texts: [String]) -> String {
        let frames = texts.flatMap { text in
            Array(repeating: CodeFixtures.qrScene(text, width: 320, height: 240, moduleSize: 4), count: 5)
        }
        return directory.write("codes-\(texts.joined().filter { $0.isLetter }).y4m", Y4MEncoder.encode(frames))
    }

    func file(_ name: String) -> String {
        (try? String(contentsOfFile: directory.path + "/" + name, encoding: .utf8)) ?? ""
    }

    /// Runs qrtui headless in the test's folder (relative paths land there).
    func run(_ arguments: [String], deadline: Double = 60) throws -> QRTUIRun {
        try QRTUIProcess.run(
            arguments, deadline: deadline, shell: "cd '\(directory.path)'")
    }

    @Test func eachCodeRunsTheCommandOnceWithItsPayloadOnStdin() throws {
        let run = try run(["--exec", "tee -a out.txt", "--no-preview", "-i", clip(["alpha", "beta", "gamma"])])
        #expect(run.status == 0)
        #expect(run.stdoutText == "alpha\nbeta\ngamma\n")
        #expect(file("out.txt") == "alphabetagamma")
        #expect(run.stderr.isEmpty)
    }

    @Test func theCodeIsInTheEnvironmentAndNothingIsExpandedButByAShellAsked() throws {
        let hook = "sh -c 'env | grep ^QRTUI_ | sort > env.txt; printf %s \"$0\" > zero.txt' '$HOME;`id`'"
        let path = clip(["https://example.org/x"])
        let run = try run(["--exec", hook, "--no-preview", "-i", path])
        #expect(run.status == 0)
        #expect(
            file("env.txt")
                == "QRTUI_KIND=url\nQRTUI_SOURCE=\(path)\nQRTUI_TEXT=https://example.org/x\nQRTUI_TYPE=QR-Code\n")
        #expect(file("zero.txt") == "$HOME;`id`")
    }

    /// A hook that hangs is stopped at its deadline, said, and the next code still runs its hook.
    @Test func aHangingHookIsStoppedAtItsDeadlineAndTheNextCodeRuns() throws {
        let hook =
            "sh -c 'if [ \"$QRTUI_TEXT\" = alpha ]; then sleep 30 & echo $! > sleep.pid; wait; fi; cat >> out.txt'"
        let started = Date()
        let run = try run(["--exec", hook, "--exec-timeout", "1", "--no-preview", "-i", clip(["alpha", "beta"])])
        #expect(run.status == 0 && run.stdoutText == "alpha\nbeta\n")
        #expect(run.stderr == "qrtui: --exec: sh was stopped after 1 s (--exec-timeout)\n")
        #expect(file("out.txt") == "beta")
        #expect(Date().timeIntervalSince(started) < 20)  // the sleep was not waited for
        // The hook's child went with it: its whole group was ended.
        let child = try #require(pid_t(file("sleep.pid").filter(\.isNumber)))
        let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)
        #expect(
            stat == nil || stat?.split(separator: ")").last?.hasPrefix(" Z") == true, "the hook's child outlived it")
    }

    /// 100 MB printed by the hook is read and dropped: nothing of it is kept or shown.
    @Test func aHookThatPrintsMuchIsReadAndDropped() throws {
        let hook = "sh -c 'head -c 100000000 /dev/zero; head -c 100000000 /dev/zero >&2; cat > got.txt'"
        let run = try run(["--exec", hook, "--no-preview", "-i", clip(["talkative"])])
        #expect(run.status == 0 && run.stdoutText == "talkative\n")
        #expect(file("got.txt") == "talkative")
        #expect(run.peakKilobytes > 0 && run.peakKilobytes < 80_000, "\(run.peakKilobytes) kB")
    }

    /// A failing hook is said on stderr for each code, and the scan goes on to its end.
    @Test func aFailingHookIsSaidAndNeverStopsTheScan() throws {
        let hook = "sh -c 'echo \"no room\" >&2; exit 3'"
        let run = try run(["--exec", hook, "--no-preview", "-i", clip(["one", "two"])])
        #expect(run.status == 0 && run.stdoutText == "one\ntwo\n")
        #expect(run.stderr == String(repeating: "qrtui: --exec: sh exited 3: no room\n", count: 2))
        let missing = try self.run(["--exec", "no-such-hook-here", "--no-preview", "-i", clip(["three"])])
        #expect(missing.stdoutText == "three\n" && missing.stderr == "qrtui: --exec: no-such-hook-here not found\n")
    }

    /// A Wi-Fi password reaches the hook only with --exec-secrets.
    @Test func secretsReachTheHookOnlyWhenAsked() throws {
        let wifi = clip(["WIFI:T:WPA;S:lab;P:s3cret;;"])
        let held = try run(["--exec", "tee got.txt", "--no-preview", "-i", wifi])
        #expect(held.status == 0 && file("got.txt").isEmpty)
        #expect(held.stderr.contains("--exec: tee not run for a code that holds a secret (--exec-secrets hands it on)"))
        let given = try run(["--exec", "tee got.txt", "--exec-secrets", "--no-preview", "-i", wifi])
        #expect(given.stderr.isEmpty && file("got.txt") == "WIFI:T:WPA;S:lab;P:s3cret;;")
    }

    @Test func aBrokenCommandIsAUsageError() throws {
        let run = try run(["--exec", "sh -c 'unclosed", "--no-preview", "-i", clip(["x"])])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("qrtui: --exec: an unclosed quote or a lone backslash in"))
    }

    /// On the screen the hook's state shows on the status line.
    @Test func theScreenShowsTheHooksState() throws {
        let still = directory.write(
            "code.png", PNGCodec.encode(CodeFixtures.qrScene("shown", width: 300, height: 300, moduleSize: 4)))
        let session = try TmuxSession(
            width: 140, height: 30,
            command:
                "\(QRTUIProcess.executable) -i \(still) --exec 'sh -c \"sleep 1; cat > \(directory.path)/seen.txt\"'"
        )
        try session.waitFor("the hook running") { $0.text.contains("--exec: running sh") }
        try session.waitFor("the hook done", seconds: 10) { $0.text.contains("--exec: sh done") }
        #expect(file("seen.txt") == "shown")
        try session.send("q")
    }
}
