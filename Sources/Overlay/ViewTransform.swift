/// The one mapping between frame pixels and terminal cells (AVFoundation's
/// `metadataOutputRectConverted(fromLayerRect:)` and `transformedMetadataObject(for:)`):
/// the scan area goes from cells to pixels (what is decoded), code corners from pixels to
/// cells (what is outlined).
public struct ViewTransform: Equatable, Sendable {
    public enum Mode: String, Sendable { case fill, fit }

    public let frameWidth: Int
    public let frameHeight: Int
    /// The preview area in cells.
    public let columns: Int
    public let rows: Int
    /// Width of a cell divided by its height, in screen pixels (1:2 when unknown).
    public let cellAspect: Double
    public let mode: Mode
    /// Frame pixels per cell, across and down.
    public let pixelsPerColumn: Double
    public let pixelsPerRow: Double
    /// The frame pixel at the top-left corner of cell (0, 0); negative in fit mode.
    public let originX: Double
    public let originY: Double

    public init(
        frameWidth: Int, frameHeight: Int, columns: Int, rows: Int,
        cellAspect: Double = 0.5, mode: Mode = .fill
    ) {
        self.frameWidth = max(1, frameWidth)
        self.frameHeight = max(1, frameHeight)
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.cellAspect = cellAspect > 0 ? cellAspect : 0.5
        self.mode = mode
        // Screen pixels per frame pixel: fill covers the whole area (cropping the frame),
        // fit shows the whole frame (with bars), both keeping the frame's proportions.
        let across = Double(self.columns) * self.cellAspect / Double(self.frameWidth)
        let down = Double(self.rows) / Double(self.frameHeight)
        let scale = mode == .fill ? max(across, down) : min(across, down)
        pixelsPerColumn = self.cellAspect / scale
        pixelsPerRow = 1 / scale
        originX = (Double(self.frameWidth) - Double(self.columns) * pixelsPerColumn) / 2
        originY = (Double(self.frameHeight) - Double(self.rows) * pixelsPerRow) / 2
    }

    /// Cell coordinates (fractional) of a frame pixel position.
    public func cell(for pixel: Point) -> Point {
        Point(x: (pixel.x - originX) / pixelsPerColumn, y: (pixel.y - originY) / pixelsPerRow)
    }

    /// Frame pixel position of cell coordinates (fractional).
    public func pixel(for cell: Point) -> Point {
        Point(x: originX + cell.x * pixelsPerColumn, y: originY + cell.y * pixelsPerRow)
    }

    /// The frame pixels under whole cells.
    public func pixelRect(for cells: CellRect) -> Rect {
        let topLeft = pixel(for: Point(x: Double(cells.column), y: Double(cells.row)))
        return Rect(
            x: topLeft.x, y: topLeft.y, width: Double(cells.width) * pixelsPerColumn,
            height: Double(cells.height) * pixelsPerRow)
    }

    /// The cells that best cover a pixel rectangle (edges rounded to the nearest cell line).
    public func cellRect(for pixels: Rect) -> CellRect {
        let topLeft = cell(for: Point(x: pixels.x, y: pixels.y))
        let bottomRight = cell(for: Point(x: pixels.maxX, y: pixels.maxY))
        let c0 = Int(topLeft.x.rounded())
        let r0 = Int(topLeft.y.rounded())
        let c1 = Int(bottomRight.x.rounded())
        let r1 = Int(bottomRight.y.rounded())
        return CellRect(column: c0, row: r0, width: max(0, c1 - c0), height: max(0, r1 - r0))
    }

    /// The part of the frame that is on screen.
    public var visiblePixels: Rect {
        Rect(x: 0, y: 0, width: Double(frameWidth), height: Double(frameHeight))
            .intersection(pixelRect(for: CellRect(column: 0, row: 0, width: columns, height: rows)))
    }
}
