import FrameCore
import PictureOps

/// zxing-cpp 1.4 looks for an Aztec code's bull's-eye, and for a Data Matrix's edges, from
/// the middle of the picture it is given: in a large still it reads those near the middle
/// only. Each bull's-eye, and each patch of code texture, that no code read covers is read in
/// a window centred on it (light beyond the picture's edge), by zxing-cpp for these two types
/// alone, within a counted budget.
struct MatrixWindows {
    static let family = Symbology.readInWindows
    /// Half an Aztec's window, in modules: a compact code's (27 modules), then a full one's
    /// of up to 23 layers.
    static let aztecReaches = [20.0, 64.0]
    /// Texture is measured in blocks this small, so codes a few blocks apart stay apart.
    static let blockSize = 16
    /// The windows' counted work, as a share of the picture's pixels, and at the least.
    static let share = 0.5
    static let leastWork = 8_000_000.0
    static let mostPlaces = 200

    let thorough: ThoroughScan
    let engine: any CodeEngine

    /// Nil when `engine` reads neither type.
    init?(thorough: ThoroughScan, engine: any CodeEngine) {
        let asked = Self.family.filter(engine.reads)
        guard !asked.isEmpty else { return nil }
        self.thorough = thorough
        self.engine = engine.narrowed(to: asked)
    }

    /// Reads the places in `rect` of `frame` (bull's-eyes with their module sizes, then patches
    /// of texture) that `reading`'s codes leave uncovered, adding what they read.
    func read(
        _ frame: Frame, in rect: PixelRect, bullseyes: [(centre: PixelPoint, moduleSize: Double)],
        limit: ReadingLimit?, into reading: inout FrameReading
    ) {
        var places = bullseyes.map { eye in
            (centre: eye.centre, halves: Self.aztecReaches.map { Int($0 * eye.moduleSize) })
        }
        let stats = frame.blockStatistics(in: rect, blockSize: Self.blockSize, rowStep: 4)
        places += Localiser.candidates(in: stats).filter { !$0.linear }.map { candidate in
            let patch = candidate.patch
            let margin = 2 * Self.blockSize + max(patch.width, patch.height) / 4
            return (
                centre: PixelPoint(x: patch.x + patch.width / 2, y: patch.y + patch.height / 2),
                halves: [max(patch.width, patch.height) / 2 + margin]
            )
        }
        let budget = WorkBudget(max(Self.leastWork, Double(rect.width * rect.height) * Self.share))
        // A window reaches at most as far as the picture does from its middle (a bull's-eye as
        // large as the picture is read in a window of the picture's size, not of its reach).
        let farthest = max(rect.width, rect.height) / 2 + Self.blockSize
        for place in places.prefix(Self.mostPlaces) where limit?.reached != true {
            for half in Set(place.halves.map { min($0, farthest) }).sorted()
            where !isCovered(place.centre, by: reading.codes) {
                let window = PixelRect(
                    x: place.centre.x - half, y: place.centre.y - half, width: 2 * half, height: 2 * half)
                // The budget is asked before the window is made: its pixels are the cost.
                guard budget.fits(Double(window.width * window.height)) else { continue }
                let inside = frame.cropped(to: window.clamped(to: rect))
                guard !inside.luma.isEmpty else { break }
                let picture = frame.window(window, beyond: inside.edgeRange.lightest)
                let found = thorough.scanWhole(
                    picture, at: PixelPoint(x: window.x, y: window.y), with: engine, limit: limit, passes: [.plain],
                    budget: budget)
                reading.adding(found)
                limit?.tell(reading.codes)
                if !found.codes.isEmpty { break }
            }
        }
        reading.work += budget.spent
    }
}
