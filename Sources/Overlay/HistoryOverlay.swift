/// `h`: this run's codes in a box, one line each, the chosen one highlighted.
public enum HistoryOverlay {
    public static func draw(_ lines: [String], selected: Int, unicode: Bool, into grid: inout CellGrid, rows: Int) {
        let title = "codes read (\(lines.count))  arrows pick, enter copies, o opens, h closes"
        let body = lines.isEmpty ? ["nothing read yet"] : lines.map(VisibleText.escaping)
        let width = min(grid.width, max(title.count, body.map(\.count).max() ?? 0) + 4)
        let height = min(rows, body.count + 4)
        guard width >= 12, height >= 5 else { return }
        let left = (grid.width - width) / 2
        let top = max(0, (rows - height) / 2)
        let box = Style(foreground: .white, background: .black)
        Box.draw(left: left, top: top, width: width, height: height, style: box, unicode: unicode, into: &grid)
        grid.put(
            title, column: left + 2, row: top + 1,
            style: Style(foreground: .white, background: .black, attributes: .bold),
            limit: left + width - 1)
        // The window of lines around the chosen one, when they do not all fit.
        let visible = height - 4
        let first = min(max(0, selected - visible / 2), max(0, body.count - visible))
        for (offset, line) in body.dropFirst(first).prefix(visible).enumerated() {
            let chosen = first + offset == selected && !lines.isEmpty
            let style = chosen ? Style(foreground: .black, background: .white) : box
            if chosen {
                grid.fill(row: top + 3 + offset, from: left + 1, to: left + width - 1, with: Cell(" ", style: style))
            }
            grid.put(line, column: left + 2, row: top + 3 + offset, style: style, limit: left + width - 1)
        }
    }
}
