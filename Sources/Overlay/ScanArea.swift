/// The focus rectangle, in frame pixels: only codes inside it are read. It starts centred, 60%
/// of the frame's shorter side high and as wide, or as wide as the usual barcode where that is
/// wider (a small frame's square would cut it); it moves and resizes in whole cells, and always
/// stays on the visible picture with room for its corner brackets.
public struct ScanArea: Equatable, Sendable {
    public private(set) var rect: Rect

    /// zbar needs a few modules' worth of pixels; below this nothing useful is read.
    public static let minimumSide = 48.0
    public static let initialFraction = 0.6
    /// An EAN-13 with its quiet zones (113 modules) at 3.5 pixels a module, as a product held
    /// at arm's length shows in a webcam's picture.
    public static let usualBarcodeWidth = 400.0

    public init(rect: Rect) { self.rect = rect }

    public static func initial(frameWidth: Int, frameHeight: Int) -> ScanArea {
        let side = Double(min(frameWidth, frameHeight)) * initialFraction
        let width = max(side, min(Double(frameWidth) * 0.9, usualBarcodeWidth))
        return ScanArea(
            rect: Rect(
                x: (Double(frameWidth) - width) / 2, y: (Double(frameHeight) - side) / 2,
                width: width, height: side))
    }

    /// The cells the area covers on screen.
    public func cells(in transform: ViewTransform) -> CellRect { transform.cellRect(for: rect) }

    /// Moves by whole cells.
    public mutating func move(columns: Int, rows: Int, in transform: ViewTransform) {
        rect.x += Double(columns) * transform.pixelsPerColumn
        rect.y += Double(rows) * transform.pixelsPerRow
        clamp(to: transform)
    }

    /// Grows (positive) or shrinks (negative) by whole cells on each side, about the centre.
    public mutating func resize(columns: Int, rows: Int, in transform: ViewTransform) {
        let dx = Double(columns) * transform.pixelsPerColumn
        let dy = Double(rows) * transform.pixelsPerRow
        let minimum = minimumSize(in: transform)
        let width = max(minimum.width, rect.width + 2 * dx)
        let height = max(minimum.height, rect.height + 2 * dy)
        let centre = rect.centre
        rect = Rect(x: centre.x - width / 2, y: centre.y - height / 2, width: width, height: height)
        clamp(to: transform)
    }

    /// Centres the area on a cell (a mouse click).
    public mutating func centre(onColumn column: Int, row: Int, in transform: ViewTransform) {
        let target = transform.pixel(for: Point(x: Double(column) + 0.5, y: Double(row) + 0.5))
        rect.x = target.x - rect.width / 2
        rect.y = target.y - rect.height / 2
        clamp(to: transform)
    }

    /// Keeps the area on the visible picture, one cell in from the screen edge so its
    /// brackets show, and at least the minimum size (unless the picture is smaller).
    public mutating func clamp(to transform: ViewTransform) {
        let bounds = allowedBounds(in: transform)
        let minimum = minimumSize(in: transform)
        let width = min(max(rect.width, minimum.width), bounds.width)
        let height = min(max(rect.height, minimum.height), bounds.height)
        if width != rect.width || height != rect.height {
            let centre = rect.centre
            rect = Rect(x: centre.x - width / 2, y: centre.y - height / 2, width: width, height: height)
        }
        rect.x = min(max(rect.x, bounds.x), bounds.maxX - rect.width)
        rect.y = min(max(rect.y, bounds.y), bounds.maxY - rect.height)
    }

    func allowedBounds(in transform: ViewTransform) -> Rect {
        let picture = transform.visiblePixels
        guard transform.columns > 2, transform.rows > 2 else { return picture }
        let inner = picture.intersection(
            transform.pixelRect(
                for: CellRect(column: 1, row: 1, width: transform.columns - 2, height: transform.rows - 2)))
        return inner.width > 0 && inner.height > 0 ? inner : picture
    }

    /// At least `minimumSide` pixels and 4 columns by 2 rows, so brackets stay apart.
    func minimumSize(in transform: ViewTransform) -> (width: Double, height: Double) {
        (max(Self.minimumSide, 4 * transform.pixelsPerColumn), max(Self.minimumSide, 2 * transform.pixelsPerRow))
    }
}
