import FrameCore
import Glibc

extension DetectedCode {
    /// Where to draw the code in `frame`: a 2D code by its corners; a 1D code as the rectangle
    /// its read covers, laid along its bars as the picture shows them. A read in a turned view
    /// marks a box that is upright in that view, which drawn as it is would cross an upright
    /// code's bars at the turn's angle.
    public func outline(in frame: Frame) -> [PixelPoint] {
        guard !symbology.isTwoDimensional, corners.count >= 2, let box = corners.boundingRect else { return corners }
        let centre = (Double(box.minX + box.maxX) / 2, Double(box.minY + box.maxY) / 2)
        let radius = Double(min(32, max(8, max(box.maxX - box.minX, box.maxY - box.minY) / 4)))
        guard let measured = BarOrientation.normal(in: frame, around: centre, radius: radius, coherence: 0.6) else {
            return corners
        }
        let (nx, ny) = Self.snapped(measured)
        // The corners' extent across the bars (along the normal) and along them.
        let across = corners.map { Double($0.x) * nx + Double($0.y) * ny }
        let along = corners.map { -Double($0.x) * ny + Double($0.y) * nx }
        guard let a0 = across.min(), let a1 = across.max(), let b0 = along.min(), let b1 = along.max() else {
            return corners
        }
        let point = { (a: Double, b: Double) in
            PixelPoint(x: Int((a * nx - b * ny).rounded()), y: Int((a * ny + b * nx).rounded()))
        }
        return [point(a0, b0), point(a0, b1), point(a1, b1), point(a1, b0)]
    }

    /// A normal within 3 degrees of an axis is that axis (a code held upright is drawn upright),
    /// pointing right or down.
    static func snapped(_ normal: (Double, Double)) -> (Double, Double) {
        var (nx, ny) = normal
        if nx < 0 || (nx == 0 && ny < 0) { (nx, ny) = (-nx, -ny) }
        let nearAxis = sin(3 * Double.pi / 180)
        if abs(ny) < nearAxis { return (1, 0) }
        if abs(nx) < nearAxis { return (0, 1) }
        return (nx, ny)
    }
}
