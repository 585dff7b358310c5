import FrameCore
import PictureOps

/// The picture's grey along a line, sampled every half pixel, averaged over three
/// neighbouring lines across.
struct ProfileLine {
    let picture: Frame
    let origin: (Double, Double)
    let direction: (Double, Double)

    init(picture: Frame, origin: (Double, Double), direction: (Double, Double)) {
        self.picture = picture
        self.origin = origin
        self.direction = direction
    }

    init(picture: Frame, origin: PixelPoint, direction: (Double, Double)) {
        self.init(picture: picture, origin: (Double(origin.x), Double(origin.y)), direction: direction)
    }
    static let step = 0.5

    func samples(over distance: Double) -> Int { Int(distance / Self.step) }

    /// Values from `from` to `to` pixels along the line (outward positive), stopping at the
    /// picture's edge; `enteringLate`: a start outside the picture is passed over until the
    /// line enters it.
    func values(from: Double, to: Double, enteringLate: Bool = false) -> [Double] {
        var out = [Double]()
        let forward = to >= from
        let step = forward ? Self.step : -Self.step
        for t in stride(from: from, through: to, by: step) {
            if let value = grey(at: t) {
                out.append(value)
            } else if !(enteringLate && out.isEmpty) {
                break
            }
        }
        return forward ? out : out.reversed()
    }

    private func grey(at t: Double) -> Double? {
        var sum = 0.0
        for across in [-1.0, 0, 1] {
            let x = origin.0 + direction.0 * t - direction.1 * across
            let y = origin.1 + direction.1 * t + direction.0 * across
            guard let value = picture.bilinear(x, y) else { return nil }
            sum += value
        }
        return sum / 3
    }

    /// The deepest dip beyond the origin and the swing between the bars' dark and light over
    /// 12 modules inward (see `QuietZone`). The first three modules past the mark (and a pixel)
    /// may hold the code's last bar; dark up to `trailing` modules is its own bars too (a Code
    /// 128's stop pattern reaches that far past zbar's mark, its start does not); the `span`
    /// modules after them are looked at. nil when the picture ends too soon to judge.
    func dipBeyond(module: Double, trailing: Double, span: Double) -> (dip: Double, swing: Double)? {
        let inward = values(from: -max(8, 12 * module), to: 0)
        guard let dark = inward.min(), let light = inward.max(), light - dark >= 12 else { return nil }
        let outward = values(from: module, to: (trailing + span) * module + 1)
        let middle = (dark + light) / 2
        let lastDark =
            outward.prefix(samples(over: (trailing - 1) * module + 1)).lastIndex { $0 < middle }.map { $0 + 1 } ?? 0
        let ownBars = max(samples(over: 2 * module + 1), lastDark)
        let judged = outward.prefix(ownBars + samples(over: span * module))
        guard judged.count >= ownBars + samples(over: span * module) / 2 else { return nil }
        return (QuietZone.deepestDip(judged, bottomingFrom: ownBars), light - dark)
    }

    /// The module width guessed from the bars inward of the end: 1D codes average about 1.7
    /// modules an element (EAN 1.6, ITF, Code 128 1.8), so 40 pixels inward with N crossings of
    /// the mid grey hold about N x 1.7 modules.
    func moduleInward() -> Double? {
        let inward = values(from: -40, to: 0)
        guard inward.count >= 20, let dark = inward.min(), let light = inward.max(), light - dark >= 12 else {
            return nil
        }
        let middle = (dark + light) / 2
        let crossings = zip(inward, inward.dropFirst()).filter { ($0 < middle) != ($1 < middle) }.count
        guard crossings >= 4 else { return nil }
        return Double(inward.count) * Self.step / (Double(crossings) * 1.7)
    }
}

extension Array {
    /// At most `count` elements, spread evenly from first to last.
    func evenlySpaced(atMost count: Int) -> [Element] {
        guard self.count > count, count > 1 else { return self }
        return (0..<count).map { self[$0 * (self.count - 1) / (count - 1)] }
    }
}
