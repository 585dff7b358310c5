import FrameCore
import PictureOps

/// What a still shows of codes, found once before its passes: QR finder patterns and Aztec
/// bull's-eyes at every scale (`QRCandidates`), and patches of code texture, bars among them
/// (`Localiser`). A pass runs only where it can still find something: a picture showing
/// neither (a wall, a gradient, a face) gets the plain look alone; the looks that only bars
/// need (turned by 45 degrees or a little, magnified) run only where bars show; the
/// straightened look only where finder patterns do.
struct StillEvidence {
    /// Finder places and bull's-eyes, in frame pixels.
    let places: QRCandidates.CodePlaces
    /// Patches of texture, in frame pixels.
    let texture: [Candidate]
    /// Texture, or blocks of much spread grey (a code that fills the picture leaves no quiet
    /// blocks for its texture to stand out from).
    let contrast: Bool
    let tooSmall: Bool

    /// Texture is measured in blocks of this side, every `rowStep`th row.
    static let blockSize = 32
    static let rowStep = 4
    /// Grey spread (standard deviation) that a code's block has and a wall's does not.
    static let spread = 10.0

    /// The evidence in `rect` of `frame`.
    init(_ frame: Frame, in rect: PixelRect) {
        places = QRCandidates.places(in: frame.cropped(to: rect)).moved(by: PixelPoint(x: rect.x, y: rect.y))
        let stats = frame.blockStatistics(in: rect, blockSize: Self.blockSize, rowStep: Self.rowStep)
        texture = Localiser.candidates(in: stats)
        tooSmall = rect.width * rect.height < Self.judgedFrom
        contrast =
            !texture.isEmpty
            || frame.blocksWithSpread(
                in: rect, blockSize: Self.blockSize, rowStep: Self.rowStep, deviation: Self.spread)
                >= Localiser.minimumBlocks
    }

    /// Nothing that looks like a code anywhere.
    var isEmpty: Bool { places.qrWindows.isEmpty && places.bullseyes.isEmpty && !contrast }

    /// Texture whose edges run one way: bars.
    var showsBars: Bool { texture.contains(where: \.linear) }

    /// Pictures this small (a few blocks) show too little to judge, and cost little to read whole.
    static let judgedFrom = 200 * 200

    /// Whether `look` can find anything that this evidence shows. Turned a little, a look
    /// crosses slanted bars at another angle.
    func allows(_ look: Look) -> Bool {
        guard !tooSmall else { return true }
        if look.turn != nil && !showsBars { return false }
        switch look.pass {
        case .plain: return true
        case .straightened: return !places.qrWindows.isEmpty
        case .rotated, .magnifiedThresholded, .magnifiedBinarised: return showsBars
        default: return !isEmpty
        }
    }
}
