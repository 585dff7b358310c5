import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import Testing

/// Payloads are attacker-controlled: none of their bytes may reach the terminal as a
/// control sequence, on the live screen or when printed after q.
@Suite struct HostilePayloadTests {
    let directory = TemporaryDirectory("hostile")

    /// Clear screen, set the window title, write the clipboard (OSC 52), bell, a C1 CSI,
    /// a bidi override.
    static let hostile = "A\u{1B}[2J\u{1B}]0;pwned\u{07}\u{1B}]52;c;cHduZWQ=\u{07}\u{9B}31mX\u{202E}Z\u{07}end"

    func run(
        payload: [UInt8], width: Int = 800, height: Int = 600, moduleSize: Int = 5,
        level: QRMatrix.Level = .medium
    ) throws -> (screen: Pane, after: Pane, title: String, buffer: String) {
        let frame = CodeFixtures.qrScene(payload, width: width, height: height, moduleSize: moduleSize, level: level)
        let path = directory.write("hostile.png", PNGCodec.encode(frame))
        let session = try TmuxSession(
            width: 120, height: 40, command: "\(QRTUIProcess.executable) --input \(path)",
            clipboard: true)
        let titleBefore = try session.title()
        let screen = try session.waitFor("the success status", seconds: 60) { $0.lines[39].contains("QR-Code") }
        let title = try session.title()
        #expect(title == titleBefore)
        try session.send("q")
        let after = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        return (screen, after, try session.title(), try session.buffer())
    }

    @Test func escapesInAPayloadAreShownNotObeyed() throws {
        let result = try run(payload: Array(Self.hostile.utf8))
        let status = result.screen.lines[39]
        #expect(status.contains("A\\e[2J\\e]0;pwned\\x07\\e]52;c;cHduZWQ=\\x07\\u{009B}31mX\\u{202E}Z\\x07end"))
        // The picture is still there (no clear screen), the title and clipboard untouched.
        #expect(result.screen.lines[0].contains { $0 != " " })
        #expect(!result.title.contains("pwned"))
        #expect(result.buffer.isEmpty)
        // Printed on the terminal after q: escaped the same way.
        #expect(result.after.text.contains("A\\e[2J\\e]0;pwned"))
        #expect(result.after.exitStatus == 0)
    }

    @Test func rawC1BytesAreShownNotObeyed() throws {
        // Not UTF-8: decoded as Latin-1, where 0x9B is the one-byte CSI.
        let result = try run(payload: [0x41, 0x9B, 0x32, 0x4A, 0x1B, 0x63, 0x42])
        #expect(result.screen.lines[39].contains("A\\u{009B}2J\\ecB"))
        #expect(result.after.text.contains("A\\u{009B}2J\\ecB"))
    }

    @Test func aLargePayloadIsCutToTheLineAndStillSafe() throws {
        // 2,800 bytes (near a QR code's limit) of escape sequences and text.
        var text = ""
        while text.utf8.count < 2_780 { text += "\u{1B}[31mred\u{1B}]8;;http://x\u{07}link\u{9B}0m " }
        let result = try run(payload: Array(text.utf8), width: 1200, height: 1000, moduleSize: 3, level: .low)
        let status = result.screen.lines[39]
        #expect(status.contains("\\e[31mred\\e]8;;http://x\\x07link\\u{009B}0m"))
        #expect(status.contains("…"))
        #expect(result.title.isEmpty || !result.title.contains("http"))
        #expect(!result.after.text.contains("\u{1B}"))
    }
}

/// Not only payloads: file headers and file names are outside text too, on stderr and on
/// the screen alike.
@Suite struct HostileInputTests {
    let directory = TemporaryDirectory("hostile-input")
    /// Sets the window title, fills the clipboard, clears the screen.
    static let injection = "\u{1B}]0;PWNED\u{07}\u{1B}]52;c;UFdORUQ=\u{07}\u{1B}[2J"

    func expectSafe(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"), sourceLocation: sourceLocation)
        #expect(text.contains("\\e]0;PWNED\\x07"), sourceLocation: sourceLocation)
    }

    @Test func aY4MHeaderIsEscapedInItsErrorMessage() throws {
        let path = directory.write("bad.y4m", Array("YUV4MPEG2 W8 H8 C420\(Self.injection)\n".utf8))
        let run = try QRTUIProcess.run(["-i", path, "--no-preview"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        expectSafe(run.stderr)
        #expect(run.stderr.hasPrefix("qrtui: \(path): unsupported: Y4M colour space C420\\e]0;PWNED"))
    }

    @Test func aFileNameIsEscapedInItsErrorMessage() throws {
        let run = try QRTUIProcess.run(["-i", directory.path + "/no\(Self.injection).png", "--no-preview"])
        #expect(run.status == 1)
        expectSafe(run.stderr)
        #expect(run.stderr.contains("cannot open"))
    }

    @Test func onTheScreenAndAfterItTheHeaderIsEscapedToo() throws {
        let path = directory.write("bad.y4m", Array("YUV4MPEG2 W8 H8 C420\(Self.injection)\n".utf8))
        let errors = directory.path + "/stderr"
        let session = try TmuxSession(
            width: 100, height: 30, command: "\(QRTUIProcess.executable) -i \(path) 2>\(errors)",
            clipboard: true)
        let title = try session.title()
        let pane = try session.waitFor("the fail status") { $0.lines[29].contains("FAIL") }
        #expect(pane.lines[29].contains("\\e]0;PWNED"))
        try session.send("q")
        let done = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        #expect(done.exitStatus == 1)
        #expect(try session.title() == title)
        #expect(try session.buffer().isEmpty)
        expectSafe(try String(contentsOfFile: errors, encoding: .utf8))
    }
}
