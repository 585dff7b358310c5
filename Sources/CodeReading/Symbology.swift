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

    /// The library that reads it. zbar's PDF417 decoder is unfinished (it only ever gives
    /// partial reads): PDF417 is zxing-cpp's.
    public var engine: EngineKind {
        switch self {
        case .pdf417, .dataMatrix, .aztec, .microQR, .maxiCode: .zxing
        default: .zbar
        }
    }

    var zbarType: zbar_symbol_type_t { zbar_symbol_type_t(UInt32(rawValue)) }

    /// zbar's own name ("QR-Code", "EAN-13"), as zbarcam prints it; zxing-cpp's for the rest.
    public var displayName: String {
        switch self {
        case .dataMatrix: "DataMatrix"
        case .aztec: "Aztec"
        case .microQR: "MicroQR"
        case .maxiCode: "MaxiCode"
        default: String(cString: zbar_get_symbol_name(zbarType))
        }
    }

    /// Two-dimensional codes carry error correction; 1D codes are checked by a digit at most.
    public var isTwoDimensional: Bool {
        switch self {
        case .qr, .sq, .pdf417, .dataMatrix, .aztec, .microQR, .maxiCode: true
        default: false
        }
    }

    /// Whether one read in one frame of a stream is proof: a 2D code's error correction is,
    /// but for PDF417 as libzxing 1.4 reads it. Its decoder can take a symbol length it
    /// derived as negative from misread row indicators into the error correction, which then
    /// reads outside its tables and "corrects" noise into a text; the garbage is not read
    /// alike in another frame, so a PDF417 on a stream waits for a second, as a 1D code does.
    public var oneReadIsProof: Bool { isTwoDimensional && self != .pdf417 }

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
    var needsAlso: Symbology? { self == .isbn13 || self == .isbn10 ? .ean13 : nil }
}

/// The libraries behind `CodeEngine`s.
public enum EngineKind: Sendable {
    case zbar, zxing
}
