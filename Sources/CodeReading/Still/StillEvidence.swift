import FrameCore
import PictureOps

/// What a still shows of codes, found once before its passes: QR finder patterns and Aztec
/// bull's-eyes at every scale (`QRCandidates`), and patches of code texture, bars among them
/// (`Localiser`). A pass runs only where it can still find something: a picture showing
/// neither (a wall, a gradient, a face) gets the plain look alone; the looks that only bars
/// need (turned by 45 degrees or a little, magnified) run only where bars show; the
/// straightened look only where finder patterns do; the enlarged looks not where spread grey
/// is all there is (a carpet).
struct StillEvidence {
    /// Finder places and bull's-eyes, in frame pixels.
    let places: QRCandidates.CodePlaces
    /// Patches of texture, in frame pixels.
    let texture: [Candidate]
    /// Texture, or blocks of much spread grey (a code that fills the picture leaves no quiet
    /// blocks for its texture to stand out from).
    let contrast: Bool
    /// Spread grey over half the picture or more, nothing standing out from it and no bars
    /// side by side in it: a busy scene (a carpet, leaves), or a 2D code that fills the
    /// picture, whose modules are large. A few blocks of spread grey in a quiet picture are
    /// not it: a small code blurred soft shows no more.
    let busyOnly: Bool
    /// The largest group of spread blocks side by side whose edges run one way (bars too
    /// blurred or too large to stand out as texture: the edges' level is the picture's own),
    /// and the pixels it covers; none where texture stands out.
    let bars: (blocks: Int, box: PixelRect)
    let tooSmall: Bool
    /// About how many finder patterns the picture holds at its full size, as zxing-cpp's QR
    /// search first sees them (`FinderRows`): the search for places may skip a texture too fine
    /// to label, and runs on a large picture shrunk, where a crowd of small finders is lost. (A
    /// picture larger than a photo is judged in bands of its rows.)
    let finderRows: Int
    /// Dark and light change at most pixels along the rows (`transitionsPerPixel`): a texture
    /// of pixels (a checkerboard, a dither), finer than any code's modules: a QR code of one
    /// pixel a module changes at every other pixel or so, bars of two pixels at fewer.
    let fineTexture: Bool
    /// Two greys and no others (a picture drawn, not taken): its threshold is itself.
    let twoTones: Bool
    static let finestModules = 0.6

    /// Texture is measured in blocks of this side, every `rowStep`th row.
    static let blockSize = 32
    static let rowStep = 4
    /// Grey spread (standard deviation) that a code's block has and a wall's does not.
    static let spread = 10.0

    /// The evidence in `rect` of `frame`.
    init(_ frame: Frame, in rect: PixelRect) {
        // The places, the costliest part, are searched beside the rest (a picture of a megapixel
        // or more: a thread costs more than a small picture's search).
        let crop = frame.cropped(to: rect)
        let search = Pending(inline: rect.width * rect.height < PairedEngine.sideBySidePixels) {
            QRCandidates.places(in: crop).moved(by: PixelPoint(x: rect.x, y: rect.y))
        }
        let stats = frame.blockStatistics(in: rect, blockSize: Self.blockSize, rowStep: Self.rowStep)
        texture = Localiser.candidates(in: stats)
        tooSmall = rect.width * rect.height < Self.judgedFrom
        finderRows = FinderRows.estimate(in: frame, rect: rect, atMost: LargeStill.fullSizeAtMost)
        let histogram = crop.histogram()
        fineTexture = crop.transitionsPerPixel(threshold: UInt8(Frame.otsuThreshold(histogram))) > Self.finestModules
        twoTones = histogram.count { $0 > 0 } <= 2
        places = search.answer
        guard texture.isEmpty else {
            (contrast, busyOnly, bars) = (true, false, (0, rect))
            return
        }
        let spread = frame.blocksWithSpread(
            in: rect, blockSize: Self.blockSize, rowStep: Self.rowStep, deviation: Self.spread)
        let spreadBlocks = spread.count { $0 }
        contrast = spreadBlocks >= Localiser.minimumBlocks
        let barsHere = stats.largestOneWayGroup(among: spread, coherence: Localiser.oneWay)
        bars = barsHere.blocks >= Self.barGroup ? barsHere : Self.barsHalved(crop, at: rect) ?? barsHere
        busyOnly = contrast && spreadBlocks * 2 >= spread.count && bars.blocks < Localiser.minimumBlocks
    }

    /// Whether `rect` of `frame` may hold a crowd of finders, judged at a glance (in bands of
    /// its rows, a megapixel's worth, 5 ms in 12 MP): its first look waits to know. The glance
    /// counts a sheet's finders short (67 of 130), and a screen's pixel grid or noise on flat grey
    /// as finders: half a crowd is enough to wait, which costs a photo about 70 ms.
    static func mayCrowd(_ frame: Frame, in rect: PixelRect) -> Bool {
        FinderRows.estimate(in: frame, rect: rect, atMost: 1 << 20) > crowd / 2
    }

    /// More QR finder patterns than a search of every trio of them affords (zxing-cpp 1.4's is
    /// cubic in them: 1,369 finders took it minutes): a sheet of many codes, or a bomb.
    static let crowd = 60

    /// The picture holds a crowd of finder patterns: zxing-cpp reads no QR code in it whole
    /// (its candidate windows, each holding a few, are read by both libraries instead), and
    /// its looks beyond the plain one are counted (`crowdedShare`).
    var crowded: Bool {
        places.finders > Self.crowd || (!places.seesEveryFinder && finderRows > Self.rowsCrowd)
    }

    /// Finders counted by their rows that make a crowd where the search for places could not
    /// see every one (a texture too fine to label, finders too small for the shrunk search):
    /// more than a photo's texture shows (a large photo of a screen: 70 of its pixel grid's),
    /// fewer than a bomb costs zxing-cpp. (Where every finder is seen, a screen's grid makes
    /// no finder; its rows alone count it in thousands.)
    static let rowsCrowd = 400

    /// A crowded picture's looks at the whole of it beyond the plain one, as a share of the
    /// plain one's counted work: the same-size looks that read most fit, the enlarged do not
    /// (zbar's work grows faster than the pixels where finders crowd).
    static let crowdedShare = 2.5

    /// A place a code may be: a finder pattern, a bull's-eye, a patch of code texture, or of bars.
    var showsCandidates: Bool {
        !places.qrWindows.isEmpty || !places.bullseyes.isEmpty || !texture.isEmpty || bars.blocks >= Self.barGroup
    }

    /// The largest group of bars in `crop` (at `rect`'s corner in the frame) halved, in frame
    /// pixels: small, soft bars in noise show their one way where noise is averaged out (nil:
    /// too small to halve).
    static func barsHalved(_ crop: Frame, at rect: PixelRect) -> (blocks: Int, box: PixelRect)? {
        guard min(crop.width, crop.height) >= 6 * blockSize else { return nil }
        let half = crop.shrunk(by: 2)
        let stats = half.blockStatistics(in: half.bounds, blockSize: blockSize, rowStep: rowStep)
        let spread = half.blocksWithSpread(in: half.bounds, blockSize: blockSize, rowStep: rowStep, deviation: spread)
        let group = stats.largestOneWayGroup(among: spread, coherence: Localiser.oneWay)
        let box = group.box
        return (
            group.blocks,
            PixelRect(x: rect.x + 2 * box.x, y: rect.y + 2 * box.y, width: 2 * box.width, height: 2 * box.height)
        )
    }

    /// Blocks of bars side by side that make a candidate, at full size or halved: a photo's
    /// edges that run one way (a fence, a window frame) make up to 3 (`../shared/corpus`'s
    /// falsepositives), a barcode's 8 and more (a small soft one in noise, 6 halved).
    static let barGroup = 6

    /// Nothing that looks like a code anywhere.
    var isEmpty: Bool { places.qrWindows.isEmpty && places.bullseyes.isEmpty && !contrast }

    /// Texture whose edges run one way: bars.
    var showsBars: Bool { texture.contains(where: \.linear) }

    /// Something with the shape of a code, not a busy scene alone: what an enlarged look needs.
    var showsShapes: Bool {
        !isEmpty && (!places.qrWindows.isEmpty || !places.bullseyes.isEmpty || !busyOnly)
    }

    /// Where the looks beyond the plain one read.
    enum Focus: Equatable {
        case whole, nowhere
        case part(PixelRect)
    }

    /// Where in `rect` the looks beyond the plain one can find something: nowhere in a picture
    /// with no candidate at any scale (a finder, a bull's-eye, a patch of code texture or of
    /// bars); the part holding every candidate's window where that is well under the whole (a
    /// photo is mostly not code, and each look costs its pixels). A busy picture is read whole:
    /// it may be a 2D code that fills it.
    func focus(in rect: PixelRect) -> Focus {
        guard !tooSmall else { return .whole }
        guard showsCandidates || busyOnly else { return .nowhere }
        let reach = MatrixWindows.aztecReaches.last ?? 0
        let windows =
            places.qrWindows + texture.map(\.window)
            + (bars.blocks >= Self.barGroup ? [bars.box.grown(by: 2 * Self.blockSize)] : [])
            + places.bullseyes.map { eye in
                let half = Int(reach * eye.moduleSize)
                return PixelRect(x: eye.x - half, y: eye.y - half, width: 2 * half, height: 2 * half)
            }
        guard let first = windows.first else { return .whole }
        let part = Self.roomy(windows.dropFirst().reduce(first) { $0.union($1) }).clamped(to: rect)
        let share = Double(part.width * part.height) / Double(rect.width * rect.height)
        return share <= Self.focusShare ? .part(part) : .whole
    }

    /// Where bars show, in frame pixels: each window of texture that runs one way, and the
    /// largest group of bars, those that overlap joined (none in a picture too small to judge).
    var barsParts: [PixelRect] {
        guard !tooSmall else { return [] }
        let windows =
            texture.filter(\.linear).map(\.window)
            + (bars.blocks >= Self.barGroup ? [bars.box.grown(by: 2 * Self.blockSize)] : [])
        var parts = [PixelRect]()
        for window in windows.map(Self.roomy) {
            var joined = window
            while let index = parts.firstIndex(where: { !$0.clamped(to: joined).isEmpty }) {
                joined = joined.union(parts.remove(at: index))
            }
            parts.append(joined)
        }
        return parts
    }

    /// `window` with room round it: a patch of texture may show only part of its code (the
    /// bars in light the rest lacks), and an engine reads a code in a crop as it does in the
    /// picture only where the crop leaves it room (zxing-cpp looks from the middle out; a local
    /// threshold, the equalising, judge the crop's own greys). A quarter of its longer side each way.
    static func roomy(_ window: PixelRect) -> PixelRect {
        window.grown(by: max(Self.focusMargin, max(window.width, window.height) / 4))
    }

    /// Pixels round a window at the least: quiet zones.
    static let focusMargin = 32
    /// The part read instead of the whole, as a share of it at most: beyond, the whole costs little more.
    static let focusShare = 0.6

    /// Pictures this small (a few blocks) show too little to judge, and cost little to read whole.
    static let judgedFrom = 200 * 200

    /// Whether `look` can find anything that this evidence shows. Turned a little, a look
    /// crosses slanted bars at another angle.
    func allows(_ look: Look) -> Bool {
        guard !tooSmall else { return true }
        // A texture of pixels (a checkerboard, a dither) with no candidate at any scale (a finder,
        // a bull's-eye, a patch of code texture) gets the plain look alone: every other look
        // costs each library as much again, and no code lies in it.
        guard !fineTexture || showsCandidates else { return false }
        // A picture of two greys thresholded, or binarised, is the picture the plain look read
        // (binarised, less: the inside of a dark area wider than its window turns light).
        if twoTones && (look.pass == .thresholded || look.pass == .binarised) && look.turn == nil { return false }
        if look.turn != nil && !showsBars { return false }
        switch look.pass {
        case .plain: return true
        case .straightened: return !places.qrWindows.isEmpty
        case .rotated, .magnifiedThresholded, .magnifiedBinarised: return showsBars
        // Enlarging serves small modules, which spread grey alone does not show.
        default: return look.pass.enlarges ? showsShapes : !isEmpty
        }
    }
}
