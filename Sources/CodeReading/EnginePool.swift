/// Engines by the set of types they read: the general one, and narrow ones for a code being
/// followed (QR alone costs a quarter of every type). All on one thread.
final class EnginePool {
    let general: any CodeEngine
    private var narrow: [Symbology: any CodeEngine] = [:]

    init(_ general: any CodeEngine) {
        self.general = general
    }

    /// The EAN/UPC family: zbar reads them with one decoder and reports them as each other.
    static let productCodes: Set<Symbology> = [.ean13, .upca, .upce, .ean8, .isbn10, .isbn13, .ean2, .ean5]

    /// An engine for `symbology` alone (its family with it), configured as the general one.
    func engine(for symbology: Symbology) -> any CodeEngine {
        if let engine = narrow[symbology] { return engine }
        let engine = general.narrowed(to: Self.productCodes.contains(symbology) ? Self.productCodes : [symbology])
        narrow[symbology] = engine
        return engine
    }
}
