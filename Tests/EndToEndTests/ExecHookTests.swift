import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import Glibc
import PictureFiles
import SystemCalls
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

    /// What a hook starts in a session of its own (setsid: out of the group qrtui ends) ends with
    /// it too: qrtui runs the hook under a reaper that adopts it.
    @Test func whatAHookStartsInASessionOfItsOwnEndsWithIt() throws {
        let hook =
            "sh -c 'setsid sh -c \"echo \\$\\$ > grand.pid; exec sleep 60\" </dev/null >/dev/null 2>&1 & sleep 0.5'"
        let run = try run(["--exec", hook, "--no-preview", "-i", clip(["adopted"])])
        #expect(run.status == 0 && run.stdoutText == "adopted\n", "\(run.stderr)")
        let grandchild = try #require(pid_t(file("grand.pid").filter(\.isNumber)))
        let deadline = MonotonicClock.now() + 5
        while kill(grandchild, 0) == 0 && MonotonicClock.now() < deadline {
            MonotonicClock.sleep(until: MonotonicClock.now() + 0.05)
        }
        #expect(kill(grandchild, 0) != 0, "the hook's grandchild in a session of its own outlived it")
    }

    /// The run's deadline ends the queue: the run going is stopped, those not started are said
    /// not handed on, and qrtui ends near its deadline, not a hook's timeout per code later.
    @Test func theRunsDeadlineEndsTheQueue() throws {
        var sheet = Frame.filled(width: 1000, height: 800, value: 220)
        for index in 0..<20 {
            let code = try #require(QRMatrix(text: "label \(index)")).render(moduleSize: 4, dark: 20, light: 235)
            sheet = sheet.drawing(code, centreX: Double(100 + index % 5 * 200), centreY: Double(100 + index / 5 * 200))
        }
        let path = directory.write("sheet.png", PNGCodec.encode(sheet))
        let started = MonotonicClock.now()
        let run = try run(["--exec", "sleep 100", "--timeout", "5", "--no-preview", path], deadline: 60)
        #expect(run.stdoutText.split(separator: "\n").count == 20, "\(run.stdoutText)")
        #expect(
            run.stderr.contains("qrtui: --exec: sleep was stopped at the run's deadline (--timeout)\n"), "\(run.stderr)"
        )
        #expect(
            run.stderrLines.contains {
                $0.hasPrefix("qrtui: --exec: ")
                    && $0.hasSuffix("not handed on to sleep: the run's deadline came (--timeout)")
            },
            "\(run.stderr)")
        // Every one of the 20 runs would have taken its 10 s (--exec-timeout).
        #expect(MonotonicClock.now() - started < 30)
    }

    /// The hook's environment carries no escape from a file's name, and QRTUI_TEXT only text to
    /// print: a right-to-left override, a zero-width space or a line separator keeps it out.
    @Test func theEnvironmentCarriesNoEscapeAndNoInvisibleText() throws {
        let name = directory.write(
            "bell\u{07}title\u{1B}]0;owned\u{07}.y4m",
            Array(try Data(contentsOf: URL(fileURLWithPath: clip(["plain"])))))
        let hook = "sh -c 'printf %s \"$QRTUI_SOURCE\" > source.txt; printf %s \"${QRTUI_TEXT-unset}\" >> text.txt'"
        let named = try run(["--exec", hook, "--no-preview", "-i", name])
        #expect(named.status == 0)
        let source = file("source.txt")
        #expect(
            !source.contains("\u{1B}") && !source.contains("\u{07}")
                && source.hasSuffix("bell\\x07title\\e]0;owned\\x07.y4m"), "\(source)")
        for text in ["right\u{202E}left", "zero\u{200B}width", "line\u{2028}separator"] {
            _ = try run(["--exec", hook, "--no-preview", "-i", clip([text])])
        }
        #expect(file("text.txt") == "plainunsetunsetunset", "\(file("text.txt"))")
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
