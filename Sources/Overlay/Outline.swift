/// The green outline of a detected code: straight lines between its corners (mapped to
/// cells), each cell drawn with the line glyph closest to the segment's direction.
public enum Outline {
    public static let style = Style(foreground: .green, attributes: [.bold])

    /// `corners` in cell coordinates (fractional), in order around the code. A vertex where
    /// a level and an upright line meet gets the box corner that joins them (┌ ┐ └ ┘, so the
    /// outline reads as one line); others, and every vertex in ASCII, are marked "+".
    public static func draw(_ corners: [Point], cellAspect: Double, unicode: Bool, into grid: inout CellGrid) {
        guard corners.count >= 2 else { return }
        for (i, start) in corners.enumerated() where corners.count > 2 || i == 0 {
            let end = corners[(i + 1) % corners.count]
            line(from: start, to: end, cellAspect: cellAspect, unicode: unicode, into: &grid)
        }
        for (i, corner) in corners.enumerated() {
            let before = corners[(i + corners.count - 1) % corners.count]
            let after = corners[(i + 1) % corners.count]
            let joint = unicode && corners.count > 2 ? self.joint(corner, before, after, cellAspect: cellAspect) : nil
            mark(joint ?? "+", at: corner, into: &grid)
        }
    }

    /// The box corner joining the lines from `corner` to its two neighbours, when one is
    /// level and the other upright.
    static func joint(_ corner: Point, _ before: Point, _ after: Point, cellAspect: Double) -> String? {
        var across: Double?
        var down: Double?
        for neighbour in [before, after] {
            let dx = neighbour.x - corner.x
            let dy = neighbour.y - corner.y
            switch glyph(dx: dx, dy: dy, cellAspect: cellAspect, unicode: true) {
            case "─": across = dx
            case "│": down = dy
            default: return nil
            }
        }
        guard let across, let down else { return nil }
        switch (across > 0, down > 0) {
        case (true, true): return "┌"
        case (false, true): return "┐"
        case (true, false): return "└"
        case (false, false): return "┘"
        }
    }

    static func mark(_ glyph: String, at point: Point, into grid: inout CellGrid) {
        let column = Int(point.x.rounded(.down))
        let row = Int(point.y.rounded(.down))
        guard grid.contains(column: column, row: row), !grid[column, row].isContinuation else { return }
        var cell = grid[column, row]
        cell.text = glyph
        cell.style.foreground = style.foreground
        cell.style.attributes = style.attributes
        grid[column, row] = cell
    }

    static func line(from start: Point, to end: Point, cellAspect: Double, unicode: Bool, into grid: inout CellGrid) {
        let glyph = self.glyph(dx: end.x - start.x, dy: end.y - start.y, cellAspect: cellAspect, unicode: unicode)
        let steps = max(1, Int(max(abs(end.x - start.x), abs(end.y - start.y)).rounded(.up)) * 2)
        var last: (Int, Int)?
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let column = Int((start.x + (end.x - start.x) * t).rounded(.down))
            let row = Int((start.y + (end.y - start.y) * t).rounded(.down))
            guard last.map({ $0 != (column, row) }) ?? true else { continue }
            last = (column, row)
            mark(glyph, at: Point(x: Double(column), y: Double(row)), into: &grid)
        }
    }

    /// ─ │ ╱ ╲ by the segment's angle on screen (cells are `cellAspect` as wide as tall):
    /// within 22.5 degrees of horizontal or vertical, else the diagonal.
    static func glyph(dx: Double, dy: Double, cellAspect: Double, unicode: Bool) -> String {
        let across = abs(dx * cellAspect)
        let down = abs(dy)
        let tan22 = 0.41421356
        if down <= across * tan22 { return unicode ? "─" : "-" }
        if across <= down * tan22 { return unicode ? "│" : "|" }
        let fallsToTheRight = (dx > 0) == (dy > 0)  // y grows downwards
        return fallsToTheRight ? (unicode ? "╲" : "\\") : (unicode ? "╱" : "/")
    }
}
