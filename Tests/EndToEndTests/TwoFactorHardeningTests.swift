import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import SystemCalls
import Testing

/// Two-factor codes from outside: an export whose numbers are at their extremes is read, not
/// a crash; a secret however spelt never reaches a terminal's stdout.
@Suite struct TwoFactorHardeningTests {
    let directory = TemporaryDirectory("two-factor-hardening")

    func picture(_ text: String, name: String) -> String {
        let code = QRMatrix(text: text)!.render(moduleSize: 4, dark: 20, light: 235)
        return directory.write(name, PNGCodec.encode(code))
    }

    /// What qrtui writes on a terminal of its own (stdout and stderr both), to its end.
    func onATerminal(_ arguments: [String]) throws -> String {
        let terminal = try Pseudoterminal(columns: 200, rows: 30)
        defer { close(terminal.master) }
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        let pid = try ChildProcess.spawn(
            QRTUIProcess.executable, arguments, environment: environment, stdout: .file(terminal.slavePath),
            stderr: .file(terminal.slavePath), newSession: true)
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = MonotonicClock.now() + 30
        while MonotonicClock.now() < deadline {
            var descriptors = [pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)]
            guard try Syscall.poll(&descriptors, milliseconds: 100) > 0 else {
                if kill(pid, 0) != 0 || ChildProcess.reaped(pid) != nil { break }
                continue
            }
            let count = read(terminal.master, &buffer, buffer.count)
            guard count > 0 else { break }  // EIO: the last of the slave's holders has gone
            output += buffer.prefix(count)
        }
        _ = ChildProcess.wait(pid, until: MonotonicClock.now() + 5)
        return String(decoding: output, as: UTF8.self)
    }

    /// Google Authenticator's export with batch index 2^63−1 of 2 (the fuzzer's crasher).
    @Test func anExportWithABatchIndexAtItsLimitIsRead() throws {
        let crasher = try #require(
            FileManager.default.contents(atPath: FuzzFolder.root + "/crashers/migration/batch-index-overflow.bin"))
        let text = MigrationExport.uri(Array(crasher))
        let run = try QRTUIProcess.run(["--no-preview", picture(text, name: "export.png")])
        #expect(run.status == 0 && run.stdoutText == text + "\n", "\(run.status): \(run.stderr)")
        let json = try QRTUIProcess.run(["--no-preview", "--format", "json", picture(text, name: "export.png")])
        #expect(json.status == 0 && json.stdoutText.contains("\"kind\":\"otpexport\""), "\(json.stderr)")
        #expect(!json.stdoutText.contains("\"batch\""), "a batch whose index is past its size is told")
    }

    /// Headless on a terminal, in text and in `--format otpauth`.
    @Test(arguments: TwoFactorFixtures.secretSpellings.indices)
    func aSecretHoweverSpeltIsMaskedOnATerminal(index: Int) throws {
        let file = picture(TwoFactorFixtures.secretSpellings[index], name: "secret-\(index).png")
        for format in ["text", "otpauth"] {
            let shown = try onATerminal(["--no-preview", "--format", format, file])
            #expect(!shown.uppercased().contains("JBSW"), "\(format): \(shown)")
        }
        let plain = try onATerminal(["--no-preview", file])
        #expect(plain.contains("••••••••"), "\(plain)")
    }
}

/// The fuzz seeds and crashers kept in the tree.
enum FuzzFolder {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        url.appendPathComponent("Fuzz")
        return url.path
    }()
}
