import FrameCore

/// An engine's look at a still's first picture, started on a thread of its own before the
/// still's evidence is gathered (the evidence decides how zxing-cpp reads the picture, not how
/// zbar does): decoding that very picture, scanned as the look was started, takes its answer.
/// Anything else waits for the look to end, then is decoded as usual (one engine, one thread).
final class StartedLook: CodeEngine {
    private let engine: any CodeEngine
    private let picture: Frame
    private let scanned: (density: Int, lines: ScanLines)
    private var look: Pending<SymbolsFound>?

    init(_ engine: any CodeEngine, on picture: Frame) {
        self.engine = engine
        self.picture = picture
        scanned = (engine.density, engine.lines)
        look = Pending { engine.decode(picture) }
    }

    var symbologies: Set<Symbology>? { engine.symbologies }

    var density: Int {
        get { engine.density }
        set {
            ended()
            engine.density = newValue
        }
    }

    var lines: ScanLines {
        get { engine.lines }
        set {
            ended()
            engine.lines = newValue
        }
    }

    func decode(_ picture: Frame) -> SymbolsFound {
        if let look, picture.sharesPixels(with: self.picture), engine.density == scanned.density,
            engine.lines == scanned.lines
        {
            return look.answer
        }
        ended()
        return engine.decode(picture)
    }

    func narrowed(to family: Set<Symbology>) -> any CodeEngine {
        ended()
        return engine.narrowed(to: family)
    }

    func reads(_ symbology: Symbology) -> Bool { engine.reads(symbology) }

    func twin() -> (any CodeEngine)? { engine.twin() }

    /// The started look is over (its thread joined): the engine is this thread's again.
    private func ended() {
        _ = look?.answer
        look = nil
    }
}
