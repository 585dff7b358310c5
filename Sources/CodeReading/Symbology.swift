import CZbar
import FrameCore
import PictureOps

/// The barcode types qrtui reads: zbar's, with zbar's numbers, and those zxing-cpp reads
/// where zbar cannot (numbered after zbar's).
public enum Symbology: Int32, CaseIterable, Sendable, Hashable, Comparable {
    case ean2 = 2, ean5 = 5, ean8 = 8, upce = 9, isbn10 = 10, upca = 12, ean13 = 13
    case isbn13 = 14, composite = 15, i25 = 25, databar = 34, databarExpanded = 35
    case codabar = 38, code39 = 39, pdf417 = 57, qr = 64, sq = 80, code93 = 93, code128 = 128
    case dataMatrix = 201, aztec = 202, microQR = 203, maxiCode = 204

    /// What qrtui knows of it (`SymbologyCatalog`).
    public var descriptor: SymbologyDescriptor { Self.descriptors[self]! }

    /// The library that reads it.
    public var engine: EngineKind { descriptor.engine }

    var zbarType: zbar_symbol_type_t { zbar_symbol_type_t(UInt32(rawValue)) }

    /// Its name in text, JSON and XML: zbar's own ("QR-Code", "EAN-13"), as zbarcam prints it.
    public var displayName: String { descriptor.displayName }

    /// zbar's own name for it (nil for zxing-cpp's types): the descriptor's is checked against it.
    var zbarName: String? { engine == .zbar ? String(cString: zbar_get_symbol_name(zbarType)) : nil }

    /// Two-dimensional codes carry error correction; 1D codes are checked by a digit at most.
    public var isTwoDimensional: Bool { descriptor.family == .matrix }

    /// Whether one read in one frame of a stream is proof (see the PDF417 descriptor).
    public var oneReadIsProof: Bool { descriptor.oneReadIsProof }

    public static func < (lhs: Symbology, rhs: Symbology) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Symbology {
    /// What zbar enables when it is not told (everything but the ISBNs and add-ons, in
    /// zbar 0.23), asked of zbar itself.
    public static let zbarDefaults: Set<Symbology> = {
        let scanner = zbar_image_scanner_create()
        defer { zbar_image_scanner_destroy(scanner) }
        return Set(
            allCases.filter { $0.engine == .zbar }.filter { symbology in
                // zbar 0.23 crashes when asked about QR, which is on.
                if symbology == .qr { return true }
                var enabled: Int32 = 0
                return zbar_image_scanner_get_config(scanner, symbology.zbarType, ZBAR_CFG_ENABLE, &enabled) == 0
                    && enabled != 0
            })
    }()

    /// What qrtui reads when it is not told: zbar's defaults and every type zxing-cpp reads.
    public static let defaults: Set<Symbology> = zbarDefaults.union(allCases.filter { $0.engine == .zxing })

    /// zbar reads an ISBN as an EAN-13 that starts 978 or 979: asking for one asks zbar for both.
    var needsAlso: Symbology? { descriptor.needsAlso.flatMap(Symbology.init(rawValue:)) }

    /// Each symbology's descriptor, from the catalog (every case has one: `SymbologyCatalogTests`).
    static let descriptors: [Symbology: SymbologyDescriptor] = Dictionary(
        uniqueKeysWithValues: SymbologyCatalog.standard.descriptors.compactMap { descriptor in
            Symbology(rawValue: descriptor.id).map { ($0, descriptor) }
        })

    /// The symbologies of a set the catalog derives.
    static func of(_ ids: Set<Int32>) -> Set<Symbology> { Set(ids.compactMap(Symbology.init(rawValue:))) }

    /// EAN and UPC, add-ons and ISBNs: zbar reads them with one decoder and reports them as each other.
    public static let productCodes = of(SymbologyCatalog.standard.productFamily)
    /// Product numbers: what a code's meaning reads as a product.
    public static let productNumbers = of(SymbologyCatalog.standard.productNumbers)
    /// Codes whose halves zbar decodes apart (their guards in the middle).
    static let readInHalves = of(SymbologyCatalog.standard.readInHalves)
    /// The types zxing-cpp gives a second look: those both libraries read, written alike.
    static let secondLook = of(SymbologyCatalog.standard.secondLook)
    /// Bars spelt across them count as a look of their own (`Corroboration.acrossIsALook`).
    static let barsAcrossIsALook = of(SymbologyCatalog.standard.barsAcrossIsALook)
    /// Read in windows around bull's-eyes and code texture on a still (`MatrixWindows`).
    static let readInWindows = of(SymbologyCatalog.standard.readInWindows)
}

/// The libraries behind `CodeEngine`s.
public enum EngineKind: Sendable {
    case zbar, zxing
}
