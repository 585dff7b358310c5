import CZbar
import FrameCore
import PictureOps

/// The barcode types zbar can decode, with the names zbar users know.
public enum Symbology: Int32, CaseIterable, Sendable, Hashable, Comparable {
    case ean2 = 2, ean5 = 5, ean8 = 8, upce = 9, isbn10 = 10, upca = 12, ean13 = 13
    case isbn13 = 14, composite = 15, i25 = 25, databar = 34, databarExpanded = 35
    case codabar = 38, code39 = 39, pdf417 = 57, qr = 64, sq = 80, code93 = 93, code128 = 128

    var zbarType: zbar_symbol_type_t { zbar_symbol_type_t(UInt32(rawValue)) }

    /// zbar's own name ("QR-Code", "EAN-13"), as zbarcam prints it.
    public var displayName: String { String(cString: zbar_get_symbol_name(zbarType)) }

    /// Two-dimensional codes carry error correction; 1D codes are checked by a digit at most.
    public var isTwoDimensional: Bool { self == .qr || self == .sq || self == .pdf417 }

    public static func < (lhs: Symbology, rhs: Symbology) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Symbology {
    /// What zbar enables when it is not told (everything but the ISBNs and add-ons, in
    /// zbar 0.23), asked of zbar itself.
    public static let zbarDefaults: Set<Symbology> = {
        let scanner = zbar_image_scanner_create()
        defer { zbar_image_scanner_destroy(scanner) }
        return Set(
            allCases.filter { symbology in
                // zbar 0.23 crashes when asked about these two: QR is on, PDF417 (unfinished) off.
                if symbology == .qr || symbology == .pdf417 { return symbology == .qr }
                var enabled: Int32 = 0
                return zbar_image_scanner_get_config(scanner, symbology.zbarType, ZBAR_CFG_ENABLE, &enabled) == 0
                    && enabled != 0
            })
    }()

    /// zbar reads an ISBN as an EAN-13 that starts 978 or 979: asking for one asks zbar for both.
    var needsAlso: Symbology? { self == .isbn13 || self == .isbn10 ? .ean13 : nil }
}
