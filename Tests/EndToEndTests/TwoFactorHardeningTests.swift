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

    /// Payloads that hold a secret where no prefix tells: each is masked on a terminal and kept
    /// from a hook that was not given secrets.
    static let hiddenSecrets = [
        " otpauth://totp/x?secret=JBSWY3DPEHPK3PXP",
        "MECARD:N:Alice;NOTE:otpauth://totp/x?secret=JBSWY3DPEHPK3PXP;;",
        "https://example.org/next?to=otpauth://totp/x?issuer=y&secret=JBSWY3DPEHPK3PXP",
        "https://example.org/next?to=otpauth%3A%2F%2Ftotp%2Fx%3Fsecret%3DJBSWY3DPEHPK3PXP%26issuer%3Dy",
        "WIFI:T:WPA;P:JBSWpassword;;", "WIFI:S:;T:WPA;P:JBSWpassword;;", "\u{FEFF}WIFI:S:home;T:WPA;P:JBSWpassword;;",
    ]

    @Test(arguments: hiddenSecrets.indices)
    func aSecretAnywhereInThePayloadIsMaskedAndWithheld(index: Int) throws {
        let file = picture(Self.hiddenSecrets[index], name: "hidden-\(index).png")
        let shown = try onATerminal(["--no-preview", file])
        #expect(!shown.uppercased().contains("JBSW") && shown.contains("••••••••"), "\(shown)")
        let hooked = try QRTUIProcess.run(["--no-preview", "--exec", "tee \(directory.path)/hook-\(index).txt", file])
        #expect(hooked.status == 0, "\(hooked.stderr)")
        #expect(hooked.stderr.contains("--exec: tee not run for a code that holds a secret"), "\(hooked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(directory.path)/hook-\(index).txt"))
    }

    static let partedURI =
        "otpauth://totp/Example:alice@example.com?secret=JBSWY3DPEHPK3PXPGEZDGNBVGY3TQOJQ&issuer=Example&digits=6"
    static let secret = "JBSWY3DPEHPK3PXPGEZDGNBVGY3TQOJQ"

    /// No five characters of the secret in a row.
    static func holdsNoPieceOfTheSecret(_ text: String) -> Bool {
        let secret = Array(Self.secret)
        return !(0...(secret.count - 5)).contains { text.contains(String(secret[$0..<$0 + 5])) }
    }

    /// A two-factor URI split over structured-append parts (`qrencode -S -v 2`), one file each:
    /// no part is shown, printed or handed on; the whole message is, masked on a terminal, kept
    /// from a hook; JSON lists the parts as parts.
    @Test func aSecretInPartsIsShownOnlyWholeAndMasked() throws {
        let symbols = QRMatrix.structured(text: Self.partedURI, version: 2)
        #expect(symbols.count >= 4)
        let files = symbols.enumerated().map { index, symbol in
            directory.write("part-\(index).png", PNGCodec.encode(symbol.render(moduleSize: 4, dark: 20, light: 235)))
        }
        let shown = try onATerminal(["--no-preview"] + files)
        #expect(Self.holdsNoPieceOfTheSecret(shown), "\(shown)")
        #expect(shown.contains("otpauth://totp/Example:alice@example.com?secret=••••••••&issuer=Example"), "\(shown)")
        let piped = try QRTUIProcess.run(["--no-preview"] + files)
        #expect(piped.status == 0 && piped.stdoutText == Self.partedURI + "\n", "\(piped.stderr)")
        let hooked = try QRTUIProcess.run(["--no-preview", "--exec", "tee \(directory.path)/parts.txt"] + files)
        #expect(!FileManager.default.fileExists(atPath: "\(directory.path)/parts.txt"))
        #expect(
            hooked.stderr == "qrtui: --exec: tee not run for a code that holds a secret (--exec-secrets hands it on)\n")
        let json = try QRTUIProcess.run(["--no-preview", "--format", "json"] + files)
        // Each part as it is read, until the last completes the message.
        let lines = json.stdoutText.split(separator: "\n")
        #expect(lines.count == symbols.count)
        for (index, line) in lines.dropLast().enumerated() {
            #expect(line.contains("\"part\":{\"index\":\(index + 1),\"count\":\(symbols.count),"), "\(line)")
        }
        #expect(lines.last.map { $0.contains("\"kind\":\"otp\"") && !$0.contains("\"part\"") } == true)
    }

    /// The parts shown to a camera one after another (a clip), the last held in sight after the
    /// join: the message is announced once, and nothing else.
    @Test func partsInTurnAnnounceTheirMessageOnce() throws {
        let symbols = QRMatrix.structured(text: Self.partedURI, version: 2)
        let scenes = symbols.map { symbol in
            Frame.filled(width: 320, height: 240, value: 200).drawing(
                symbol.render(moduleSize: 4, dark: 20, light: 235), centreX: 160, centreY: 120)
        }
        let frames = scenes.flatMap { Array(repeating: $0, count: 5) } + Array(repeating: scenes.last!, count: 30)
        let clip = directory.write("parts.y4m", Y4MEncoder.encode(frames))
        let piped = try QRTUIProcess.run(["--no-preview", "-i", clip])
        #expect(piped.status == 0 && piped.stdoutText == Self.partedURI + "\n", "\(piped.stderr)")
        let shown = try onATerminal(["--no-preview", "-i", clip])
        #expect(Self.holdsNoPieceOfTheSecret(shown), "\(shown)")
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
