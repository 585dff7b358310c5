/// Points filed by the square of a grid they fall in: the points near a place are found by
/// looking at its square and those round it, so a picture of ten thousand finder patterns
/// costs what its patterns do, not their count squared.
struct PointGrid {
    /// A square's side, in pixels.
    let side: Double
    private var squares: [Int: [Int]] = [:]
    private(set) var points: [(x: Double, y: Double)] = []

    init(side: Double) { self.side = max(1, side) }

    private func key(_ column: Int, _ row: Int) -> Int { column &* 1_000_003 &+ row }

    private func square(of point: (x: Double, y: Double)) -> (Int, Int) {
        (Int((point.x / side).rounded(.down)), Int((point.y / side).rounded(.down)))
    }

    /// Files `point`; returns its index (the order points were added in).
    @discardableResult
    mutating func add(_ point: (x: Double, y: Double)) -> Int {
        let (column, row) = square(of: point)
        points.append(point)
        squares[key(column, row), default: []].append(points.count - 1)
        return points.count - 1
    }

    /// The points within `reach` of `point` (by distance), in no order.
    func near(_ point: (x: Double, y: Double), within reach: Double) -> [Int] {
        let (x0, y0) = square(of: (point.x - reach, point.y - reach))
        let (x1, y1) = square(of: (point.x + reach, point.y + reach))
        var found = [Int]()
        for column in x0...x1 {
            for row in y0...y1 {
                for index in squares[key(column, row)] ?? [] {
                    let other = points[index]
                    let (dx, dy) = (other.x - point.x, other.y - point.y)
                    if dx * dx + dy * dy < reach * reach { found.append(index) }
                }
            }
        }
        return found
    }

    /// Whether any point lies within `reach` of `point`.
    func hasAny(near point: (x: Double, y: Double), within reach: Double) -> Bool {
        !near(point, within: reach).isEmpty
    }

    /// The points nearest `point` (up to `count` of them, nearest first) that lie within
    /// `reach` and pass `accept`, found square ring by square ring outwards: a crowd far
    /// away costs nothing.
    func nearest(
        to point: (x: Double, y: Double), count: Int, within reach: Double, where accept: (Int) -> Bool
    ) -> [(index: Int, distance: Double)] {
        let (cx, cy) = square(of: point)
        let rings = Int((reach / side).rounded(.up)) + 1
        var found = [(index: Int, distance: Double)]()
        for ring in 0...rings {
            // Every point of a ring beyond this lies farther than `ring - 1` squares.
            if found.count >= count, let last = found.last, last.distance <= Double(ring - 1) * side { break }
            for column in (cx - ring)...(cx + ring) {
                for row in (cy - ring)...(cy + ring) where max(abs(column - cx), abs(row - cy)) == ring {
                    for index in squares[key(column, row)] ?? [] where accept(index) {
                        let other = points[index]
                        let distance =
                            ((other.x - point.x) * (other.x - point.x)
                            + (other.y - point.y) * (other.y - point.y)).squareRoot()
                        if distance < reach { found.append((index, distance)) }
                    }
                }
            }
            found.sort { $0.distance < $1.distance }
            if found.count > count { found.removeLast(found.count - count) }
        }
        return found
    }
}

/// Marks found once each: a mark within two of its modules of one kept already is that one
/// again (another binarisation's, another scale's). Filed in a `PointGrid`, so each is
/// compared with its neighbours alone.
struct Marks<Mark> {
    private(set) var all: [Mark] = []
    private var grid = PointGrid(side: 32)

    /// Keeps `mark` unless one lies within two of its modules.
    mutating func add(_ mark: Mark, at centre: (x: Double, y: Double), moduleSize: Double) {
        guard !grid.hasAny(near: centre, within: 2 * moduleSize) else { return }
        grid.add(centre)
        all.append(mark)
    }
}
