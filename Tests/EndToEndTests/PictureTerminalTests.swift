import CodeFixtures
import Foundation
import FrameCore
import Glibc
import PictureFiles
import SystemCalls
import Testing

/// The camera as a picture in real terminals of pixels, under an X server without a screen:
/// xterm with sixel (`-ti vt340`) and kitty with its graphics protocol, each running qrtui with
/// `--preview picture` on a QR code. A screenshot of the terminal's own pixels is read by
/// zbarimg, and the green outline lies around the code as it is drawn there.
@Suite(.serialized) struct PictureTerminalTests {
    static let payload = "https://example.org/pixels"

    /// A process started for the test and ended with it.
    final class Started {
        let pid: pid_t
        init(_ path: String, _ arguments: [String], environment: [String: String]) throws {
            pid = try ChildProcess.spawn(path, arguments, environment: environment, ownGroup: true)
        }
        deinit {
            kill(-pid, SIGTERM)
            if ChildProcess.wait(pid, until: MonotonicClock.now() + 5) == .killedAtDeadline { kill(-pid, SIGKILL) }
        }
    }

    /// An X server of its own (Xvfb on a display no other test uses), ready for clients.
    static func xServer() throws -> (Started, [String: String]) {
        let number = 40 + Int(getpid() % 200)
        let server = try Started(
            "/usr/bin/Xvfb", [":\(number)", "-screen", "0", "1024x768x24", "+extension", "GLX", "-nolisten", "tcp"],
            environment: ProcessInfo.processInfo.environment)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":\(number)"
        environment["LANG"] = "C.UTF-8"
        environment.removeValue(forKey: "TMUX")
        let ready = poll(seconds: 20) { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") }
        try #require(ready, "Xvfb did not start")
        return (server, environment)
    }

    /// Polls `condition` until it holds or `seconds` pass.
    static func poll(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = MonotonicClock.now() + seconds
        while MonotonicClock.now() < deadline {
            if condition() { return true }
            usleep(200_000)
        }
        return condition()
    }

    /// The screen as it is now, as RGB pixels (ImageMagick's `import`, written as PPM).
    static func screenshot(_ environment: [String: String], into directory: TemporaryDirectory) -> RGBPicture? {
        let path = directory.path + "/shot.ppm"
        let run = Spawn.run(
            "/usr/bin/import", ["-window", "root", "-depth", "8", path], environment: environment, deadline: 20)
        guard run.status == 0, let data = FileManager.default.contents(atPath: path) else { return nil }
        return RGBPicture(ppm: Array(data))
    }

    /// Runs qrtui on a QR code in `terminal` until a screenshot of the terminal is read by
    /// zbarimg; checks the outline around the code as it is drawn.
    func check(
        terminal: String, arguments: (String) -> [String], extra: [String: String] = [:], probed: String
    ) throws {
        let directory = TemporaryDirectory("pixels")
        let camera = FakeCamera("/dev/video0:grey", payload: Self.payload)
        let (server, base) = try Self.xServer()
        defer { withExtendedLifetime(server) {} }
        let environment = base.merging(extra) { $1 }
        let command =
            "\(QRTUIProcess.executable) --probe-terminal >\(directory.path)/probe 2>&1; \(camera.shellPrefix) "
            + "\(QRTUIProcess.executable) --device /dev/video0 --no-beep --preview picture 2>\(directory.path)/err; "
            + "sleep 60"
        let shown = try Started(terminal, arguments(command), environment: environment)
        defer { withExtendedLifetime(shown) {} }
        // The picture comes first, its outline once the code was read: screenshots until both show.
        var zbar = ""
        var sides = [Int]()
        var needed = [Int]()
        var area: ScanAreaSeen?
        let seen = Self.poll(seconds: 60) {
            guard let shot = Self.screenshot(environment, into: directory) else { return false }
            let path = directory.write("shot.png", shot.png)
            let out = directory.path + "/zbar"
            _ = Spawn.run("/usr/bin/zbarimg", ["-q", "--raw", path], stdout: out, deadline: 20)
            zbar = String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self)
            guard zbar.contains(Self.payload), let box = try? Self.located(path) else { return false }
            (sides, needed) = Self.outlineSides(shot, around: box)
            area = ScanAreaSeen(shot, around: box)
            return zip(sides, needed).allSatisfy { $0 > $1 } && area?.bracketed == true
        }
        let stderr = String(
            decoding: FileManager.default.contents(atPath: directory.path + "/err") ?? Data(), as: UTF8.self)
        #expect(
            zbar.contains(Self.payload), "zbarimg read \(zbar.debugDescription) from the terminal's pixels; \(stderr)")
        #expect(
            seen,
            "green along the code's sides: \(sides), more than \(needed) wanted; the area: \(String(describing: area))")
        let probe = String(
            decoding: FileManager.default.contents(atPath: directory.path + "/probe") ?? Data(), as: UTF8.self)
        #expect(probe.contains(probed), "the probe said \(probe.debugDescription)")
        // The scan area spans whole cells, as the characters draw it.
        let cell = try #require(Self.cell(in: probe), "no cell size in \(probe.debugDescription)")
        let seenArea = try #require(area)
        #expect(
            Self.wholeCells(seenArea.right - seenArea.left, cell.width)
                && Self.wholeCells(seenArea.bottom - seenArea.top, cell.height),
            "the area \(seenArea) is not whole cells of \(cell)")
    }

    /// `length` is whole cells of `cell` pixels, within a pixel (a picture kitty scaled blurs
    /// its edges by one).
    static func wholeCells(_ length: Int, _ cell: Int) -> Bool {
        let left = length % cell
        return length > 0 && (left <= 1 || left >= cell - 1)
    }

    /// "cells of 6x13 px" in the probe's words, as the cell the picture is drawn for.
    static func cell(in probe: String) -> (width: Int, height: Int)? {
        guard let range = probe.range(of: "cells of ") else { return nil }
        let numbers = probe[range.upperBound...].prefix { $0 != " " }.split(separator: "x").compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    /// Where the code is in a screenshot: qrtui's polygon of it, as a box.
    static func located(_ path: String) throws -> (left: Int, top: Int, right: Int, bottom: Int)? {
        let run = try QRTUIProcess.run(["--no-preview", "--polygon", path])
        let corners = run.stdoutText.split(separator: ":").first.map {
            $0.split(separator: " ").compactMap { pair -> (Int, Int)? in
                let xy = pair.split(separator: ",").compactMap { Int($0) }
                return xy.count == 2 ? (xy[0], xy[1]) : nil
            }
        }
        guard let box = corners, box.count == 4 else { return nil }
        let xs = box.map { $0.0 }
        let ys = box.map { $0.1 }
        return (xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0)
    }

    /// The green of the outline along each side of `box` (rows or columns showing it, just
    /// outside the code: it is drawn with its quiet zone, so the outline goes round its modules
    /// within a module or two), and half of each side's length, which each must pass.
    static func outlineSides(
        _ shot: RGBPicture, around box: (left: Int, top: Int, right: Int, bottom: Int)
    ) -> ([Int], [Int]) {
        let margin = 16
        let (left, top, right, bottom) = box
        let sides = [
            shot.greenRows(x: (left - margin)...(left + 4), y: top...bottom),
            shot.greenRows(x: (right - 4)...(right + margin), y: top...bottom),
            shot.greenColumns(y: (top - margin)...(top + 4), x: left...right),
            shot.greenColumns(y: (bottom - 4)...(bottom + margin), x: left...right),
        ]
        let half = [(bottom - top) / 2, (bottom - top) / 2, (right - left) / 2, (right - left) / 2]
        return (sides, half)
    }

    @Test func xtermDrawsThePictureInSixel() throws {
        try check(
            terminal: "/usr/bin/xterm", arguments: { ["-ti", "vt340", "-geometry", "100x40", "-e", "sh", "-c", $0] },
            probed: "sixel")
    }

    @Test func kittyDrawsThePictureByItsProtocol() throws {
        try check(
            terminal: "/usr/bin/kitty", arguments: { ["-o", "initial_window_width=900", "sh", "-c", $0] },
            extra: ["LIBGL_ALWAYS_SOFTWARE": "1"], probed: "kitty graphics (by shared memory)")
    }
}
