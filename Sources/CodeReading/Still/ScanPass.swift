import FrameCore
import Glibc
import PictureOps

/// One way of looking at the scan area. The plain crop comes first; the others are tried
/// when it finds nothing (see `ThoroughScan`). Each prepares a picture through a few steps
/// and maps the corners found in it back to the crop. Which passes exist, and in which
/// order they run, was measured on the corpus (`qrtui-bench --corpus --passes`).
public enum ScanPass: String, CaseIterable, Sendable {
    /// The crop as it is.
    case plain
    /// The crop at half resolution: the cheap plain pass of a live frame (`LiveEconomy`).
    case halved
    /// Twice the size, bicubic: codes at one or two pixels per module, and some that are
    /// found only when bigger (the largest gain of all passes).
    case enlarged
    /// Black and white by comparison with the local mean: shadows, glare, uneven light.
    case binarised
    /// Light on dark turned dark on light.
    case inverted
    /// Black and white against one threshold (Otsu): blurred bars.
    case thresholded
    /// Enlarged, then thresholded: small blurred bars.
    case enlargedThresholded
    /// Enlarged, then the grey levels spread out: small codes in dull light.
    case enlargedEqualised
    /// Enlarged, then binarised: small codes under uneven light.
    case enlargedBinarised
    /// Grey levels spread, enlarged, binarised in a small window: faded photos of barcodes.
    case equalisedBinarised
    /// Softened: pictures or halftone dots inside the modules.
    case smoothed
    /// A QR code seen at an angle redrawn square from its three finder patterns: strong
    /// perspective, where zbar does not find the finders itself.
    case straightened
    /// Grey levels spread, three times the size, thresholded: small faded barcodes.
    case magnifiedThresholded
    /// Grey levels spread, three times the size, binarised in a small window: the same in uneven light.
    case magnifiedBinarised
    /// Turned by 45 degrees: zbar reads 1D codes only along rows and columns.
    case rotated
    /// Every pixel doubled: crisp codes at one pixel per module (screenshots), which
    /// interpolation would blur.
    case doubled

    /// What this pass does to the crop, in order.
    var steps: [PictureStep] {
        switch self {
        case .plain: []
        case .halved: [.halve]
        case .enlarged: [.enlarge]
        case .binarised: [.binarise]
        case .inverted: [.invert]
        case .thresholded: [.threshold]
        case .enlargedThresholded: [.enlarge, .threshold]
        case .enlargedEqualised: [.enlarge, .equalise]
        case .enlargedBinarised: [.enlarge, .binarise]
        case .equalisedBinarised: [.equalise, .enlarge, .binariseFinely]
        case .smoothed: [.smooth]
        case .straightened: []  // its own picture, see `StraightenedCode`
        case .magnifiedThresholded: [.equalise, .enlargeThrice, .threshold]
        case .magnifiedBinarised: [.equalise, .enlargeThrice, .binariseFinely]
        case .rotated: [.rotate]
        case .doubled: [.double]
        }
    }

    /// Relative cost against the plain pass: the live budget's estimate until the pass has
    /// run once (then its measured time counts). Measured with `qrtui-bench --frames` (432x432
    /// area of a 720p frame with nothing to find), the larger of the QR-only and all-types
    /// ratios, rounded up to the next half.
    public var costFactor: Double {
        switch self {
        case .plain, .inverted, .thresholded: 1
        case .halved: 0.3
        case .smoothed: 0.5
        case .binarised, .rotated: 1.5
        case .doubled: 3
        case .straightened: 3.5
        case .enlargedThresholded, .enlargedBinarised: 6
        case .enlarged, .enlargedEqualised, .equalisedBinarised: 7
        case .magnifiedThresholded: 12
        case .magnifiedBinarised: 15
        }
    }

    /// Enlarging a crop that is already large gains nothing and costs the square of the
    /// factor: enlarged pictures stay within 1800 pixels a side.
    func applies(to crop: Frame) -> Bool { applies(width: crop.width, height: crop.height) }

    func applies(width: Int, height: Int) -> Bool {
        let scale = steps.reduce(1.0) { $0 * $1.scale }
        return scale <= 1 || Double(max(width, height)) * scale <= 1800
    }

    /// Whether this pass looks at the crop larger than it is.
    var enlarges: Bool { steps.contains { $0.scale > 1 } }

    /// Straightening finds QR finder patterns: no use when QR codes are not looked for.
    func suits(_ symbologies: Set<Symbology>?) -> Bool {
        self != .straightened || symbologies?.contains(.qr) ?? true
    }

    /// The pictures this pass shows zbar (most passes one, tried in order until one reads),
    /// each with the map from its pixels back to the crop's.
    public func views(of crop: Frame) -> [MappedPicture] { views(of: PreparedPicture(crop)) }

    /// The same, from a picture whose enlargement other passes share.
    func views(of prepared: PreparedPicture) -> [MappedPicture] {
        let crop = prepared.picture
        if self == .straightened { return StraightenedCode.views(of: crop) }
        if self == .rotated { return crop.turned(degrees: PictureStep.turn).map { [$0] } ?? [] }
        let picture = prepared.applying(steps)
        let scale = steps.reduce(1.0) { $0 * $1.scale }
        if scale == 1 { return [MappedPicture(picture: picture, back: { $0 })] }
        return [
            MappedPicture(
                picture: picture,
                back: {
                    PixelPoint(
                        x: Int((Double($0.x) / scale).rounded(.down)), y: Int((Double($0.y) / scale).rounded(.down)))
                })
        ]
    }
}

/// A picture and its enlargement, made once for all the passes that begin by enlarging
/// it (enlarged, then thresholded, equalised, binarised): the costliest step of theirs.
final class PreparedPicture {
    let picture: Frame
    private var enlarged: Frame?

    init(_ picture: Frame) { self.picture = picture }

    /// `steps` applied to the picture.
    func applying(_ steps: [PictureStep]) -> Frame {
        guard steps.first == .enlarge else { return steps.reduce(picture) { $1.apply(to: $0) } }
        let start = enlarged ?? PictureStep.enlarge.apply(to: picture)
        enlarged = start
        return steps.dropFirst().reduce(start) { $1.apply(to: $0) }
    }
}

/// One picture operation of a pass.
enum PictureStep: Equatable {
    case halve, enlarge, enlargeThrice, double, rotate
    case invert, threshold, equalise, smooth
    /// Local mean in a window a fifth of the picture (15 to 101 pixels).
    case binarise
    /// Local mean in a 15-pixel window: fine detail kept even in a large picture.
    case binariseFinely

    static let turn = 45.0

    /// How much larger the picture gets.
    var scale: Double {
        switch self {
        case .halve: 0.5
        case .enlarge, .double: 2
        case .enlargeThrice: 3
        default: 1
        }
    }

    func apply(to picture: Frame) -> Frame {
        switch self {
        case .halve: picture.halved()
        case .enlarge: picture.enlargedCubic(by: 2)
        case .enlargeThrice: picture.enlargedCubic(by: 3)
        case .double: picture.doubled()
        case .rotate: picture.rotated(degrees: Self.turn)
        case .invert: picture.inverted()
        case .threshold: picture.thresholded()
        case .equalise: picture.equalised()
        case .smooth: picture.smoothed()
        case .binarise:
            picture.binarisedLocally(window: max(15, min(101, max(picture.width, picture.height) / 5) | 1), offset: 3)
        case .binariseFinely: picture.binarisedLocally(window: 15, offset: 3)
        }
    }
}
