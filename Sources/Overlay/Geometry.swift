/// A point in frame pixels or in cells (fractional), depending on where it is used.
public struct Point: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle of frame pixels (fractional, so that moves of whole cells stay exact).
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var centre: Point { Point(x: x + width / 2, y: y + height / 2) }

    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(x, other.x)
        let y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// A rectangle of whole cells: columns `column..<column+width`, rows `row..<row+height`.
public struct CellRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var column: Int
    public var row: Int
    public var width: Int
    public var height: Int

    public init(column: Int, row: Int, width: Int, height: Int) {
        self.column = column
        self.row = row
        self.width = width
        self.height = height
    }

    public var maxColumn: Int { column + width }
    public var maxRow: Int { row + height }

    public func contains(column c: Int, row r: Int) -> Bool {
        c >= column && c < maxColumn && r >= row && r < maxRow
    }

    /// The part of this that lies in `other` (empty where they do not meet).
    public func clamped(to other: CellRect) -> CellRect {
        let left = max(column, other.column)
        let top = max(row, other.row)
        return CellRect(
            column: left, row: top, width: max(0, min(maxColumn, other.maxColumn) - left),
            height: max(0, min(maxRow, other.maxRow) - top))
    }

    public var description: String { "\(width)x\(height) cells at \(column),\(row)" }
}
