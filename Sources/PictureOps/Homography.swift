import FrameCore

/// A plane-to-plane perspective map, (u, v) -> (x, y), fitted to point pairs by least
/// squares: how a QR code's module grid lies in a picture seen at an angle.
public struct Homography: Sendable {
    /// h0...h7 of x = (h0 u + h1 v + h2) / (h6 u + h7 v + 1), y = (h3 u + h4 v + h5) / (...),
    /// in coordinates scaled by `scaleFrom` and `scaleTo` so the equations stay well conditioned.
    private let h: [Double]
    private let scaleFrom: Double
    private let scaleTo: Double

    /// Fits `from` -> `to` (at least 4 pairs, not all on a line); nil when they do not
    /// determine a map.
    public init?(from: [(Double, Double)], to: [(Double, Double)]) {
        guard from.count == to.count, from.count >= 4 else { return nil }
        let scaleFrom = max(1, from.map { max(abs($0.0), abs($0.1)) }.max() ?? 1)
        let scaleTo = max(1, to.map { max(abs($0.0), abs($0.1)) }.max() ?? 1)
        // Normal equations A^T A h = A^T b of the linearised problem.
        var normal = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        for (source, target) in zip(from, to) {
            let (u, v) = (source.0 / scaleFrom, source.1 / scaleFrom)
            let (x, y) = (target.0 / scaleTo, target.1 / scaleTo)
            for (row, rhs) in [([u, v, 1, 0, 0, 0, -u * x, -v * x], x), ([0, 0, 0, u, v, 1, -u * y, -v * y], y)] {
                for i in 0..<8 {
                    for j in 0..<8 { normal[i][j] += row[i] * row[j] }
                    normal[i][8] += row[i] * rhs
                }
            }
        }
        guard let solution = Self.solve(normal) else { return nil }
        h = solution
        self.scaleFrom = scaleFrom
        self.scaleTo = scaleTo
    }

    public func map(_ u: Double, _ v: Double) -> (x: Double, y: Double) {
        let (su, sv) = (u / scaleFrom, v / scaleFrom)
        let w = h[6] * su + h[7] * sv + 1
        return ((h[0] * su + h[1] * sv + h[2]) / w * scaleTo, (h[3] * su + h[4] * sv + h[5]) / w * scaleTo)
    }

    /// Gaussian elimination with partial pivoting on an n x (n + 1) augmented matrix.
    private static func solve(_ matrix: [[Double]]) -> [Double]? {
        var m = matrix
        let n = m.count
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
                abs(m[pivot][column]) > 1e-12
            else { return nil }
            m.swapAt(column, pivot)
            for row in 0..<n where row != column {
                let factor = m[row][column] / m[column][column]
                if factor != 0 { for k in column...n { m[row][k] -= factor * m[column][k] } }
            }
        }
        return (0..<n).map { m[$0][n] / m[$0][$0] }
    }
}
