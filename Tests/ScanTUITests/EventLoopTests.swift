import CaptureKit
import CodeFixtures
import FrameCore
import Overlay
import Testing

@testable import ScanOptions
@testable import ScanTUI

/// The real event loop, capture and scan threads on a scripted terminal: keys in, grids
/// and effects out, no tmux.
@Suite struct EventLoopTests {
    let directory = TemporaryDirectory("loop")
    static let payload = "https://example.org/event-loop"

    func session(_ pictures: Options.PreviewChoice = .characters) -> LiveSession {
        // A video in a loop: a moving picture, aimed with the scan area (a still is read whole).
        let frame = CodeFixtures.qrScene(Self.payload, width: 800, height: 600, moduleSize: 6)
        let path = directory.write("code.y4m", Y4MEncoder.encode([frame, frame]))
        var options = Options()
        options.input = path
        options.loop = true
        options.pictures = pictures
        return LiveSession(options: options, choice: .input(path, loop: true), output: StandardOutput())
    }

    /// Runs the loop on `terminal`; returns the final state and the effects performed.
    func run(
        _ terminal: ScriptedTerminal, pictures: Options.PreviewChoice = .characters
    ) -> (LiveState, [LiveEffect]) {
        var effects = [LiveEffect]()
        let state = session(pictures).run(on: terminal, signals: nil) { effects.append($0) }
        #expect(terminal.missed == nil, "never saw: \(terminal.missed ?? "")")
        #expect(terminal.ended)
        return (state, effects)
    }

    static func success(_ grid: CellGrid) -> Bool { grid.statusLine.contains("QR-Code") }

    @Test func arrowsAndResizeChangeTheGrid() throws {
        var start: (left: Int, top: Int, right: Int, bottom: Int)?
        let terminal = ScriptedTerminal(
            columns: 120, rows: 40,
            steps: [
                .init(
                    waitingFor: "brackets",
                    condition: { grid in
                        start = grid.brackets
                        return start != nil
                    },
                    input: [.key(.right)]),
                .init(
                    waitingFor: "brackets two columns right",
                    condition: { grid in
                        guard let start, let moved = grid.brackets else { return false }
                        return moved.left == start.left + 2 && moved.right == start.right + 2 && moved.top == start.top
                    }, input: [.resize(columns: 90, rows: 30)]),
                .init(
                    waitingFor: "a 90x30 grid with brackets",
                    condition: { $0.width == 90 && $0.height == 30 && $0.brackets != nil },
                    input: [.key(.character("q"))]),
            ])
        let (state, effects) = run(terminal)
        #expect(state.columns == 90 && state.rows == 30)
        // Characters are the default: no picture in pixels is handed over.
        #expect(terminal.pictures.allSatisfy { $0 == nil })
        // Each move and resize asked for a scan of the new area.
        #expect(effects.filter { if case .scan = $0 { true } else { false } }.count >= 3)
    }

    @Test func eachGridComesWithThePictureForATerminalOfPixels() throws {
        let terminal = ScriptedTerminal(
            columns: 100, rows: 30,
            steps: [.init(waitingFor: "the success status", condition: Self.success, input: [.key(.character("q"))])])
        terminal.graphics.answered = true
        terminal.graphics.sixel = true
        terminal.graphics.cellPixels = PixelSize(width: 10, height: 20)
        let (state, _) = run(terminal, pictures: .auto)
        let index = try #require(terminal.grids.firstIndex(where: Self.success))
        let picture = try #require(terminal.pictures[index])
        #expect(picture.image.width == 800 && picture.image.height == 600)
        // The brackets and the code's outline are the picture's, around the scan area: the
        // grid draws no character of the picture, only the status line below it.
        let transform = try #require(state.transform)
        let area = try #require(picture.brackets.map { transform.cellRect(for: $0) })
        #expect(area == state.scanArea?.cells(in: transform))
        #expect(picture.outlines.count == 1)
        let grid = terminal.grids[index]
        #expect(grid.brackets == nil)
        #expect(grid.lines.dropLast().allSatisfy { $0.allSatisfy { $0 == " " } })
    }

    @Test func aReadingTurnsTheStatusGreenAndEnterCopies() throws {
        let terminal = ScriptedTerminal(
            columns: 100, rows: 30,
            steps: [
                .init(waitingFor: "the success status", condition: Self.success, input: [.key(.enter)]),
                .init(
                    waitingFor: "the copy notice", condition: { $0.statusLine.contains("copied") },
                    input: [.key(.character("q"))]),
            ])
        let (state, effects) = run(terminal)
        let bytes = Array(Self.payload.utf8)
        #expect(effects.contains(.copy(bytes)))
        #expect(terminal.controls.contains(Clipboard.osc52(bytes)))
        let green = try #require(terminal.grids.first(where: Self.success))
        // The badge: black on green (not bold: bold black is grey on 8 colours); the payload
        // after it in green.
        let badge = green[1, 29]
        #expect(badge.style == Style(foreground: .black, background: .green))
        #expect(green.statusLine.contains(Self.payload))
        #expect(state.lastCode?.text == Self.payload)
        #expect(terminal.bells == 1)
    }

    @Test func qQuitsAndEndsTheTerminal() throws {
        let terminal = ScriptedTerminal(
            columns: 80, rows: 24,
            steps: [
                .init(waitingFor: "the success status", condition: Self.success, input: [.key(.character("q"))])
            ])
        let (state, effects) = run(terminal)
        #expect(effects.last == .draw || effects.last == .quit)
        #expect(effects.contains(.quit))
        #expect(state.status == .stop(byUser: true))
        #expect(state.exitStatus == .read)
        #expect(terminal.lastGrid?.statusLine.contains("STOP") == true)
    }
}
