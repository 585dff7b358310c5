import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import PictureOps
import Testing

/// `--screen` and `--clipboard`: the grab made by the session's own tool (stubs on PATH here,
/// each logging its arguments and writing a PNG of two codes), read as a still; and what is
/// said when there is no session, no tool, a tool that fails, or text on the clipboard.
@Suite struct DesktopGrabTests {
    let directory = TemporaryDirectory("desktop-grab")
    static let payloads = ["https://example.org/left", "WIFI:T:WPA;S:right;P:pass;;"]

    /// A screen of two QR codes side by side.
    var screenPicture: String {
        let codes = Self.payloads.map { QRMatrix(text: $0)!.render(moduleSize: 4, dark: 20, light: 235) }
        let screen = Frame.filled(width: 900, height: 400, value: 235)
            .drawing(codes[0], centreX: 220, centreY: 200).drawing(codes[1], centreX: 680, centreY: 200)
        return directory.write("screen.png", PNGCodec.encode(screen))
    }

    /// A stub `name` on a PATH of its own: it logs its arguments (one a line) and runs `body`.
    func stub(_ name: String, _ body: String) -> String {
        let bin = directory.path + "/bin"
        try? FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done >> \(directory.path)/\(name).args\n\(body)\n"
        chmod(directory.write("bin/\(name)", Array(script.utf8)), 0o755)
        return "\(bin):/usr/bin:/bin"
    }

    func arguments(of name: String) -> [String] {
        ((try? String(contentsOfFile: "\(directory.path)/\(name).args", encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    func run(_ arguments: [String], session: [String: String], path: String) throws -> QRTUIRun {
        // A session of one kind only, and no portal: the test's own may have either.
        var environment = ["PATH": path, "WAYLAND_DISPLAY": "", "DISPLAY": "", "DBUS_SESSION_BUS_ADDRESS": ""]
        for (key, value) in session { environment[key] = value }
        return try QRTUIProcess.run(["--no-preview"] + arguments, environment: environment)
    }

    @Test func theScreenOnWaylandIsGrabbedByGrimAndEveryCodeReported() throws {
        let path = stub("grim", "cat \(screenPicture)")
        let run = try run(["--screen"], session: ["WAYLAND_DISPLAY": "wayland-1"], path: path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Set(run.stdoutText.split(separator: "\n").map(String.init)) == Set(Self.payloads))
        #expect(arguments(of: "grim") == ["-"])
    }

    @Test func theScreenOnX11IsGrabbedByImport() throws {
        let path = stub("import", "cat \(screenPicture)")
        let run = try run(["--screen", "--format", "json"], session: ["DISPLAY": ":5"], path: path)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdoutText.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("\"source\":\"screen\"") }, "\(run.stdoutText)")
        #expect(arguments(of: "import") == ["-window", "root", "png:-"])
    }

    /// `--screen select`: slurp marks the area, grim grabs just that.
    @Test func aSelectionIsMarkedBySlurpThenGrabbed() throws {
        _ = stub("slurp", "echo '10,20 300x200'")
        let path = stub("grim", "cat \(screenPicture)")
        let run = try run(["--screen", "select"], session: ["WAYLAND_DISPLAY": "wayland-1"], path: path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(arguments(of: "grim") == ["-g", "10,20 300x200", "-"])
    }

    @Test func theClipboardsPictureIsRead() throws {
        let picture = screenPicture
        let path = stub(
            "wl-paste", "case \"$1\" in --list-types) printf 'image/png\\ntext/html\\n';; *) cat \(picture);; esac")
        let run = try run(["--clipboard"], session: ["WAYLAND_DISPLAY": "wayland-1"], path: path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Set(run.stdoutText.split(separator: "\n").map(String.init)) == Set(Self.payloads))
        #expect(arguments(of: "wl-paste") == ["--list-types", "--no-newline", "--type", "image/png"])
    }

    /// Text on the clipboard, a code's payload perhaps, is no picture: said so, exit 1.
    @Test func textOnTheClipboardIsNoPicture() throws {
        let path = stub("wl-paste", "case \"$1\" in --list-types) printf 'text/plain\\n';; *) echo hello;; esac")
        let run = try run(["--clipboard"], session: ["WAYLAND_DISPLAY": "wayland-1"], path: path)
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(
            run.stderrLines == [
                "qrtui: the clipboard holds text, not a picture: copy the picture of the code, not its text"
            ])
    }

    /// No session, no tool, a tool that fails (what it said shown escaped): each said, exit 1.
    @Test func whatIsMissingIsNamed() throws {
        let none = try run(["--screen"], session: [:], path: "/nonexistent")
        #expect(none.status == 1)
        #expect(
            none.stderrLines == [
                "qrtui: no graphical session: the screen and the clipboard need Wayland or X11 (WAYLAND_DISPLAY or DISPLAY)"
            ])
        let noGrim = try run(["--screen"], session: ["WAYLAND_DISPLAY": "w"], path: "/nonexistent")
        #expect(noGrim.stderrLines == ["qrtui: no screen grabber: install grim"])
        let noX11 = try run(["--screen"], session: ["DISPLAY": ":5"], path: "/nonexistent")
        #expect(noX11.stderrLines == ["qrtui: no screen grabber: install ImageMagick (import) or maim"])
        let noXclip = try run(["--clipboard"], session: ["DISPLAY": ":5"], path: "/nonexistent")
        #expect(noXclip.stderrLines == ["qrtui: no clipboard tool: install xclip"])
        let failing = stub("grim", "printf 'compositor says \\033[2Jno\\n' >&2; exit 1")
        let failed = try run(["--screen"], session: ["WAYLAND_DISPLAY": "w"], path: failing)
        #expect(failed.status == 1 && failed.stdout.isEmpty)
        #expect(failed.stderrLines == ["qrtui: grim failed (exit status 1): compositor says \\e[2Jno"])
    }

    /// A grab that is no picture is said to be one of no known format, not read.
    @Test func aGrabThatIsNoPictureIsRefused() throws {
        let path = stub("grim", "echo 'not a picture'")
        let run = try run(["--screen"], session: ["WAYLAND_DISPLAY": "w"], path: path)
        #expect(run.status == 1 && run.stdout.isEmpty, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderrLines[0].hasPrefix("qrtui: screen: "), "\(run.stderr)")
    }
}
