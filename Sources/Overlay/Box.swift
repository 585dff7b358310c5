/// A framed box of `width` x `height` cells at (`left`, `top`), filled with `style`: what the
/// help and history boxes are drawn in.
enum Box {
    static func draw(
        left: Int, top: Int, width: Int, height: Int, style: Style, unicode: Bool, into grid: inout CellGrid
    ) {
        let (h, v, corners) = unicode ? ("─", "│", ["┌", "┐", "└", "┘"]) : ("-", "|", ["+", "+", "+", "+"])
        for row in top..<(top + height) {
            grid.fill(row: row, from: left, to: left + width, with: Cell(" ", style: style))
            let edge = row == top || row == top + height - 1
            grid[left, row] = Cell(edge ? (row == top ? corners[0] : corners[2]) : v, style: style)
            grid[left + width - 1, row] = Cell(edge ? (row == top ? corners[1] : corners[3]) : v, style: style)
            if edge { for c in (left + 1)..<(left + width - 1) { grid[c, row] = Cell(h, style: style) } }
        }
    }
}
