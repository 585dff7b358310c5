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

    /// The shift of `frame` within `window` (frame pixels) against `mean` (the window's pixels,
    /// row by row), its greys' level taken out (light that changes); every other row is measured.
    static func estimate(_ frame: Frame, against mean: [Float], in window: PixelRect) -> FrameShift {
        let reach = Self.reach
        let inner = window.insetBy(reach)
        guard inner.width > 8, inner.height > 8 else { return FrameShift(dx: 0, dy: 0, residual: 0) }
        let side = 2 * reach + 1
        var costs = [Double](repeating: 0, count: side * side)
        frame.luma.withUnsafeBufferPointer { luma in
            mean.withUnsafeBufferPointer { mean in
                let meanLevel = level(of: inner, in: mean, width: window.width, origin: window)
                for sy in -reach...reach {
                    for sx in -reach...reach {
                        let moved = PixelRect(
                            x: inner.x + sx, y: inner.y + sy, width: inner.width, height: inner.height)
                        let offset = (frameLevel(luma, frame, moved) - meanLevel)
                        costs[(sy + reach) * side + sx + reach] = squaredDifference(
                            luma, frame, at: moved, mean, window: window, inner: inner, offset: offset)
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

    /// The mean grey of `rect` (frame pixels) in the window's `mean`.
    private static func level(of rect: PixelRect, in mean: UnsafeBufferPointer<Float>, width: Int, origin: PixelRect)
        -> Double
    {
        var total = 0.0
        for y in stride(from: rect.y, to: rect.maxY, by: 2) {
            let row = (y - origin.y) * width - origin.x
            for x in rect.x..<rect.maxX { total += Double(mean[row + x]) }
        }
        return total / Double(rect.width * ((rect.height + 1) / 2))
    }

    private static func frameLevel(_ luma: UnsafeBufferPointer<UInt8>, _ frame: Frame, _ rect: PixelRect) -> Double {
        var total = 0
        for y in stride(from: rect.y, to: rect.maxY, by: 2) {
            let row = y * frame.stride
            for x in rect.x..<rect.maxX { total += Int(luma[row + x]) }
        }
        return Double(total) / Double(rect.width * ((rect.height + 1) / 2))
    }

    /// The mean squared difference between the frame's `moved` pixels (less `offset`) and the
    /// mean's `inner` ones, every other row.
    private static func squaredDifference(
        _ luma: UnsafeBufferPointer<UInt8>, _ frame: Frame, at moved: PixelRect, _ mean: UnsafeBufferPointer<Float>,
        window: PixelRect, inner: PixelRect, offset: Double
    ) -> Double {
        var total: Float = 0
        let shift = Float(offset)
        for row in stride(from: 0, to: inner.height, by: 2) {
            let from = (moved.y + row) * frame.stride + moved.x
            let to = (inner.y + row - window.y) * window.width + inner.x - window.x
            for column in 0..<inner.width {
                let difference = Float(luma[from + column]) - shift - mean[to + column]
                total += difference * difference
            }
        }
        return Double(total) / Double(inner.width * ((inner.height + 1) / 2))
    }
}

extension PixelRect {
    /// This rectangle less `margin` pixels on every side.
    func insetBy(_ margin: Int) -> PixelRect {
        PixelRect(x: x + margin, y: y + margin, width: width - 2 * margin, height: height - 2 * margin)
    }
}
