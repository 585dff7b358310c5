import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import PictureOps
import Testing

/// The real qrtui binary on a real terminal (tmux), reading a generated code.
@Suite struct LiveScreenTests {
    let directory = TemporaryDirectory("live")
    static let payload = "https://example.org/live-screen"

    /// An 800x600 video (played in a loop) with the code in the middle, inside the default
    /// scan area: a moving picture, filled and aimed at (a still is shown and read whole).
    func codeImage(_ payload: String = payload, moduleSize: Int = 6) -> String {
        let frame = CodeFixtures.qrScene(payload, width: 800, height: 600, moduleSize: moduleSize, noise: 3)
        return directory.write("code.y4m", Y4MEncoder.encode([frame, frame]))
    }

    /// `term`: the terminal type qrtui is told (tmux's own has 256 colours).
    func start(
        width: Int, height: Int, arguments: String = "", clipboard: Bool = false,
        noColor: Bool = false, term: String? = nil
    ) throws -> TmuxSession {
        try TmuxSession(
            width: width, height: height,
            command:
                "\(term.map { "env TERM=\($0) " } ?? "")\(QRTUIProcess.executable) --input \(codeImage()) --loop \(arguments)",
            clipboard: clipboard, noColor: noColor)
    }

    /// Where the brackets must be for an 800x600 picture filling `columns` x `rows` cells of 1:2
    /// (the last row is the status line): worked out here with plain arithmetic.
    func expectedBrackets(columns: Int, rows: Int) -> (left: Int, top: Int, right: Int, bottom: Int) {
        let previewRows = Double(rows - 1)
        let scale = max(Double(columns) * 0.5 / 800, previewRows / 600)  // fill
        let perColumn = 0.5 / scale
        let perRow = 1 / scale
        let originX = (800 - Double(columns) * perColumn) / 2
        let originY = (600 - previewRows * perRow) / 2
        // The scan area, centred: 60% of 600 = 360 pixels high, and 400 wide (the usual barcode,
        // an EAN-13 at 3.5 px a module, is wider than 360).
        let left = Int(((200 - originX) / perColumn).rounded())
        let right = Int(((600 - originX) / perColumn).rounded())
        let top = Int(((120 - originY) / perRow).rounded())
        let bottom = Int(((480 - originY) / perRow).rounded())
        return (left - 1, top - 1, right, bottom)
    }

    @Test(arguments: [(120, 40), (80, 24)])
    func showsBracketsDimmingSuccessAndOutline(columns: Int, rows: Int) throws {
        // The mono ramp (8 colours), whose every cell carries its dimming; toned cells are
        // dimmed in their greys too, but a captured pane loses a line's blank end.
        let session = try start(width: columns, height: rows, term: "screen")
        let pane = try session.waitFor("the success status") { $0.lines[rows - 1].contains("QR-Code") }
        let status = pane.lines[rows - 1]
        #expect(status.contains("✔ QR-Code"))
        #expect(status.contains(Self.payload) || status.contains("…"))
        let brackets = try #require(pane.brackets)
        let expected = expectedBrackets(columns: columns, rows: rows)
        #expect(brackets.left == expected.left && brackets.top == expected.top)
        #expect(brackets.right == expected.right && brackets.bottom == expected.bottom)
        // Dim outside the scan area, and only outside (brackets and outline aside).
        for row in 0..<(rows - 1) {
            for column in 0..<columns {
                let inside =
                    column > brackets.left && column < brackets.right && row > brackets.top && row < brackets.bottom
                let cell = pane[column, row]
                if inside {
                    #expect(!cell.dim, "dim inside at \(column),\(row)")
                } else if !"┏┓┗┛━┃".contains(cell.character) && !Self.isGreen(cell) {
                    #expect(cell.dim, "not dim outside at \(column),\(row)")
                }
            }
        }
        // The outline: green line cells around the code, which sits in the middle of the
        // picture (37 modules of 6 px = 222 px: about 33 columns at 120x40).
        let green = pane.rows.enumerated().flatMap { row, cells in
            cells.enumerated().filter {
                Self.isGreen($0.element) && "+─│╱╲".contains($0.element.character) && row < rows - 1
            }
            .map { ($0.offset, row) }
        }
        #expect(green.count >= 8)
        let centreColumn = Double(brackets.left + brackets.right) / 2
        let centreRow = Double(brackets.top + brackets.bottom) / 2
        #expect(green.allSatisfy { abs(Double($0.0) - centreColumn) < Double(brackets.right - brackets.left) / 2 })
        #expect(green.allSatisfy { abs(Double($0.1) - centreRow) < Double(brackets.bottom - brackets.top) / 2 })
        #expect(Set(green.map(\.0)).count > 4 && Set(green.map(\.1)).count > 2)
        try session.send("q")
    }

    /// The outline's green: 46 of 256 colours, 2 of 8.
    static func isGreen(_ cell: Pane.Cell) -> Bool { cell.foreground == 46 || cell.foreground == 2 }

    @Test func arrowsMoveAndShiftArrowsResize() throws {
        let session = try start(width: 120, height: 40)
        let start = try #require(try session.waitFor("brackets") { $0.brackets != nil }.brackets)
        try session.send("Right")
        var moved = try #require(
            try session.waitFor("a move right") { $0.brackets.map { b in b.left != start.left } ?? false }.brackets)
        #expect(moved.left == start.left + 2 && moved.right == start.right + 2 && moved.top == start.top)
        try session.send("Down")
        moved = try #require(
            try session.waitFor("a move down") { $0.brackets.map { b in b.top != start.top } ?? false }.brackets)
        #expect(moved.top == start.top + 1 && moved.bottom == start.bottom + 1 && moved.left == start.left + 2)
        try session.send("S-Right")
        var resized = try #require(
            try session.waitFor("wider") { $0.brackets.map { b in b.right != moved.right } ?? false }.brackets)
        #expect(resized.left == moved.left - 1 && resized.right == moved.right + 1)
        try session.send("S-Down")
        resized = try #require(
            try session.waitFor("shorter") { $0.brackets.map { b in b.top != moved.top } ?? false }.brackets)
        #expect(resized.top == moved.top + 1 && resized.bottom == moved.bottom - 1)
        try session.send("+")
        let grown = try #require(
            try session.waitFor("bigger") { $0.brackets.map { b in b.top != resized.top } ?? false }.brackets)
        #expect(grown.top == resized.top - 1 && grown.left == resized.left - 1 && grown.right == resized.right + 1)
        try session.send("q")
    }

    @Test func enterCopiesThroughOSC52IntoTheTmuxBuffer() throws {
        let session = try start(width: 120, height: 40, clipboard: true)
        try session.waitFor("the success status") { $0.lines[39].contains("QR-Code") }
        try session.send("Enter")
        let pane = try session.waitFor("the copy notice") { $0.lines[39].contains("copied") }
        #expect(pane.lines[39].contains("copied \(Self.payload.utf8.count) bytes (OSC 52"))
        #expect(try session.buffer() == Self.payload)
        try session.send("q")
    }

    /// tmux's default (`set-clipboard external`) drops OSC 52 from programs: the code goes
    /// through tmux itself instead.
    @Test func enterCopiesIntoTmuxUnderItsDefaultSettings() throws {
        let session = try start(width: 120, height: 40)
        try session.waitFor("the success status") { $0.lines[39].contains("QR-Code") }
        try session.send("Enter")
        let pane = try session.waitFor("the copy notice") { $0.lines[39].contains("copied") }
        #expect(pane.lines[39].contains("copied \(Self.payload.utf8.count) bytes (OSC 52, tmux)"))
        #expect(try session.buffer() == Self.payload)
        try session.send("q")
    }

    @Test func quitLeavesACleanShellAndPrintsThePayload() throws {
        let session = try start(width: 100, height: 30)
        try session.waitFor("the success status") { $0.lines[29].contains("QR-Code") }
        try session.send("q")
        let pane = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        let lines = pane.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines == [Self.payload, "EXIT=0"])
        // Nothing of the screen is left: no attributes, no colours.
        #expect(pane.rows.joined().allSatisfy { !$0.dim && $0.foreground == nil && $0.background == nil })
    }

    @Test func escStopsToo() throws {
        let session = try start(width: 80, height: 24)
        try session.waitFor("the success status") { $0.lines[23].contains("QR-Code") }
        try session.send("Escape")
        let pane = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        #expect(pane.exitStatus == 0)
    }

    @Test func resizingKeepsEverythingConsistent() throws {
        let session = try start(width: 120, height: 40)
        try session.waitFor("the success status") { $0.lines[39].contains("QR-Code") }
        try session.resize(width: 90, height: 30)
        let expected = expectedBrackets(columns: 90, rows: 30)
        let pane = try session.waitFor("brackets at the new size") { pane in
            pane.brackets.map { $0 == expected } ?? false
        }
        #expect(pane.lines.count >= 30)
        #expect(pane.lines[29].contains("QR-Code"))
        try session.send("q")
        #expect(try session.waitFor("the shell") { $0.text.contains("EXIT=") }.exitStatus == 0)
    }

    @Test func aTinyTerminalDoesNotCrash() throws {
        let session = try start(width: 20, height: 6)
        // The code read first (a status of success, short as it is), so that the keys below,
        // which may move the scan area off it, cannot decide the exit status.
        let pane = try session.waitFor("the success status") { $0.lines[5].contains("QR-Code") }
        #expect(!pane.text.contains("EXIT="))
        try session.send("Right", "S-Left", "+", "-", "g", "?")
        try session.resize(width: 12, height: 3)
        try session.resize(width: 20, height: 6)
        try session.send("q")
        let done = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        #expect(done.exitStatus == 0)
    }

    /// At 40 columns help still names the way out, its lines broken between words.
    @Test func helpAt40ColumnsShowsQ() throws {
        let session = try start(width: 40, height: 16)
        try session.waitFor("the success status") { $0.lines[15].contains("QR-Code") }
        try session.send("?")
        let pane = try session.waitFor("the help box") { $0.text.contains("qrtui keys") }
        #expect(pane.text.contains("q, esc") && pane.text.contains("stop and print"))
        try session.send("q")
        #expect(try session.waitFor("the shell") { $0.text.contains("EXIT=") }.exitStatus == 0)
    }

    @Test(arguments: [(true, ""), (false, "--color none")])
    func noColorMeansNoColours(environment: Bool, option: String) throws {
        let session = try start(width: 100, height: 30, arguments: option, noColor: environment)
        let pane = try session.waitFor("the success status") { $0.lines[29].contains("QR-Code") }
        #expect(pane.rows.joined().allSatisfy { $0.foreground == nil && $0.background == nil })
        #expect(pane.rows.joined().contains { $0.dim })  // attributes still show the scan area
        try session.send("q")
    }

    @Test func helpGlyphsAndPause() throws {
        let session = try start(width: 120, height: 40)
        try session.waitFor("the success status") { $0.lines[39].contains("QR-Code") }
        try session.send("?")
        try session.waitFor("the help box") { $0.text.contains("qrtui keys") && $0.text.contains("copy the last code") }
        try session.send("?")
        try session.waitFor("the help box to close") { !$0.text.contains("qrtui keys") }
        try session.send("g")
        try session.waitFor("block glyphs") { pane in pane.text.contains(where: { "░▒▓█".contains($0) }) }
        try session.send("Space")
        try session.waitFor("the pause mark") { $0.lines[39].contains("PAUSED") }
        try session.send("q")
    }
}

@Suite struct LiveScreenInputTests {
    let directory = TemporaryDirectory("live-input")

    func start(environment: String = "") throws -> TmuxSession {
        let frame = CodeFixtures.qrScene("click me", width: 800, height: 600, moduleSize: 6)
        let path = directory.write("code.y4m", Y4MEncoder.encode([frame, frame]))
        return try TmuxSession(
            width: 120, height: 40, command: "\(environment) \(QRTUIProcess.executable) --input \(path) --loop")
    }

    @Test func aClickCentresTheScanArea() throws {
        let session = try start()
        let before = try #require(try session.waitFor("brackets") { $0.brackets != nil }.brackets)
        // An xterm mouse press at column 41, row 16 (1-based): ESC [ M, button, x+32, y+32.
        try session.sendLiteral("\u{1B}[M \(Character(Unicode.Scalar(32 + 41)!))\(Character(Unicode.Scalar(32 + 16)!))")
        let after = try #require(try session.waitFor("a move") { $0.brackets.map { $0 != before } ?? false }.brackets)
        let centreColumn = Double(after.left + after.right) / 2
        let centreRow = Double(after.top + after.bottom) / 2
        #expect(abs(centreColumn - 40.5) <= 1 && abs(centreRow - 15.5) <= 1)
        #expect(after.right - after.left == before.right - before.left)
        try session.send("q")
    }

    @Test func enterAlsoFeedsAClipboardToolWhenADisplayIsThere() throws {
        // A stand-in for xclip on PATH records what it was given.
        let bin = directory.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let record = directory.path + "/copied"
        let tool = directory.write(
            "bin/xclip", Array("#!/bin/sh\necho \"$@\" > \(record).args\ncat > \(record)\n".utf8))
        chmod(tool, 0o755)
        let session = try start(environment: "env DISPLAY=:99 WAYLAND_DISPLAY= PATH=\(bin):/usr/bin:/bin")
        try session.waitFor("the success status") { $0.lines[39].contains("QR-Code") }
        try session.send("Enter")
        try session.waitFor("the copy notice") { $0.lines[39].contains("copied 8 bytes (OSC 52, tmux, xclip)") }
        let deadline = MonotonicClock.now() + 10
        while (FileManager.default.contents(atPath: record)?.count ?? 0) < 8 && MonotonicClock.now() < deadline {
            usleep(20_000)
        }
        #expect(FileManager.default.contents(atPath: record) == Data("click me".utf8))
        #expect(FileManager.default.contents(atPath: record + ".args") == Data("-selection clipboard\n".utf8))
        try session.send("q")
    }
}

@Suite struct LiveScreenStateTests {
    let directory = TemporaryDirectory("live-state")

    @Test func aBrokenInputIsAFailStateThenExitStatusOne() throws {
        let errors = directory.path + "/stderr"
        let session = try TmuxSession(
            width: 100, height: 30,
            command: "\(QRTUIProcess.executable) --input /nonexistent/code.png 2>\(errors)")
        let pane = try session.waitFor("the fail status") { $0.lines[29].contains("FAIL") }
        #expect(pane.lines[29].contains("✘ FAIL  cannot open /nonexistent/code.png: No such file or directory"))
        #expect(pane[2, 29].background == 196)  // red
        try session.send("q")
        let done = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        #expect(done.exitStatus == 1)
        let message = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(message == "qrtui: cannot open /nonexistent/code.png: No such file or directory\n")
    }

    @Test func withoutOptionsTheCameraOrElseTheDemoRuns() throws {
        let session = try TmuxSession(width: 120, height: 40, command: QRTUIProcess.executable)
        let cameras =
            (try? FileManager.default.contentsOfDirectory(atPath: "/dev"))?.filter { $0.hasPrefix("video") } ?? []
        if cameras.isEmpty {
            let pane = try session.waitFor("the demo") { $0.lines[39].contains("DEMO") && $0.brackets != nil }
            #expect(pane.lines[39].hasPrefix(" DEMO "))
        } else {
            try session.waitFor("the camera") { $0.lines[39].contains("/dev/video") }
        }
        try session.send("q")
        try session.waitFor("the shell") { $0.text.contains("EXIT=") }
    }

    /// No camera: the screen offers the demo, says why, and never prints its made-up code.
    @Test func theDemoOfferedForWantOfACameraIsNeverPrinted() throws {
        let environment = "LD_PRELOAD=\(FakeCamera.library) QRTUI_FAKE_DEVICES= QRTUI_FAKE_HIDE_REAL=1"
        let session = try TmuxSession(width: 120, height: 40, command: "env \(environment) \(QRTUIProcess.executable)")
        let pane = try session.waitFor("the demo's code read") {
            $0.lines[39].contains("DEMO") && $0.lines[39].contains("QR-Code")
        }
        #expect(pane.lines[39].contains("no camera found"))
        try session.send("q")
        let done = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        #expect(done.exitStatus == 1)
        #expect(done.text.contains("qrtui: no camera found"))
        #expect(!done.text.contains("example.org"))
    }
}

/// What a newcomer meets first: a picture file read on the screen, states that say what is
/// true, and the way to help at every width.
@Suite struct ScreenStatesTests {
    let directory = TemporaryDirectory("screen-states")
    static let payload = "hello from a file"

    func picture() -> String {
        // A small picture, as `qrencode -o hello.png hello` makes: the code fills most of it.
        directory.write(
            "hello.png", PNGCodec.encode(CodeFixtures.qrScene(Self.payload, width: 140, height: 140, moduleSize: 4)))
    }

    @Test func aPictureFileIsShownWholeReadAndPrintedOnQ() throws {
        let session = try TmuxSession(width: 80, height: 24, command: "\(QRTUIProcess.executable) -i \(picture())")
        let pane = try session.waitFor("the success status") { $0.lines[23].contains("QR-Code") }
        #expect(pane.lines[23].contains(Self.payload))
        // The brackets frame the whole picture (shown whole, so no more than the screen's
        // height): nothing inside them is dimmed.
        let brackets = try #require(pane.brackets)
        #expect(brackets.top <= 1 && brackets.bottom >= 21)
        for row in (brackets.top + 1)..<brackets.bottom {
            for column in (brackets.left + 1)..<brackets.right { #expect(!pane[column, row].dim) }
        }
        try session.send("q")
        let done = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        #expect(done.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == [Self.payload, "EXIT=0"])
    }

    /// A still of three codes: the status says three, `h` lists them, `q` prints all three
    /// (as headless does), where it once said and printed one.
    @Test func aStillOfThreeCodesSaysThreeListsAndPrintsThem() throws {
        var picture = Frame.filled(width: 600, height: 220, value: 235)
        let texts = ["left code", "middle code", "right code"]
        for (index, text) in texts.enumerated() {
            let matrix = try #require(QRMatrix(text: text, level: .medium))
            picture = picture.drawingModules(
                ModuleGrid(columns: matrix.size, rows: matrix.size, dark: matrix.modules),
                at: ModulePlacement(centreX: 100 + Double(index) * 200, centreY: 110, moduleSize: 4, degrees: 0),
                dark: 20, light: 235)
        }
        let path = directory.write("three.png", PNGCodec.encode(picture))
        let headless = try QRTUIProcess.run(["--no-preview", path])
        let printed = Set(headless.stdoutText.split(separator: "\n").map(String.init))
        #expect(headless.status == 0 && printed == Set(texts), "\(headless.stdoutText)")
        let session = try TmuxSession(width: 120, height: 30, command: "\(QRTUIProcess.executable) \(path) --no-beep")
        let pane = try session.waitFor("three codes said") { $0.lines[29].contains("3 codes") }
        #expect(pane.lines[29].contains("✔ QR-Code") && pane.lines[29].contains("h lists them"))
        try session.send("h")
        let listed = try session.waitFor("the list of codes") { pane in texts.allSatisfy { pane.text.contains($0) } }
        #expect(texts.allSatisfy { text in listed.lines.contains { $0.contains("QR-Code") && $0.contains(text) } })
        try session.send("h")
        try session.send("q")
        let done = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        let lines = done.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(Set(lines.dropLast()) == Set(texts) && lines.count == 4 && lines.last == "EXIT=0", "\(lines)")
    }

    /// `qrencode --background=FFFFFF00`: drawn and read over white, on the screen and headless.
    @Test func aTransparentPictureIsReadOverWhite() throws {
        let transparent = PictureFixtures.transparentQR("over white")
        let path = directory.write("transparent.png", PNGCodec.encode(transparent.colour, alpha: transparent.alpha))
        let run = try QRTUIProcess.run(["--no-preview", path])
        #expect(run.status == 0 && run.stdoutText == "over white\n")
        let session = try TmuxSession(width: 80, height: 24, command: "\(QRTUIProcess.executable) \(path) --no-beep")
        let pane = try session.waitFor("the success status") { $0.lines[23].contains("✔ QR-Code") }
        #expect(pane.lines[23].contains("over white"))
        // The picture is mostly white (cells on a white or light grey ground), not the black of
        // the transparent pixels.
        let brackets = try #require(pane.brackets)
        let inside = ((brackets.top + 1)..<brackets.bottom).flatMap { row in
            ((brackets.left + 1)..<brackets.right).map { pane[$0, row] }
        }
        #expect(
            inside.filter { [231, 15].contains($0.background ?? 0) || ($0.background ?? 0) >= 250 }.count > inside.count
                / 3)
        try session.send("q")
    }

    /// A picture without a code says so; it is never asked to be aimed.
    @Test func aPictureWithoutACodeSaysNoneWasFound() throws {
        let blank = directory.write("blank.png", PNGCodec.encode(Frame.filled(width: 320, height: 240, value: 180)))
        let session = try TmuxSession(width: 100, height: 30, command: "\(QRTUIProcess.executable) \(blank)")
        let pane = try session.waitFor("the result") { $0.lines[29].contains("no code found in the picture") }
        #expect(pane.lines[29].contains("✘"))
        #expect(!pane.text.contains("aim the code"))
        try session.send("q")
        #expect(try session.waitFor("the shell") { $0.text.contains("EXIT=") }.exitStatus == 4)
    }

    @Test func helpIsNamedAt80ColumnsAndPauseSaysSo() throws {
        let frame = Frame.filled(width: 640, height: 480, value: 150)
        let clip = directory.write("clip.y4m", Y4MEncoder.encode([frame, frame]))
        let session = try TmuxSession(width: 80, height: 24, command: "\(QRTUIProcess.executable) -i \(clip) --loop")
        try session.waitFor("the way to help") { $0.lines[23].contains("? help") }
        try session.send("Space")
        let paused = try session.waitFor("the pause") { $0.lines[23].contains("PAUSED") }
        #expect(paused.lines[23].contains("space resumes"))
        #expect(!paused.lines[23].contains("Scanning"))
        try session.send("q")
    }

    @Test func aFilterIsNamedAndATimeoutSaysWhy() throws {
        let blank = directory.write("blank.pgm", NetpbmCodec.encode(Frame.filled(width: 320, height: 240, value: 180)))
        let errors = directory.path + "/stderr"
        let session = try TmuxSession(
            width: 100, height: 30,
            command:
                "\(QRTUIProcess.executable) -i \(blank) -S ean13 --timeout 2 2>\(errors)")
        try session.waitFor("the filter") { $0.lines[29].contains("looking for EAN-13 only") }
        let done = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        #expect(done.exitStatus == 4)
        #expect(try String(contentsOfFile: errors, encoding: .utf8) == "qrtui: no code found within 2 s\n")
    }
}

/// Terminals with less: no cursor addressing, no alternate screen, no colour.
@Suite struct TerminalKindsTests {
    let directory = TemporaryDirectory("terminal-kinds")
    static let payload = "any terminal"

    func picture() -> String {
        directory.write(
            "code.png", PNGCodec.encode(CodeFixtures.qrScene(Self.payload, width: 320, height: 240, moduleSize: 4)))
    }

    @Test func aDumbTerminalSaysWhyAndRunsHeadless() throws {
        let session = try TmuxSession(
            width: 100, height: 30, command: "env TERM=dumb \(QRTUIProcess.executable) -i \(picture())")
        let done = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        let lines = done.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(
            lines.joined().contains(
                "qrtui: terminal type 'dumb' cannot move the cursor, so it cannot show a preview: running without preview"
            ))
        #expect(lines.contains(Self.payload))
        #expect(lines.last == "EXIT=0")
    }

    @Test func aTerminalWithoutAnAlternateScreenIsClearedOnQ() throws {
        let session = try TmuxSession(
            width: 80, height: 24, command: "env TERM=vt100 \(QRTUIProcess.executable) -i \(picture())")
        try session.waitFor("the success status") { $0.lines[23].contains("QR-Code") }
        try session.send("q")
        let done = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        #expect(done.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == [Self.payload, "EXIT=0"])
    }

    /// With 256 colours the default ASCII carries the picture's greys; with 8 it is the
    /// mono ramp.
    @Test func defaultASCIIIsTonedWith256ColoursOnly() throws {
        let rich = try TmuxSession(
            width: 80, height: 24, command: "env TERM=xterm-256color \(QRTUIProcess.executable) -i \(picture())")
        let toned = try rich.waitFor("the success status") { $0.lines[23].contains("QR-Code") }
        let backgrounds = Set(toned.rows.prefix(23).joined().compactMap(\.background))
        #expect(backgrounds.count >= 3, "greys drawn: \(backgrounds)")
        #expect(toned.rows.prefix(23).joined().contains { "`',._\"[]/\\".contains($0.character) })
        try rich.send("q")
        let eight = try TmuxSession(
            width: 80, height: 24, command: "env TERM=xterm \(QRTUIProcess.executable) -i \(picture())")
        let mono = try eight.waitFor("the success status") { $0.lines[23].contains("QR-Code") }
        let picture = mono.rows.prefix(23).joined().filter { !"┏┓┗┛━┃".contains($0.character) }
        #expect(picture.allSatisfy { $0.background == nil })
        try eight.send("q")
    }

    /// With 8 colours the picture outside the scan area keeps its characters, faded by the dim
    /// attribute (not near-black), and an upright code's outline is one joined line.
    @Test func eightColoursKeepTheOutsideAndJoinTheOutline() throws {
        let frame = CodeFixtures.qrScene(Self.payload, width: 640, height: 360, moduleSize: 4)
        let clip = directory.write("upright.y4m", Y4MEncoder.encode(Array(repeating: frame, count: 30)))
        let session = try TmuxSession(
            width: 80, height: 24, command: "env TERM=xterm \(QRTUIProcess.executable) -i \(clip) --loop")
        let pane = try session.waitFor("the success status") { $0.lines[23].contains("QR-Code") }
        // The top rows lie outside the scan area: the backdrop's grey 190 is "o" on the ramp, dim.
        let outside = pane.rows[0]
        #expect(outside.allSatisfy { $0.character == "o" && $0.dim }, "\(pane.lines[0])")
        let corners = pane.rows.prefix(23).joined().filter { "┌┐└┘".contains($0.character) && $0.foreground == 2 }
        #expect(corners.count == 4, "outline corners: \(corners.map(\.character))")
        try session.send("q")
    }

    /// With 8 colours the success badge is black on green, not bold (bold black is grey).
    @Test func theBadgeReadsOnEightColours() throws {
        let session = try TmuxSession(
            width: 80, height: 24, command: "env TERM=xterm \(QRTUIProcess.executable) -i \(picture())")
        let pane = try session.waitFor("the success status") { $0.lines[23].contains("QR-Code") }
        let badge = pane.rows[23].filter { "QR-Code".contains($0.character) && $0.background == 2 }
        #expect(!badge.isEmpty)
        #expect(badge.allSatisfy { $0.foreground == 0 && !$0.bold })
        try session.send("q")
    }

    @Test func halfBlocksWithoutColourFallBackToShades() throws {
        let session = try TmuxSession(
            width: 80, height: 24, command: "\(QRTUIProcess.executable) -i \(picture()) --glyphs half",
            noColor: true)
        let pane = try session.waitFor("the success status") { $0.lines[23].contains("QR-Code") }
        let picture = pane.lines.prefix(23).joined()
        #expect(!picture.contains("▀"))
        #expect(picture.contains { "░▒▓█".contains($0) })
        try session.send("q")
    }
}
