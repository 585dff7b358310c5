/// zbar scanners by the set of types they read: the general one, and narrow ones for a
/// code being followed (QR alone costs a quarter of every type). All on one thread.
final class ScannerPool {
    let general: CodeScanner
    private var narrow: [Symbology: CodeScanner] = [:]

    private let requested: Set<Symbology>?
    private let settings: ScannerSettings

    init(symbologies: Set<Symbology>?, settings: ScannerSettings = ScannerSettings()) {
        requested = symbologies
        self.settings = settings
        general = CodeScanner(symbologies: symbologies, settings: settings)
    }

    /// The EAN/UPC family: zbar reads them with one decoder and reports them as each other.
    static let productCodes: Set<Symbology> = [.ean13, .upca, .upce, .ean8, .isbn10, .isbn13, .ean2, .ean5]

    /// A scanner for `symbology` alone (its family with it), configured as the general one.
    func scanner(for symbology: Symbology) -> CodeScanner {
        if let scanner = narrow[symbology] { return scanner }
        let family = Self.productCodes.contains(symbology) ? Self.productCodes : [symbology]
        let scanner = CodeScanner(symbologies: requested, narrowedTo: family, settings: settings)
        narrow[symbology] = scanner
        return scanner
    }
}
