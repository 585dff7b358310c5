import CodeFixtures
import Foundation
import FrameCore
import Glibc
import PictureFiles
import SystemCalls
import Testing

/// `--screen` through the desktop's screenshot portal (GNOME, KDE): a portal of the test's own
/// (fake-portal) on a private session bus (dbus-daemon), answering with a picture, refusing,
/// never answering, or hostile (another client answering, an answer on another request, a file
/// that is no shot of its own); and grim where the bus has no portal.
@Suite struct ScreenshotPortalTests {
    let directory = TemporaryDirectory("portal")

    /// A private session bus with the fake portal on it, answering as `mode` says; both are
    /// ended when the returned value goes.
    final class Desktop {
        let address: String
        let log: String
        private var pids: [pid_t] = []

        init(mode: String, picture: String, in folder: String, other: String? = nil, portal: Bool = true) throws {
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
            environment["HOME"] = folder
            pids.append(
                try ChildProcess.spawn(
                    QRTUIProcess.productsDirectory + "/fake-portal", [mode, picture, log] + (other.map { [$0] } ?? []),
                    environment: environment, stderr: .inherit))
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

    /// qrtui --screen headless on `desktop`'s bus, with no display (the portal needs none), the
    /// test's folder as its home.
    func screen(_ desktop: Desktop, _ arguments: [String] = []) throws -> QRTUIRun {
        try QRTUIProcess.run(
            ["--screen"] + arguments + ["--no-preview"],
            environment: [
                "DBUS_SESSION_BUS_ADDRESS": desktop.address, "WAYLAND_DISPLAY": "", "DISPLAY": "",
                "PATH": "/usr/bin:/bin", "HOME": directory.path, "XDG_CONFIG_HOME": "", "TMPDIR": "",
            ])
    }

    /// Where GNOME's shell puts a shot, and the fake portal too.
    var screenshots: String { directory.path + "/Pictures/Screenshots" }

    /// Files the portal wrote that are still there.
    var shotsLeft: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: screenshots)) ?? []).filter {
            $0.hasPrefix("portal shot")
        }
    }

    /// A file of the user's own, there before the screenshot was asked for, in the portal's folder.
    func victim(_ name: String, _ bytes: [UInt8]) throws -> String {
        try FileManager.default.createDirectory(atPath: screenshots, withIntermediateDirectories: true)
        return directory.write("Pictures/Screenshots/" + name, bytes)
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
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

    /// Another client on the bus answers the request first, naming the user's files: the answer
    /// is not the portal's, and the portal's own is waited for.
    @Test(arguments: ["impostor", "stray"]) func onlyThePortalAnswersOnTheRequestsOwnObject(mode: String) throws {
        let photo = try victim("holiday.png", PNGCodec.encode(CodeFixtures.qrScene("not the shot", moduleSize: 4)))
        let desktop = try Desktop(mode: mode, picture: picture, in: directory.path, other: photo)
        let run = try screen(desktop)
        #expect(run.status == 0 && run.stdoutText == "from the portal\n", "\(run.stderr)")
        #expect(Self.exists(photo), "the picture the false answer named was removed")
        #expect(shotsLeft.isEmpty)
    }

    /// The portal itself names what is no shot of its own: each is refused or read as it is, and
    /// every one of them is still there afterwards.
    @Test func nothingThePortalNamesIsRemovedUnlessItIsItsOwnShot() throws {
        let outside = directory.write("elsewhere.png", PNGCodec.encode(CodeFixtures.qrScene("the user's own")))
        let old = try victim("old shot.png", PNGCodec.encode(CodeFixtures.qrScene("an older shot")))
        let text = try victim("notes.txt", Array("keep me\n".utf8))
        let link = screenshots + "/link.png"
        #expect(symlink(outside, link) == 0)
        let fifo = screenshots + "/shot.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let folder = screenshots + "/a folder.png"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let sparse = screenshots + "/huge.png"
        let fd = open(sparse, O_CREAT | O_WRONLY, 0o600)
        #expect(fd >= 0 && ftruncate(fd, 2 << 30) == 0)
        close(fd)
        // A device node: the test's own where it may make one (as root: /dev/zero's numbers, 1 and
        // 5), else /dev/zero itself.
        let device = screenshots + "/zero"
        let node = mknod(device, S_IFCHR | 0o600, dev_t(1 << 8 | 5)) == 0 ? device : "/dev/zero"
        let cases: [(path: String, status: Int32, message: String?, code: String?)] = [
            (outside, 0, nil, "the user's own"),
            (old, 0, nil, "an older shot"),
            (text, 1, "qrtui: screen: unsupported: not a PNG", nil),
            (link, 1, "qrtui: the screenshot portal named a symbolic link, not a picture file: \(link)", nil),
            (fifo, 1, "qrtui: the screenshot portal named a FIFO, not a picture file: \(fifo)", nil),
            (folder, 1, "qrtui: the screenshot portal named a folder, not a picture file: \(folder)", nil),
            (node, 1, "qrtui: the screenshot portal named a device, not a picture file: \(node)", nil),
            (sparse, 1, "qrtui: the screenshot portal's file is larger than 256 MB: \(sparse)", nil),
        ]
        for (index, test) in cases.enumerated() {
            let place = directory.path + "/bus\(index)"
            try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: true)
            let desktop = try Desktop(mode: "name", picture: test.path, in: place)
            let started = MonotonicClock.now()
            let run = try screen(desktop, ["--timeout", "20"])
            #expect(run.status == test.status, "\(test.path): \(run.stderr)")
            #expect(MonotonicClock.now() - started < 10, "\(test.path) held qrtui")
            if let code = test.code { #expect(run.stdoutText == code + "\n") }
            if let message = test.message {
                #expect(run.stderr.hasPrefix(message), "\(test.path): \(run.stderr)")
            }
        }
        for path in [outside, old, text, link, fifo, folder, sparse, node] {
            #expect(Self.exists(path), "\(path) was removed")
        }
    }

    /// A portal that never answers is given up at the run's deadline, and that is what is said.
    @Test func theDeadlineSaysThePortalDidNotAnswer() throws {
        let desktop = try Desktop(mode: "silent", picture: "-", in: directory.path)
        let run = try screen(desktop, ["--timeout", "2"])
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(run.stderr == "qrtui: the desktop's screenshot portal did not answer by the deadline (--timeout)\n")
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
