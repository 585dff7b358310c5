import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import OneTimeCodes
import PictureFiles
import SystemCalls
import Testing

/// What a code means, on the live screen: a Wi-Fi network with its password masked and
/// copied by `c`, a link opened by `o` through `$BROWSER` with exactly one argument, and a
/// warned link only on a second press.
@Suite struct MeaningScreenTests {
    let directory = TemporaryDirectory("meaning-screen")

    func picture(_ payload: String) -> String {
        directory.write(
            "code.png", PNGCodec.encode(CodeFixtures.qrScene(payload, width: 300, height: 300, moduleSize: 4)))
    }

    @Test func aWiFiPasswordIsMaskedCopiedByCAndShownByR() throws {
        let session = try TmuxSession(
            width: 160, height: 30,
            command: "\(QRTUIProcess.executable) -i \(picture("WIFI:T:WPA;S:lab-net;P:s3cret!;;")) --no-beep",
            clipboard: true)
        let pane = try session.waitFor("the network") { $0.lines[29].contains("Wi-Fi lab-net") }
        #expect(pane.lines[29].contains("Wi-Fi lab-net (WPA), password •••••••• "))
        #expect(!pane.text.contains("s3cret!"))
        try session.send("c")
        let copied = try session.waitFor("the copy notice") { $0.lines[29].contains("copied") }
        #expect(copied.lines[29].contains("copied the Wi-Fi password: 7 bytes"))
        #expect(try session.buffer() == "s3cret!")
        #expect(copied.lines[29].contains("c again: the ssid"))
        try session.send("c")  // again soon: the next field
        try session.waitFor("the second copy") { $0.lines[29].contains("copied the ssid") }
        #expect(try session.buffer() == "lab-net")
        try session.send("r")
        try session.waitFor("the password shown") { $0.lines[29].contains("password s3cret!") }
        try session.send("q")
    }

    /// Notices are never cut: at 120 columns beside a two-factor code's summary, what `c` copied
    /// and why `o` opens nothing are given whole on a line above the status.
    @Test func noticesBesideALongStatusAreGivenWhole() throws {
        let otp = picture("otpauth://totp/GitHub:alice?secret=JBSWY3DPEHPK3PXP&issuer=GitHub")
        let session = try TmuxSession(
            width: 120, height: 30, command: "\(QRTUIProcess.executable) -i \(otp) --no-beep", clipboard: true)
        try session.waitFor("the account") { $0.lines[29].contains("2FA GitHub: alice") }
        try session.send("c")
        let copied = try session.waitFor("the copy notice") { $0.text.contains("copied the secret") }
        let notice = copied.lines[28].trimmingCharacters(in: .whitespaces)
        #expect(notice.hasPrefix("copied the secret: 16 bytes") && !notice.contains("…"))
        #expect(copied.lines[29].contains("2FA GitHub: alice"))
        try session.send("o")
        let refused = try session.waitFor("why o opens nothing") { $0.text.contains("not opened") }
        #expect(
            refused.lines[28].trimmingCharacters(in: .whitespaces)
                == "not opened: a two-factor secret is never handed on")
        try session.send("q")
    }

    /// `r` on a code with nothing hidden says so, as `t` and `w` say why they do nothing there.
    @Test func revealOnALinkSaysWhyItDoesNothing() throws {
        let link = picture("https://example.com/menu")
        let session = try TmuxSession(
            width: 140, height: 30, command: "\(QRTUIProcess.executable) -i \(link) --no-beep")
        try session.waitFor("the link") { $0.lines[29].contains("example.com") }
        try session.send("r")
        try session.waitFor("why r does nothing") { $0.lines[29].contains("nothing hidden in this code to show") }
        try session.send("t")
        try session.waitFor("why t does nothing") { $0.lines[29].contains("no two-factor account") }
        try session.send("q")
    }

    /// A two-factor code on the screen: its secret masked on the status line and in `h`, and
    /// still after `r` (which reveals passwords); `t` shows the code it makes now, the one an
    /// authenticator app shows for this second.
    @Test func aTwoFactorSecretIsNeverShown() throws {
        let secret = "JBSWY3DPEHPK3PXP"
        let otp = picture("otpauth://totp/GitHub:alice?secret=\(secret)&issuer=GitHub")
        let session = try TmuxSession(width: 140, height: 30, command: "\(QRTUIProcess.executable) -i \(otp) --no-beep")
        let pane = try session.waitFor("the account") { $0.lines[29].contains("2FA GitHub: alice") }
        #expect(pane.lines[29].contains("secret ••••••••"))
        #expect(!pane.text.contains(secret))
        try session.send("h")
        let list = try session.waitFor("the list") { $0.text.contains("codes read (1)") }
        #expect(list.text.contains("otp") && !list.text.contains(secret))
        try session.send("h", "r")
        try session.send("t")
        let before = WallClock.now()
        let shown = try session.waitFor("the code now") { $0.lines[29].contains("s left)") }
        let after = WallClock.now()
        #expect(!shown.text.contains(secret))
        // The code of one of the 30 s steps the look fell in (it may cross a step's end).
        let generator = OneTimeCode(secret: [0x48, 0x65, 0x6C, 0x6C, 0x6F, 0x21, 0xDE, 0xAD, 0xBE, 0xEF])
        let codes = [before, after].compactMap { generator.totp(at: $0)?.code }
        #expect(codes.contains { shown.lines[29].contains("code \($0) (") }, "\(codes): \(shown.lines[29])")
        try session.send("q")
    }

    /// A stub nmcli on PATH: it logs its arguments and its stdin, says `said` and exits with
    /// `status`. The PATH that finds it.
    func stubNmcli(said: String = "", status: Int = 0) throws -> (path: String, log: String) {
        let log = directory.path + "/nmcli.log"
        let bin = directory.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script =
            "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done > \(log).args\ncat > \(log).stdin\n"
            + "printf '\(said)' >&2\necho done > \(log)\nexit \(status)\n"
        chmod(directory.write("bin/nmcli", Array(script.utf8)), 0o755)
        return ("\(bin):/usr/bin:/bin", log)
    }

    /// `w` twice: nmcli (a stub on PATH here) is asked to join, each part an argument, and
    /// the password given on its stdin: never on a command line, where `ps` shows it.
    @Test func wJoinsTheNetworkWithNmcliOnASecondPress() throws {
        let nmcli = try stubNmcli()
        let wifi = picture("WIFI:T:WPA;S:lab net;P:s3 cret;H:true;;")
        let session = try TmuxSession(
            width: 120, height: 30,
            command: "env PATH=\(nmcli.path) \(QRTUIProcess.executable) -i \(wifi) --no-beep")
        try session.waitFor("the network") { $0.lines[29].contains("Wi-Fi lab net") }
        try session.send("w")
        try session.waitFor("the question") { $0.lines[29].contains("w again joins lab net") }
        #expect(!FileManager.default.fileExists(atPath: nmcli.log))
        try session.send("w")
        #expect(waitForFile(nmcli.log) == "done\n")
        #expect(
            try String(contentsOfFile: nmcli.log + ".args", encoding: .utf8)
                == "--ask\ndevice\nwifi\nconnect\nlab net\nhidden\nyes\n")
        #expect(try String(contentsOfFile: nmcli.log + ".stdin", encoding: .utf8) == "s3 cret\n")
        try session.waitFor("the outcome") { $0.lines[29].contains("joined lab net") }
        try session.send("q")
    }

    /// nmcli failing is said on the status line, its message escaped; and the hint of an
    /// earlier `c` does not stick to it.
    @Test func aFailedJoinSaysWhyNmcliFailed() throws {
        let nmcli = try stubNmcli(said: "Error: No network with SSID \\033[31mlab\\033[0m found.\\n", status: 10)
        let wifi = picture("WIFI:T:WPA;S:lab;P:secret99;;")
        let session = try TmuxSession(
            width: 160, height: 30,
            command:
                "env PATH=\(nmcli.path) \(QRTUIProcess.executable) -i \(wifi) --no-beep", clipboard: true)
        try session.waitFor("the network") { $0.lines[29].contains("Wi-Fi lab") }
        try session.send("c")
        try session.waitFor("the copy") { $0.lines[29].contains("c again: the ssid") }
        try session.send("w", "w")
        let pane = try session.waitFor("the failure") { $0.lines[29].contains("nmcli failed") }
        #expect(pane.lines[29].contains("nmcli failed (exit 10): Error: No network with SSID \\e[31mlab\\e[0m found."))
        #expect(!pane.lines[29].contains("c again"))
        try session.send("q")
    }

    /// The opener is a stub that writes how many arguments it got and each on a line.
    func stubBrowser() throws -> (script: String, log: String) {
        let log = directory.path + "/opened"
        let script = directory.write(
            "browser",
            // Written whole, then renamed into place: the test never reads the count alone.
            Array(
                "#!/bin/sh\n{ echo \"$#\"; for a in \"$@\"; do echo \"$a\"; done; } > \(log).part && mv \(log).part \(log)\n"
                    .utf8))
        chmod(script, 0o755)
        return (script, log)
    }

    func waitForFile(_ path: String) -> String? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") { return text }
            usleep(20_000)
        }
        return nil
    }

    @Test func oOpensALinkWithExactlyOneArgument() throws {
        let (browser, log) = try stubBrowser()
        let link = "https://example.org/a?x=1&y=$(id);`id`"
        let session = try TmuxSession(
            width: 120, height: 30,
            command: "env BROWSER=\(browser) \(QRTUIProcess.executable) -i '\(picture(link))' --no-beep")
        try session.waitFor("the link") { $0.lines[29].contains("example.org") }
        try session.send("o")
        #expect(waitForFile(log) == "1\n\(link)\n")
        // Too long to sit beside the link: given whole on the line above.
        try session.waitFor("the notice") { $0.lines[28].contains("ran browser https://example.org/a?x=1") }
        try session.send("q")
    }

    @Test func aWarnedLinkOpensOnlyOnASecondPress() throws {
        let (browser, log) = try stubBrowser()
        let session = try TmuxSession(
            width: 120, height: 30,
            command:
                "env BROWSER=\(browser) \(QRTUIProcess.executable) -i '\(picture("http://192.168.1.20/login"))' --no-beep"
        )
        let pane = try session.waitFor("the warning") { $0.lines[29].contains("http +1") }
        #expect(pane.lines[29].contains("⚠ http +1"))
        try session.send("o")
        try session.waitFor("the caution") { $0.lines[29].contains("o again opens (http, IP)") }
        #expect(!FileManager.default.fileExists(atPath: log))
        try session.send("o")
        #expect(waitForFile(log) == "1\nhttp://192.168.1.20/login\n")
        // ? tells why, at the top of the help box.
        try session.send("?")
        let help = try session.waitFor("the help box") { $0.text.contains("this code") }
        #expect(help.text.contains("⚠ http: plain http"))
        #expect(help.text.contains("⚠ IP: the host is a bare IP address"))
        try session.send("q")
    }
}
