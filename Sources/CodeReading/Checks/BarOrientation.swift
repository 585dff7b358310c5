import FrameCore
import Glibc

/// Which way a patch of bars runs, from the picture's gradients (the structure tensor): the
/// direction across the bars, whatever way the scan line crossed them.
enum BarOrientation {
    /// The unit normal to the bars around `centre` (a square of `radius` pixels each way), or
    /// nil when the patch leaves the picture or holds no edges.
    static func normal(in picture: Frame, around centre: (Double, Double), radius: Double) -> (Double, Double)? {
        orientation(in: picture, around: centre, radius: radius)?.normal
    }

    /// The normal where the patch is bars: its edges run one way (coherence, 0 for edges every
    /// way to 1 for edges all parallel, at least `coherence`).
    static func normal(in picture: Frame, around centre: (Double, Double), radius: Double, coherence: Double) -> (
        Double, Double
    )? {
        orientation(in: picture, around: centre, radius: radius).flatMap { $0.coherence >= coherence ? $0.normal : nil }
    }

    private static func orientation(in picture: Frame, around centre: (Double, Double), radius: Double)
        -> (normal: (Double, Double), coherence: Double)?
    {
        let (cx, cy, r) = (Int(centre.0.rounded()), Int(centre.1.rounded()), Int(radius.rounded()))
        guard cx - r >= 1, cy - r >= 1, cx + r + 1 < picture.width, cy + r + 1 < picture.height else { return nil }
        var xx = 0.0
        var yy = 0.0
        var xy = 0.0
        for y in (cy - r)...(cy + r) {
            for x in (cx - r)...(cx + r) {
                let gx = Double(Int(picture[x + 1, y]) - Int(picture[x - 1, y]))
                let gy = Double(Int(picture[x, y + 1]) - Int(picture[x, y - 1]))
                xx += gx * gx
                yy += gy * gy
                xy += gx * gy
            }
        }
        guard xx + yy > 0 else { return nil }
        let angle = 0.5 * atan2(2 * xy, xx - yy)
        let coherence = ((xx - yy) * (xx - yy) + 4 * xy * xy).squareRoot() / (xx + yy)
        return ((cos(angle), sin(angle)), coherence)
    }
}
