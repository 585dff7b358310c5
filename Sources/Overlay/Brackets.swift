/// The four corner brackets just outside the scan area, white and bold, each arm about a
/// quarter of the area's shorter side.
public enum Brackets {
    struct Glyphs {
        let topLeft, topRight, bottomLeft, bottomRight, across, down: String
    }
    static let heavy = Glyphs(topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", across: "━", down: "┃")
    static let ascii = Glyphs(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", across: "-", down: "|")

    public static func draw(
        around area: CellRect, cellAspect: Double, unicode: Bool, style: Style,
        into grid: inout CellGrid
    ) {
        guard area.width > 0, area.height > 0 else { return }
        let glyphs = unicode ? heavy : ascii
        // A quarter of the shorter side, measured in screen pixels (cells are not square).
        let shorter = min(Double(area.width) * cellAspect, Double(area.height))
        let armColumns = min(max(1, Int((shorter / 4 / cellAspect).rounded())), area.width / 2)
        let armRows = min(max(1, Int((shorter / 4).rounded())), area.height / 2)
        let left = area.column - 1
        let right = area.maxColumn
        let top = area.row - 1
        let bottom = area.maxRow
        func put(_ text: String, _ column: Int, _ row: Int) {
            if grid.contains(column: column, row: row) { grid[column, row] = Cell(text, style: style) }
        }
        put(glyphs.topLeft, left, top)
        put(glyphs.topRight, right, top)
        put(glyphs.bottomLeft, left, bottom)
        put(glyphs.bottomRight, right, bottom)
        for i in 0..<max(0, armColumns) {
            put(glyphs.across, area.column + i, top)
            put(glyphs.across, right - 1 - i, top)
            put(glyphs.across, area.column + i, bottom)
            put(glyphs.across, right - 1 - i, bottom)
        }
        for i in 0..<max(0, armRows) {
            put(glyphs.down, left, area.row + i)
            put(glyphs.down, left, bottom - 1 - i)
            put(glyphs.down, right, area.row + i)
            put(glyphs.down, right, bottom - 1 - i)
        }
    }
}
