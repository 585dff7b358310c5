import CaptureKit
import Foundation
import FrameCore
import Overlay
import Testing

/// A real terminal for end-to-end tests: a private tmux server running one command.
/// Everything is polled with a deadline, never slept on.
final class TmuxSession {
    let socket = "qrtui-test-\(UUID().uuidString.prefix(8))"
    private(set) var exited = false

    /// Starts `command` (a shell command line) in a `width` x `height` window. The shell
    /// prints EXIT=<status> when the command ends and keeps the pane open. NO_COLOR, which
    /// the test runner sets, is removed unless `noColor`.
    init(width: Int, height: Int, command: String, clipboard: Bool = false, noColor: Bool = false) throws {
        let environment = noColor ? "env NO_COLOR=1" : "env -u NO_COLOR"
        try tmux([
            "-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "\(height)",
            "\(environment) LANG=C.UTF-8 \(command); echo EXIT=$?; sleep 600",
        ])
        if clipboard { try tmux(["set", "-g", "set-clipboard", "on"]) }
    }

    deinit { _ = try? tmux(["kill-server"]) }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let scratch = TemporaryDirectoryForRun()
        let output = scratch.path + "/tmux.out"
        _ = Spawn.run("/usr/bin/tmux", ["-L", socket] + arguments, stdout: output, deadline: 20)
        return String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
    }

    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", "t"] + keys) }
    func sendLiteral(_ text: String) throws { try tmux(["send-keys", "-t", "t", "-l", text]) }
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "t", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The screen: text only, or with SGR escapes.
    func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "t"] + (escapes ? ["-e"] : []))
    }

    func pane() throws -> Pane { Pane(try capture(escapes: true)) }

    func buffer() throws -> String { try tmux(["show-buffer"]) }

    func title() throws -> String { try tmux(["display-message", "-p", "-t", "t", "#{pane_title}"]) }

    /// Polls the screen until `condition` holds on a settled screen (two captures alike, so
    /// never a half-drawn one); fails the test with the last screen if the deadline passes.
    @discardableResult
    func waitFor(
        _ what: String, seconds: Double = 20, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (Pane) -> Bool
    ) throws -> Pane {
        let deadline = MonotonicClock.now() + seconds
        var last = try pane()
        while true {
            if condition(last) {
                let again = try pane()
                if again.text == last.text || MonotonicClock.now() >= deadline { return again }
                last = again
                continue
            }
            guard MonotonicClock.now() < deadline else {
                Issue.record("timed out waiting for \(what); screen:\n\(last.text)", sourceLocation: sourceLocation)
                return last
            }
            usleep(50_000)
            last = try pane()
        }
    }
}

/// A captured pane as cells with the attributes tmux reported.
struct Pane {
    struct Cell {
        var character: Character = " "
        var bold = false
        var dim = false
        var foreground: Int? = nil  // 256-colour index, nil = default
        var background: Int? = nil
    }

    let rows: [[Cell]]
    let text: String

    init(_ captured: String) {
        var rows = [[Cell]]()
        var style = Cell()
        var plain = [String]()
        for line in captured.split(separator: "\n", omittingEmptySubsequences: false) {
            var cells = [Cell]()
            var scalars = line.unicodeScalars[...]
            while let scalar = scalars.popFirst() {
                if scalar == "\u{1B}", scalars.first == "[" {
                    scalars.removeFirst()
                    var parameters = ""
                    while let next = scalars.popFirst(), next != "m" { parameters.unicodeScalars.append(next) }
                    Pane.apply(parameters, to: &style)
                    continue
                }
                var cell = style
                cell.character = Character(scalar)
                cells.append(cell)
                if CellWidth.of(scalar) == 2 { cells.append(cell) }
            }
            rows.append(cells)
            plain.append(String(cells.map(\.character)))
        }
        self.rows = rows
        text = plain.joined(separator: "\n")
    }

    /// The status the shell printed once the command ended (`EXIT=<status>`; nil: not yet):
    /// a failed expectation on it shows the status the run ended with.
    var exitStatus: Int? {
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("EXIT=") }) else { return nil }
        return Int(line.dropFirst(5).prefix { $0.isNumber })
    }

    static func apply(_ parameters: String, to style: inout Cell) {
        var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        if codes.isEmpty { codes = [0] }
        while let code = codes.popFirst() {
            switch code {
            case 0: style = Cell()
            case 1: style.bold = true
            case 2: style.dim = true
            case 22:
                style.bold = false
                style.dim = false
            case 30...37: style.foreground = code - 30
            case 90...97: style.foreground = code - 90 + 8
            case 39: style.foreground = nil
            case 40...47: style.background = code - 40
            case 100...107: style.background = code - 100 + 8
            case 49: style.background = nil
            case 38, 48:
                if codes.first == 5 {
                    codes.removeFirst()
                    let index = codes.popFirst() ?? 0
                    if code == 38 { style.foreground = index } else { style.background = index }
                }
            default: break
            }
        }
    }

    subscript(column: Int, row: Int) -> Cell {
        guard row < rows.count, column < rows[row].count else { return Cell() }
        return rows[row][column]
    }

    var lines: [String] { text.components(separatedBy: "\n") }

    /// (column, row) of every cell showing `character`.
    func positions(of character: Character) -> [(column: Int, row: Int)] {
        rows.enumerated().flatMap { row, cells in
            cells.enumerated().filter { $0.element.character == character }.map { ($0.offset, row) }
        }
    }

    /// The scan area's bracket corners, if all four are on screen.
    var brackets: (left: Int, top: Int, right: Int, bottom: Int)? {
        guard let topLeft = positions(of: "┏").first, let bottomRight = positions(of: "┛").first,
            positions(of: "┓").first?.row == topLeft.row, positions(of: "┗").first?.column == topLeft.column
        else { return nil }
        return (topLeft.column, topLeft.row, bottomRight.column, bottomRight.row)
    }
}
