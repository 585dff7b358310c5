import Testing

@testable import Overlay

/// What the backend writes: only the cells that changed.
@Suite struct GridDiffTests {
    func grid(_ lines: [String]) -> CellGrid {
        var grid = CellGrid(width: lines.map { CellWidth.of($0) }.max() ?? 0, height: lines.count)
        for (row, line) in lines.enumerated() { grid.put(line, column: 0, row: row) }
        return grid
    }

    func positions(_ changes: [CellChange]) -> [String] { changes.map { "\($0.column),\($0.row)=\($0.cell.text)" } }

    @Test func nothingKnownMeansEveryCell() {
        #expect(grid(["ab", "cd"]).changes(since: nil).count == 4)
    }

    @Test func onlyChangedCellsAreWritten() {
        let before = grid(["abc", "def"])
        let after = grid(["abX", "Yef"])
        #expect(positions(after.changes(since: before)) == ["2,0=X", "0,1=Y"])
        #expect(after.changes(since: after).isEmpty)
    }

    @Test func aStyleChangeIsAChange() {
        let before = grid(["ab"])
        var after = before
        after[1, 0] = Cell("b", style: Style(foreground: .green))
        #expect(positions(after.changes(since: before)) == ["1,0=b"])
    }

    @Test func aWideCharacterCoversItsContinuation() {
        let before = grid(["abcd"])
        let after = grid(["a中d"])
        // 中 is written at column 1 and covers column 2; column 3 did not change.
        #expect(positions(after.changes(since: before)) == ["1,0=中"])
        // Back to narrow: both cells the wide character covered are written.
        #expect(positions(before.changes(since: after)) == ["1,0=b", "2,0=c"])
    }

    @Test func aNewSizeRepaintsEverything() {
        #expect(grid(["ab", "cd"]).changes(since: grid(["ab"])).count == 4)
    }
}

/// One table of keys drives the screen, the help box and the status hints.
@Suite struct KeyTableTests {
    @Test func everyKeyHasOneAction() {
        #expect(KeyBindings.action(for: .up) == .move(columns: 0, rows: -1))
        #expect(KeyBindings.action(for: .shiftRight) == .resize(columns: 1, rows: 0))
        #expect(KeyBindings.action(for: .character("+")) == .resize(columns: 1, rows: 1))
        #expect(KeyBindings.action(for: .enter) == .copy)
        #expect(KeyBindings.action(for: .escape) == .quit)
        #expect(KeyBindings.action(for: .character("x")) == nil)
        let keys = KeyBindings.table.flatMap { $0.keys.map(\.key) }
        #expect(Set(keys).count == keys.count, "a key bound twice")
    }

    @Test func helpAndHintsComeFromTheTable() {
        var grid = CellGrid(width: 70, height: 22)
        HelpOverlay.draw(unicode: true, into: &grid, rows: 22)
        let text = grid.lines.joined(separator: "\n")
        for binding in KeyBindings.table {
            #expect(text.contains(binding.label) && text.contains(binding.help), "\(binding.label) missing from help")
        }
        #expect(
            KeyBindings.hints(unicode: false)
                == "arrows move  shift/+- size  enter copy  space pause  g glyphs  ? help  q quit")
    }

    /// In a 30x8 window the help cannot fit: the way out (`q`) is still shown, and a line says
    /// how many keys a larger window would show.
    @Test func helpCutShortSaysSoAndKeepsTheWayOut() {
        var grid = CellGrid(width: 30, height: 8)
        HelpOverlay.draw(unicode: false, into: &grid, rows: 7)
        let lines = grid.lines
        #expect(lines.contains { $0.contains("qrtui keys") })
        #expect(lines.contains { $0.contains("q, esc") })
        #expect(lines.contains { $0.contains("... ") && $0.contains(" more") })
    }

    /// At 40 columns every line of help is broken between words, never cut, and `q` shows.
    @Test func helpAt40ColumnsBreaksBetweenWords() {
        var grid = CellGrid(width: 40, height: 40)
        HelpOverlay.draw(unicode: true, into: &grid, rows: 39)
        let text = grid.lines.joined(separator: "\n")
        #expect(text.contains("q, esc") && text.contains("stop and print the"))
        // Every word of every key's help is there whole.
        let words = Set(text.split { " │┌┐└┘─\n".contains($0) }.map(String.init))
        for binding in KeyBindings.table {
            for word in binding.help.split(separator: " ") { #expect(words.contains(String(word)), "\(word) cut") }
        }
        var short = CellGrid(width: 40, height: 12)
        HelpOverlay.draw(unicode: true, into: &short, rows: 11)
        #expect(short.lines.contains { $0.contains("q, esc") })
    }
}
