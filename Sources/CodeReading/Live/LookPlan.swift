import FrameCore
import PictureOps

/// One look: a pass over a rectangle of the frame (turned by `turn` degrees first, for 1D
/// bars that lie at an angle).
struct Look: Equatable {
    let rect: PixelRect
    let pass: ScanPass
    var turn: Double? = nil
    /// A window around one candidate (dropped once a code is read there), not a region.
    var window = false
    /// Read by zxing-cpp for QR codes alone (`ZxingQRWindow`), not by the general engine.
    var zxingQR = false
    /// The scan lines zbar decodes along: across a candidate's bars alone, half the work; and
    /// every how many (nil: as the engine is set).
    var lines = ScanLines.both
    var density: Int? = nil
    /// Bars this long (px) or longer, or a code this large, read on every other scan line.
    static let everyOtherLineFrom = 80
}

extension CodeEngine {
    /// `body`'s result, the engine scanning as `look` asks (its lines, its density) meanwhile.
    func scanning<Result>(as look: Look, _ body: () -> Result) -> Result {
        let (lines, density) = (self.lines, self.density)
        (self.lines, self.density) = (look.lines, look.density ?? density)
        defer { (self.lines, self.density) = (lines, density) }
        return body()
    }
}

/// The looks a changed scene gets, most useful first: each candidate window at full
/// resolution (bars by zbar, a matrix by zxing-cpp's QR reading when the reader has it:
/// `zxingQR`, then by zbar); the changed region halved (large codes) and at full resolution
/// (in tiles a frame can afford); candidates turned upright; the extra passes on each
/// window; the cheap extra passes on the region. `base`: the scene it was made for.
struct LookPlan {
    private(set) var looks: [Look] = []
    private var position = 0
    private(set) var base: BlockStatistics?
    /// A candidate's bars run on past the area's edge (`Localiser.reachesPast`).
    private(set) var barsPastEdge = false

    /// Extra passes a whole region gets: those costing about as much as the plain pass.
    static let regionExtras: [ScanPass] = [.straightened, .binarised, .inverted, .thresholded, .smoothed, .rotated]

    init() {}

    init(stats: BlockStatistics, changed: [Bool], costs: CostModel, slice: Double, zxingQR: Bool = false) {
        base = stats
        let candidates = Localiser.candidates(in: stats, where: changed)
        barsPastEdge = candidates.contains { Localiser.reachesPast($0, in: stats.area, blockSize: stats.blockSize) }
        let region = SceneChange.bounds(of: changed, in: stats, margin: 3 * stats.blockSize) ?? stats.area
        // Each candidate's first look, in their order: zbar on bars, zxing-cpp's QR reading
        // on a matrix (a new QR code's first read, a third of zbar's time; zbar checks it where
        // it lies), then zbar on the matrices.
        let matrices = zxingQR ? candidates.filter { !$0.linear } : []
        looks = candidates.map {
            Look(
                rect: $0.window, pass: .plain, window: true, zxingQR: !$0.linear && zxingQR, lines: $0.across,
                density: $0.lineSpacing)
        }
        looks += matrices.map { Look(rect: $0.window, pass: .plain, window: true) }
        looks += Self.regionLooks(region, costs: costs, slice: slice)
        for candidate in candidates where candidate.linear && abs(candidate.angle) > 8 {
            looks.append(Look(rect: candidate.window, pass: .plain, turn: -candidate.angle, window: true))
        }
        for candidate in candidates {
            let size = candidate.window
            for pass in ThoroughScan.measuredOrder
            where pass.applies(width: size.width, height: size.height) && (pass != .straightened || !candidate.linear) {
                looks.append(Look(rect: candidate.window, pass: pass, window: true))
            }
        }
        looks += Self.regionExtras.map { Look(rect: region, pass: $0) }
    }

    /// A still scene looked at again: zbar on every candidate, and one of the area's region
    /// looks (halved, then each tile in turn: `turn` counts the re-checks), so a re-check
    /// costs about one frame's slice.
    init(recheck stats: BlockStatistics, turn: Int, costs: CostModel, slice: Double) {
        base = stats
        looks = Localiser.candidates(in: stats).map { Look(rect: $0.window, pass: .plain, window: true) }
        let region = Self.regionLooks(stats.area, costs: costs, slice: slice)
        looks.append(region[turn % region.count])
    }

    /// The region halved (when large), then at full resolution: whole when a frame's slice
    /// affords it, else in tiles that overlap by half (a code cut at one edge lies whole in
    /// the next tile).
    private static func regionLooks(_ region: PixelRect, costs: CostModel, slice: Double) -> [Look] {
        let pixels = region.width * region.height
        var looks = min(region.width, region.height) >= 200 ? [Look(rect: region, pass: .halved)] : []
        // n tiles a side overlapping by half a tile are each 2/(n+1) of the side: n is the
        // least that makes a tile fit in a slice.
        let share = slice / costs.estimate(.plain, pixels: pixels)
        let count = share >= 1 ? 1 : min(8, Int((2 / share.squareRoot() - 1).rounded(.up)))
        let tileWidth = count > 1 ? 2 * region.width / (count + 1) : region.width
        let tileHeight = count > 1 ? 2 * region.height / (count + 1) : region.height
        for row in 0..<count {
            for column in 0..<count {
                let x = region.x + column * tileWidth / 2
                let y = region.y + row * tileHeight / 2
                looks.append(
                    Look(
                        rect: PixelRect(x: x, y: y, width: tileWidth, height: tileHeight).clamped(to: region),
                        pass: .plain))
            }
        }
        return looks
    }

    /// Blocks looked at since the plan was made (a followed code's windows) are part of its scene.
    mutating func adopt(_ stats: BlockStatistics, where looked: [Bool]) {
        base = base.map { $0.adopting(stats, where: looked) }
    }

    var next: Look? { position < looks.count ? looks[position] : nil }
    var isFinished: Bool { position >= looks.count }
    mutating func advance() { position += 1 }

    /// A code was read: the remaining looks at windows around it are not needed.
    mutating func dropWindows(covering codes: [DetectedCode]) {
        let boxes = codes.compactMap(\.box)
        let remaining = looks[position...].filter { look in
            !(look.window && boxes.contains { Localiser.overlap($0, look.rect) > 0.8 })
        }
        looks = Array(looks[..<position]) + remaining
    }
}
