/// The camera's picture for a terminal that draws pixels itself (sixel, the kitty graphics
/// protocol): the frame for a rectangle of cells, and what the overlay draws over it, in frame
/// pixels, where the characters draw it. A backend of characters draws the cells that
/// `Screen.render` made for the same rectangle instead.
public struct FramePicture: Equatable, Sendable {
    public let image: GreyImage
    /// Frame pixels to cells, as the characters are drawn.
    public let transform: ViewTransform
    /// The cells the picture covers (the bars beside a fitted picture are not its).
    public let cells: CellRect
    /// The scan area as the cells frame it, in frame pixels: outside it is dimmed (nil:
    /// nothing is, a still read whole).
    public let undimmed: Rect?
    /// The rectangle the corner brackets stand around, in frame pixels (nil: none).
    public let brackets: Rect?
    /// Each code's outline, in frame pixels.
    public let outlines: [[Point]]
    /// A read just happened: the brackets turn green for a moment.
    public let flash: Bool

    /// The picture `scene` shows on a screen of `columns` by `rows` cells (nil: none yet).
    public init?(_ scene: Scene, columns: Int, rows: Int) {
        guard let image = scene.image, let transform = scene.transform, columns > 0, rows > 1 else { return nil }
        // Every cell the frame reaches, in part too: the characters would draw those.
        let visible = transform.visiblePixels
        let topLeft = transform.cell(for: Point(x: visible.x, y: visible.y))
        let bottomRight = transform.cell(for: Point(x: visible.maxX, y: visible.maxY))
        let (column, row) = (Int((topLeft.x + 0.01).rounded(.down)), Int((topLeft.y + 0.01).rounded(.down)))
        let shown = CellRect(
            column: column, row: row, width: Int((bottomRight.x - 0.01).rounded(.up)) - column,
            height: Int((bottomRight.y - 0.01).rounded(.up)) - row)
        let screen = CellRect(column: 0, row: 0, width: transform.columns, height: transform.rows)
        cells = shown.clamped(to: screen)
        guard cells.width > 0, cells.height > 0 else { return nil }
        self.image = image
        self.transform = transform
        let area = scene.scanArea.map { transform.pixelRect(for: $0.cells(in: transform)) }
        undimmed = scene.readsWhole ? nil : area
        brackets = area
        outlines = scene.outlines
        flash = scene.flash
    }

    /// Where frame pixel `point` falls in a picture of `cells` drawn at `cellWidth` by
    /// `cellHeight` screen pixels a cell (its top-left pixel at 0, 0).
    public func screenPixel(for point: Point, cellWidth: Double, cellHeight: Double) -> Point {
        let cell = transform.cell(for: point)
        return Point(
            x: (cell.x - Double(cells.column)) * cellWidth, y: (cell.y - Double(cells.row)) * cellHeight)
    }
}
