import FrameCore

/// A still's looks read on every core. When the plain look has read nothing, the looks due are
/// shared between this thread and helpers of their own (each with an engine and prepared
/// pictures of its own, `LookPool`); the answers are taken in the scan's order, so a picture
/// reads the same whatever the number of cores. A look that was not shared (a second look a
/// weak read asked for) is read here.
final class LookAhead {
    private let crop: Frame
    private let origin: PixelPoint
    private let engine: any CodeEngine
    private let helpers: Int
    private let twin: () -> (any CodeEngine)?
    private let limit: ReadingLimit?
    /// Here, the last turned crop (the fallback's looks in a row share one) and the crop's own
    /// enlargement are shared.
    private var turned: TurnedCrop?
    private let prepared: PreparedPicture
    private var shared: (looks: [Look], answers: LookPool<PassFindings>)?
    /// Pixels of the largest crop whose turned copy looks in a row share: beyond, the copy is
    /// not kept beside each look's own view (3 bytes a pixel).
    static let sharedTurnAtMost = 1 << 20

    /// `engine` reads here, `helpers` threads beside it with an engine `twin` makes each (none
    /// when it makes none: every look is read here).
    init(
        _ crop: Frame, from origin: PixelPoint, engine: any CodeEngine, helpers: Int,
        twin: @escaping () -> (any CodeEngine)?, limit: ReadingLimit?
    ) {
        self.crop = crop
        self.origin = origin
        self.engine = engine
        self.helpers = helpers
        self.twin = twin
        prepared = PreparedPicture(crop)
        self.limit = limit
    }

    /// What `look` finds, `upcoming` giving the looks due after it (asked for once, when they
    /// are shared).
    func findings(for look: Look, upcoming: () -> [Look]) -> PassFindings {
        if shared == nil, helpers > 0, look.pass != .plain || look.turn != nil { share([look] + upcoming()) }
        if let shared, let index = shared.looks.firstIndex(of: look) { return shared.answers.value(at: index) }
        return read(look)
    }

    private func read(_ look: Look) -> PassFindings {
        // A look at part of the crop (the fallback's turned looks where bars show) reads that part.
        if look.rect != crop.bounds { return Self.read(look, in: crop, from: origin, with: engine, limit: limit) }
        // A large crop's turned copy is made for each look (see `ScanPass.look(at:from:turn:)`).
        if crop.width * crop.height > Self.sharedTurnAtMost {
            return look.pass.look(at: crop, from: origin, turn: look.turn, with: engine, limit: limit)
        }
        if let turn = look.turn, turned?.degrees != turn { turned = TurnedCrop(crop, by: turn) }
        return look.pass.look(
            at: crop, from: origin, turned: look.turn == nil ? nil : turned, prepared: prepared, with: engine,
            limit: limit)
    }

    /// What `look` finds in its part of `crop`, which lies at `origin` in the frame.
    private static func read(
        _ look: Look, in crop: Frame, from origin: PixelPoint, with engine: any CodeEngine, limit: ReadingLimit?
    ) -> PassFindings {
        let part = look.rect
        guard part != crop.bounds else {
            return look.pass.look(at: crop, from: origin, turn: look.turn, with: engine, limit: limit)
        }
        return look.pass.look(
            at: crop.cropped(to: part), from: PixelPoint(x: origin.x + part.x, y: origin.y + part.y), turn: look.turn,
            with: engine, limit: limit)
    }

    /// Shares `looks` between this thread and the helpers.
    private func share(_ looks: [Look]) {
        let engines = (0..<helpers).compactMap { _ in twin() }
        guard !engines.isEmpty else { return }
        let (crop, origin, limit) = (self.crop, self.origin, self.limit)
        let helpers = engines.map { engine in
            { (index: Int) -> PassFindings in
                let look = looks[index]
                let read = { Self.read(look, in: crop, from: origin, with: engine, limit: limit) }
                return limit?.countedBeside(read) ?? read()
            }
        }
        shared = (
            looks,
            LookPool(
                count: looks.count, runAhead: engines.count, here: { [unowned self] in self.read(looks[$0]) },
                helpers: helpers)
        )
    }
}
