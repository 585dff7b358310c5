import CaptureKit
import CodeFixtures
import Foundation
import Testing

/// Keys that arrive as escape sequences, on the terminal types people use: each is one key
/// (or ignored whole), never the Esc key that quits, and nothing of it reaches the shell.
@Suite struct TerminalKeysTests {
    let directory = TemporaryDirectory("terminal-keys")

    /// qrtui on a looped code; after it, the shell shows what qrtui left unread in the
    /// terminal's input (as hex bytes, from a read that gives up after a second).
    func start(term: String) throws -> TmuxSession {
        let frame = CodeFixtures.qrScene("keys", width: 800, height: 600, moduleSize: 6, noise: 3)
        let clip = directory.write("code.y4m", Y4MEncoder.encode([frame, frame]))
        let leftover =
            "stty -icanon -echo min 0 time 10; echo \"LEFT=[$(dd bs=256 count=1 2>/dev/null | od -An -tx1 | tr -d ' \\n')]\""
        return try TmuxSession(
            width: 120, height: 40,
            command:
                "env TERM=\(term) \(QRTUIProcess.executable) --input \(clip) --loop; echo STATUS=$?; \(leftover)")
    }

    @Test(arguments: ["xterm-256color", "screen-256color", "tmux-256color", "linux"])
    func sequencesAreKeysAndNeverQuit(term: String) throws {
        let session = try start(term: term)
        try session.waitFor("the success status") { $0.lines[39].contains("QR-Code") }
        let start = try #require(try session.pane().brackets)
        try session.send("S-Right")
        let wider = try #require(
            try session.waitFor("a wider area") { $0.brackets.map { $0.right > start.right } ?? false }.brackets)
        #expect(wider.left == start.left - 1 && wider.right == start.right + 1)
        try session.send("S-Up")
        try session.waitFor("a taller area") { $0.brackets.map { $0.top < wider.top } ?? false }
        try session.send("End")
        let whole = try #require(
            try session.waitFor("the whole picture") { $0.brackets.map { $0.left < wider.left - 4 } ?? false }.brackets)
        #expect(whole.left <= 1 && whole.top <= 1)
        try session.send("Home")
        try session.waitFor("the area back in the middle") { $0.brackets.map { $0 == start } ?? false }
        try session.send("M-x", "M-[", "M-Left", "C-Right", "F5", "PageUp")
        try session.send("S-Left")
        let after = try session.waitFor("a narrower area") { $0.brackets.map { $0.right < start.right } ?? false }
        #expect(!after.text.contains("STATUS="))
        #expect(after.lines[39].contains("QR-Code"))
        try session.send("q")
        let done = try session.waitFor("the shell") { $0.text.contains("LEFT=") }
        #expect(done.text.contains("STATUS=0"))
        #expect(done.text.contains("LEFT=[]"), "left for the shell: \(done.text)")
    }

    /// A lone Esc still stops, after the short wait that tells it from a sequence.
    @Test func aLoneEscapeStops() throws {
        let session = try start(term: "xterm-256color")
        try session.waitFor("the success status") { $0.lines[39].contains("QR-Code") }
        try session.send("Escape")
        let done = try session.waitFor("the shell") { $0.text.contains("LEFT=") }
        #expect(done.text.contains("STATUS=0") && done.text.contains("LEFT=[]"))
    }
}
