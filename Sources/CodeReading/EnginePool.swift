/// Engines by the set of types they read: the general one, and narrow ones for a code being
/// followed (QR alone costs a quarter of every type). All on one thread.
final class EnginePool {
    let general: any CodeEngine
    /// zxing-cpp's QR reading for a candidate window zbar read nothing in (nil: no QR asked for).
    let zxingQR: (any CodeEngine)?
    private var narrow: [Symbology: any CodeEngine] = [:]
    private var bars: (any CodeEngine)?

    init(_ general: any CodeEngine) {
        self.general = general
        zxingQR = ZxingQRWindow(beside: general)
    }

    /// The engine a look is read with: zxing-cpp's QR reading, or the general one.
    func engine(zxingQR: Bool) -> any CodeEngine { zxingQR ? self.zxingQR ?? general : general }

    /// The engine `look` is read with: a look across a candidate's bars alone reads the types
    /// printed in bars (1D, and PDF417's stacked rows), not the matrix codes zxing-cpp would
    /// look for too; zbar's reads still get zxing-cpp's second look (`PairedEngine`).
    func engine(for look: Look) -> any CodeEngine {
        guard !look.zxingQR, look.lines != .both else { return engine(zxingQR: look.zxingQR) }
        if let bars { return bars }
        let engine = general.narrowed(to: Set(Symbology.allCases.filter { !$0.isTwoDimensional } + [.pdf417]))
        bars = engine
        return engine
    }

    /// An engine for `symbology` alone (its family with it), configured as the general one.
    func engine(for symbology: Symbology) -> any CodeEngine {
        if let engine = narrow[symbology] { return engine }
        let engine = general.narrowed(
            to: Symbology.productCodes.contains(symbology) ? Symbology.productCodes : [symbology])
        narrow[symbology] = engine
        return engine
    }
}
