/// `?`: a box in the middle of the screen listing every key.
public enum HelpOverlay {
    /// The key table's lines: the keys and what they do.
    public static var entries: [(key: String, action: String)] { KeyBindings.table.map { ($0.label, $0.help) } }

    /// `notes`: what the last code's warnings mean, listed first (they are why `?` was asked).
    public static func draw(unicode: Bool, into grid: inout CellGrid, rows: Int, notes: [String] = []) {
        let keyWidth = entries.map { $0.key.count }.max() ?? 0
        let noteWidth = max(20, grid.width - 6)
        let warnings = notes.isEmpty ? [] : ["this code"]
            + notes.flatMap { wrapped((unicode ? "⚠ " : "! ") + VisibleText.escaping($0), width: noteWidth) } + [""]
        let lines = warnings + ["qrtui keys", ""] + entries.map { $0.key.padding(to: keyWidth) + "  " + $0.action }
        let width = min(grid.width, (lines.map { $0.count }.max() ?? 0) + 4)
        let height = min(rows, lines.count + 2)
        guard width >= 8, height >= 3 else { return }
        let left = (grid.width - width) / 2, top = max(0, (rows - height) / 2)
        let box = Style(foreground: .white, background: .black)
        Box.draw(left: left, top: top, width: width, height: height, style: box, unicode: unicode, into: &grid)
        // Cut short, it says so: the last row tells how much is missing.
        var shown = Array(lines.prefix(height - 2))
        if lines.count > shown.count, shown.count >= 2 {
            shown[shown.count - 1] = (unicode ? "… " : "... ") + "\(lines.count - shown.count + 1) more: a larger window"
        }
        for (i, line) in shown.enumerated() {
            let heading = line == "qrtui keys" || line == "this code"
            let style = heading ? Style(foreground: .white, background: .black, attributes: .bold) : box
            grid.put(line, column: left + 2, row: top + 1 + i, style: style, limit: left + width - 1)
        }
    }
}

/// `text` in lines of at most `width` characters, broken between words.
func wrapped(_ text: String, width: Int) -> [String] {
    var lines = [String](), line = ""
    for word in text.split(separator: " ") {
        if !line.isEmpty && line.count + 1 + word.count > width {
            lines.append(line)
            line = "  "
        }
        line += (line.isEmpty || line == "  " ? "" : " ") + word
    }
    return lines + [line]
}

extension String {
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
