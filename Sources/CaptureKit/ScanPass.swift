import Glibc

/// One way of looking at the scan area. The plain crop comes first; the others are tried
/// when it finds nothing (see `ScanStrategy`). Each prepares a picture and maps the corners
/// found in it back to the crop.
public enum ScanPass: String, CaseIterable, Sendable {
    /// The crop as it is.
    case plain
    /// The crop at half resolution: the cheap plain pass of a live frame (`LiveEconomy`).
    case halved
    /// Twice the size, bilinear: codes at one or two pixels per module, and some that are
    /// found only when bigger (measured on the corpus: the largest gain of all passes).
    case enlarged
    /// Black and white by comparison with the local mean: shadows, glare, uneven light.
    case binarised
    /// Light on dark turned dark on light.
    case inverted
    /// Turned by 45 degrees: zbar reads 1D codes only along rows and columns.
    case rotated
    /// Every pixel doubled: crisp codes at one pixel per module (screenshots), which
    /// interpolation would blur.
    case doubled

    /// Relative cost against the plain pass (pixels and preparation), for the frame budget.
    var costFactor: Double {
        switch self {
        case .halved: 0.25
        case .plain, .inverted: 1
        case .binarised: 1.5
        case .rotated: 2.2
        case .enlarged: 4.5
        case .doubled: 4
        }
    }

    /// Enlarging a crop that is already large gains nothing and costs four times as much.
    func applies(to crop: Frame) -> Bool {
        (self != .enlarged && self != .doubled) || max(crop.width, crop.height) <= 900
    }

    /// The picture for this pass and the map from its pixels back to the crop's.
    func prepare(_ crop: Frame) -> (picture: Frame, back: (PixelPoint) -> PixelPoint) {
        switch self {
        case .plain: return (crop, { $0 })
        case .halved: return (crop.scaled(by: 0.5), { PixelPoint(x: $0.x * 2, y: $0.y * 2) })
        case .inverted: return (crop.inverted(), { $0 })
        case .binarised:
            let window = max(15, min(51, max(crop.width, crop.height) / 5) | 1)
            return (crop.binarisedLocally(window: window, offset: 3), { $0 })
        case .enlarged:
            return (crop.scaled(by: 2), { PixelPoint(x: $0.x / 2, y: $0.y / 2) })
        case .doubled:
            return (crop.doubled(), { PixelPoint(x: $0.x / 2, y: $0.y / 2) })
        case .rotated:
            let picture = crop.rotated(degrees: 45)
            let angle = -45.0 * .pi / 180
            let (c, s) = (cos(angle), sin(angle))
            let (cx, cy) = (Double(picture.width) / 2, Double(picture.height) / 2)
            let (ox, oy) = (Double(crop.width) / 2, Double(crop.height) / 2)
            return (picture, { point in
                let dx = Double(point.x) - cx, dy = Double(point.y) - cy
                return PixelPoint(x: Int((ox + dx * c - dy * s).rounded()), y: Int((oy + dx * s + dy * c).rounded()))
            })
        }
    }
}
