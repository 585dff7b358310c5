import FrameCore

/// How far a window's content moved in a frame against the mean of the frames before (a hand
/// that shakes by a pixel or two): the whole shift whose differences are least, refined to a
/// fraction of a pixel by a parabola through its neighbours; and how much the frame then still
/// differs from the mean, a pixel's squared difference on average (its sensor noise, or another
/// code where the first one was).
struct FrameShift: Equatable {
    var dx: Double
    var dy: Double
    var residual: Double

    /// No shift where the estimate is within `still` of none: noise moves it that much, and
    /// sampling between pixels would blur a code held still.
    var snapped: FrameShift {
        abs(dx) <= Self.still && abs(dy) <= Self.still ? FrameShift(dx: 0, dy: 0, residual: residual) : self
    }
    static let still = 0.3

    /// Pixels a frame may have moved each way.
    static let reach = 3

    /// Pixels measured for each shift at the most: a large window is sampled on a grid, so
    /// that its frames are moved onto its mean at a cost that does not grow with it.
    static let samples = 20_000

    /// The shift of `frame` within `window` (frame pixels) against `mean` (the window's pixels,
    /// row by row, each `scale` times its value: a sum of frames and one over their count), its
    /// greys' level taken out (light that changes); every other row at least is measured, and
    /// pixels on a grid as wide as keeps them within `samples` (so the mean is never made whole).
    static func estimate(_ frame: Frame, against mean: [Float], scale: Float = 1, in window: PixelRect) -> FrameShift {
        let reach = Self.reach
        let inner = window.insetBy(reach)
        guard inner.width > 8, inner.height > 8 else { return FrameShift(dx: 0, dy: 0, residual: 0) }
        let grid = Int((Double(inner.width * inner.height) / Double(Self.samples)).squareRoot().rounded(.up))
        let step = (x: max(1, grid), y: max(2, grid))
        let side = 2 * reach + 1
        var costs = [Double](repeating: 0, count: side * side)
        frame.luma.withUnsafeBufferPointer { luma in
            mean.withUnsafeBufferPointer { mean in
                let meanLevel =
                    level(of: inner, in: mean, width: window.width, origin: window, step: step) * Double(scale)
                for sy in -reach...reach {
                    for sx in -reach...reach {
                        let moved = PixelRect(
                            x: inner.x + sx, y: inner.y + sy, width: inner.width, height: inner.height)
                        let offset = (frameLevel(luma, frame, moved, step: step) - meanLevel)
                        costs[(sy + reach) * side + sx + reach] = squaredDifference(
                            luma, frame, at: moved, mean, scale: scale, window: window, inner: inner, offset: offset,
                            step: step)
                    }
                }
            }
        }
        let best = costs.indices.min { costs[$0] < costs[$1] } ?? 0
        let (bx, by) = (best % side, best / side)
        let refined = { (low: Double?, middle: Double, high: Double?) -> Double in
            guard let low, let high else { return 0 }
            let curve = low - 2 * middle + high
            return curve > 0 ? max(-0.5, min(0.5, (low - high) / (2 * curve))) : 0
        }
        let at = { (x: Int, y: Int) -> Double? in
            x >= 0 && x < side && y >= 0 && y < side ? costs[y * side + x] : nil
        }
        let middle = costs[best]
        return FrameShift(
            dx: Double(bx - reach) + refined(at(bx - 1, by), middle, at(bx + 1, by)),
            dy: Double(by - reach) + refined(at(bx, by - 1), middle, at(bx, by + 1)), residual: middle)
    }

    typealias Step = (x: Int, y: Int)

    /// The mean grey of `rect` (frame pixels) in the window's `mean`, on the grid of `step`.
    private static func level(
        of rect: PixelRect, in mean: UnsafeBufferPointer<Float>, width: Int, origin: PixelRect, step: Step
    ) -> Double {
        var (total, count) = (0.0, 0)
        for y in stride(from: rect.y, to: rect.maxY, by: step.y) {
            let row = (y - origin.y) * width - origin.x
            for x in stride(from: rect.x, to: rect.maxX, by: step.x) {
                total += Double(mean[row + x])
                count += 1
            }
        }
        return total / Double(max(1, count))
    }

    private static func frameLevel(
        _ luma: UnsafeBufferPointer<UInt8>, _ frame: Frame, _ rect: PixelRect, step: Step
    ) -> Double {
        var (total, count) = (0, 0)
        for y in stride(from: rect.y, to: rect.maxY, by: step.y) {
            let row = y * frame.stride
            for x in stride(from: rect.x, to: rect.maxX, by: step.x) {
                total += Int(luma[row + x])
                count += 1
            }
        }
        return Double(total) / Double(max(1, count))
    }

    /// The mean squared difference between the frame's `moved` pixels (less `offset`) and the
    /// mean's `inner` ones, on the grid of `step`.
    private static func squaredDifference(
        _ luma: UnsafeBufferPointer<UInt8>, _ frame: Frame, at moved: PixelRect, _ mean: UnsafeBufferPointer<Float>,
        scale: Float, window: PixelRect, inner: PixelRect, offset: Double, step: Step
    ) -> Double {
        var total: Float = 0
        var count = 0
        let shift = Float(offset)
        for row in stride(from: 0, to: inner.height, by: step.y) {
            let from = (moved.y + row) * frame.stride + moved.x
            let to = (inner.y + row - window.y) * window.width + inner.x - window.x
            for column in stride(from: 0, to: inner.width, by: step.x) {
                let difference = Float(luma[from + column]) - shift - scale * mean[to + column]
                total += difference * difference
                count += 1
            }
        }
        return Double(total) / Double(max(1, count))
    }
}

extension PixelRect {
    /// This rectangle less `margin` pixels on every side.
    func insetBy(_ margin: Int) -> PixelRect {
        PixelRect(x: x + margin, y: y + margin, width: width - 2 * margin, height: height - 2 * margin)
    }
}
