import FrameCore

/// zbar and zxing-cpp as one engine: each decodes the picture for the types it reads (zbar
/// the 1D codes and QR, zxing-cpp Data Matrix, Aztec, PDF417, Micro QR and MaxiCode), and
/// what both found is the picture's; zbar's QR and 1D reads get zxing-cpp's second look
/// (`EngineAgreement`). An engine asked for no type of its own is not run.
public final class PairedEngine: CodeEngine {
    let zbar: any CodeEngine
    let zxing: ZxingEngine
    public let symbologies: Set<Symbology>?
    public var density: Int {
        get { zbar.density }
        set { zbar.density = newValue }
    }
    public var lines: ScanLines {
        get { zbar.lines }
        set { zbar.lines = newValue }
    }

    /// The two engines read a large picture at once, each on a core of its own (stills).
    let sideBySide: Bool
    /// zxing-cpp reads QR codes neither as an engine nor as zbar's second look (`sparingQR`).
    private var qrSpared = false
    /// Pictures of at least this many pixels are worth a second thread.
    static let sideBySidePixels = 1_000_000

    public init(zbar: any CodeEngine, zxing: ZxingEngine, sideBySide: Bool = false) {
        self.zbar = zbar
        self.zxing = zxing
        self.sideBySide = sideBySide
        symbologies = zbar.symbologies.map { $0.union(zxing.symbologies ?? []) }
    }

    /// Both engines, reading what `symbologies` names of theirs (nil: each its defaults).
    public convenience init(symbologies: Set<Symbology>? = nil, settings: ScannerSettings = ScannerSettings()) {
        self.init(
            zbar: ZbarEngine(symbologies: symbologies, settings: settings), zxing: ZxingEngine(symbologies: symbologies)
        )
    }

    public func decode(_ picture: Frame) -> SymbolsFound {
        let readZbar = { self.zbarReadsAny ? self.zbar.decode(picture) : SymbolsFound() }
        let readZxing = { self.zxing.isIdle ? SymbolsFound() : self.zxing.decode(picture) }
        let (first, zxingRead) =
            sideBySide && zbarReadsAny && !zxing.isIdle && picture.width * picture.height >= Self.sideBySidePixels
            ? SideBySide.run(readZbar, beside: readZxing) : (readZbar(), readZxing())
        var second = zxingRead
        var qrReads: [DetectedCode]?
        if zxing.readsQR {
            // Its QR reads are compared with zbar's; QR parts are placed where zbar saw them
            // (`QRPartPlaces`).
            qrReads = second.codes.filter { $0.symbology == .qr && $0.sequence == nil }
            second.codes.removeAll { $0.symbology == .qr }
            second.parts.removeAll { $0.sequence?.symbology == .qr }
        }
        var found =
            zbarReadsAny || qrReads?.isEmpty == false
            ? EngineAgreement.checked(first, in: picture, qrReads: qrReads, lookAtQR: !qrSpared) : SymbolsFound()
        found.codes += second.codes
        found.parts += second.parts
        return found
    }

    public func reads(_ symbology: Symbology) -> Bool { zbar.reads(symbology) || zxing.reads(symbology) }

    public func narrowed(to family: Set<Symbology>) -> any CodeEngine {
        if family.allSatisfy({ $0.engine == .zxing }) { return zxing.narrowedEngine(to: family) }
        if family.allSatisfy({ $0.engine == .zbar }) { return zbar.narrowed(to: family) }
        return PairedEngine(
            zbar: zbar.narrowed(to: family), zxing: zxing.narrowedEngine(to: family), sideBySide: sideBySide)
    }

    /// Stills only: the twin reads alone (its engines one after the other).
    public func twin() -> (any CodeEngine)? {
        guard sideBySide, let zbar = zbar.twin() else { return nil }
        return PairedEngine(zbar: zbar, zxing: zxing.alike)
    }

    /// The same engines with zbar's look at `picture` under way on a thread of its own (a
    /// still's first look, begun before its evidence is gathered); nil where it is not worth a
    /// thread (a picture under a megapixel, or zbar reading nothing here).
    func startingZbar(on picture: Frame) -> PairedEngine? {
        guard startsZbar(on: picture) else { return nil }
        let started = PairedEngine(zbar: StartedLook(zbar, on: picture), zxing: zxing, sideBySide: sideBySide)
        started.qrSpared = qrSpared
        return started
    }

    /// Whether `startingZbar` starts a look at `picture`.
    func startsZbar(on picture: Frame) -> Bool {
        sideBySide && zbarReadsAny && picture.width * picture.height >= Self.sideBySidePixels
    }

    /// The same engines, zxing-cpp reading no QR code, not even as zbar's second look (a
    /// crowded picture's, `StillEvidence`): zbar's QR reads stand on their error correction;
    /// `byZbarToo`: zbar reads none either (the places' windows read them all).
    public func sparingQR(byZbarToo: Bool = false) -> PairedEngine {
        let others = Set(Symbology.allCases).subtracting([.qr])
        let spared = PairedEngine(
            zbar: byZbarToo ? zbar.narrowed(to: others) : zbar, zxing: zxing.narrowedEngine(to: others),
            sideBySide: sideBySide)
        spared.qrSpared = true
        return spared
    }

    /// zbar asked only for zxing-cpp's types reads nothing: it is not run.
    private var zbarReadsAny: Bool { zbar.symbologies.map { $0.contains { $0.engine == .zbar } } ?? true }
}
