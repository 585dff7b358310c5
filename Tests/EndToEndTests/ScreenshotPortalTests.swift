import CodeFixtures
import Foundation
import FrameCore
import Glibc
import PictureFiles
import SystemCalls
import Testing

/// `--screen` through the desktop's screenshot portal (GNOME, KDE): a portal of the test's own
/// (fake-portal) on a private session bus (dbus-daemon), answering with a picture, refusing, or
/// never answering; and grim where the bus has no portal.
@Suite struct ScreenshotPortalTests {
    let directory = TemporaryDirectory("portal")

    /// A private session bus with the fake portal on it, answering as `mode` says; both are
    /// ended when the returned value goes.
    final class Desktop {
        let address: String
        let log: String
        private var pids: [pid_t] = []

        init(mode: String, picture: String, in folder: String, portal: Bool = true) throws {
            let socket = folder + "/bus"
            address = "unix:path=" + socket
            log = folder + "/portal.log"
            pids.append(
                try ChildProcess.spawn(
                    "/usr/bin/dbus-daemon", ["--session", "--address=\(address)", "--nofork"], stderr: .inherit))
            try Self.poll("the bus") { access(socket, F_OK) == 0 }
            guard portal else { return }
            var environment = ProcessEnvironment.all
            environment["DBUS_SESSION_BUS_ADDRESS"] = address
            pids.append(
                try ChildProcess.spawn(
                    QRTUIProcess.productsDirectory + "/fake-portal", [mode, picture, log], environment: environment,
                    stderr: .inherit))
            try Self.poll("the portal") { (try? String(contentsOfFile: self.log, encoding: .utf8)) == "ready\n" }
        }

        deinit {
            for pid in pids {
                kill(pid, SIGKILL)
                _ = ChildProcess.wait(pid)
            }
        }

        var calls: [String] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        static func poll(_ what: String, _ ready: () -> Bool) throws {
            let deadline = MonotonicClock.now() + 10
            while !ready() {
                try #require(MonotonicClock.now() < deadline, "\(what) never came up")
                MonotonicClock.sleep(until: MonotonicClock.now() + 0.02)
            }
        }
    }

    var picture: String {
        directory.write(
            "screen.png",
            PNGCodec.encode(CodeFixtures.qrScene("from the portal", width: 640, height: 400, moduleSize: 4)))
    }

    /// qrtui --screen headless on `desktop`'s bus, with no display (the portal needs none).
    func screen(_ desktop: Desktop, _ arguments: [String] = []) throws -> QRTUIRun {
        try QRTUIProcess.run(
            ["--screen"] + arguments + ["--no-preview"],
            environment: [
                "DBUS_SESSION_BUS_ADDRESS": desktop.address, "WAYLAND_DISPLAY": "", "DISPLAY": "",
                "PATH": "/usr/bin:/bin",
            ])
    }

    /// Files the portal wrote that are still there.
    var shotsLeft: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
            $0.hasPrefix("portal shot")
        }
    }

    @Test func thePortalsPictureIsReadAndItsFileRemoved() throws {
        let desktop = try Desktop(mode: "answer", picture: picture, in: directory.path)
        let run = try screen(desktop)
        #expect(run.status == 0 && run.stdoutText == "from the portal\n", "\(run.stderr)")
        #expect(desktop.calls == ["ready", "screenshot interactive=0"])
        #expect(shotsLeft.isEmpty)
        // `select` asks the desktop to let the user choose.
        let chosen = try screen(desktop, ["select"])
        #expect(chosen.stdoutText == "from the portal\n" && desktop.calls.last == "screenshot interactive=1")
        #expect(shotsLeft.isEmpty)
    }

    @Test func aRefusalIsSaid() throws {
        let desktop = try Desktop(mode: "refuse", picture: "-", in: directory.path)
        let run = try screen(desktop)
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(run.stderr == "qrtui: the desktop refused the screenshot (cancelled)\n")
    }

    @Test func aPortalThatNeverAnswersIsGivenUpAtItsDeadline() throws {
        let desktop = try Desktop(mode: "silent", picture: "-", in: directory.path)
        let started = MonotonicClock.now()
        let run = try screen(desktop)
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(run.stderr == "qrtui: the desktop's screenshot portal did not answer within 10 s\n")
        #expect(MonotonicClock.now() - started < 25)
        // The request was closed, so the desktop's dialog goes with it.
        try Desktop.poll("the request closed") { desktop.calls.last == "close" }
    }

    /// A bus without a portal: grim, as before.
    @Test func withoutAPortalGrimServes() throws {
        let desktop = try Desktop(mode: "answer", picture: picture, in: directory.path, portal: false)
        let bin = directory.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        chmod(directory.write("bin/grim", Array("#!/bin/sh\ncat \(picture)\n".utf8)), 0o755)
        let run = try QRTUIProcess.run(
            ["--screen", "--no-preview"],
            environment: [
                "DBUS_SESSION_BUS_ADDRESS": desktop.address, "WAYLAND_DISPLAY": "wayland-1", "DISPLAY": "",
                "PATH": "\(bin):/usr/bin:/bin",
            ])
        #expect(run.status == 0 && run.stdoutText == "from the portal\n", "\(run.stderr)")
    }
}
