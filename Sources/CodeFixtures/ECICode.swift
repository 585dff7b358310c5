import CZint
import FrameCore

/// Codes whose text is in the character sets their ECI designators name, drawn by libzint
/// (which converts UTF-8 text to each ECI's set), in every symbology that carries ECIs.
public enum ECICode {
    public enum Kind: String, CaseIterable, Sendable {
        case qr, dataMatrix, aztec, pdf417, maxiCode

        var zintType: Int32 {
            switch self {
            case .qr: BARCODE_QRCODE
            case .dataMatrix: BARCODE_DATAMATRIX
            case .aztec: BARCODE_AZTEC
            case .pdf417: BARCODE_PDF417
            case .maxiCode: BARCODE_MAXICODE
            }
        }
    }

    /// One segment a text, in the set of its ECI (0: none).
    public struct Segment: Sendable {
        public let eci: Int
        public let text: String
        public init(eci: Int, _ text: String) {
            self.eci = eci
            self.text = text
        }
    }

    /// The symbol drawn by libzint at `scale` (its own raster, which draws MaxiCode's hexagons)
    /// with a quiet zone; nil when a segment's text is not in its ECI's set. `part`: its place
    /// in a structured-append message (1-based).
    public static func picture(
        _ kind: Kind, _ segments: [Segment], scale: Float = 3, part: (index: Int, count: Int)? = nil
    ) -> Frame? {
        guard let symbol = ZBarcode_Create() else { return nil }
        defer { ZBarcode_Delete(symbol) }
        symbol.pointee.symbology = kind.zintType
        symbol.pointee.input_mode = UNICODE_MODE
        symbol.pointee.scale = scale
        symbol.pointee.whitespace_width = 8
        symbol.pointee.whitespace_height = 8
        if let part {
            symbol.pointee.structapp.index = Int32(part.index)
            symbol.pointee.structapp.count = Int32(part.count)
        }
        let sources = segments.map { Array($0.text.utf8) }
        let encoded = sources.withUnsafeBufferPointers { pointers in
            var segs = zip(segments, pointers).map { segment, bytes in
                zint_seg(
                    source: UnsafeMutablePointer(mutating: bytes.baseAddress), length: Int32(bytes.count),
                    eci: Int32(segment.eci))
            }
            return ZBarcode_Encode_Segs(symbol, &segs, Int32(segs.count))
        }
        guard encoded < ZINT_ERROR, ZBarcode_Buffer(symbol, 0) < ZINT_ERROR, let bitmap = symbol.pointee.bitmap
        else { return nil }
        let (width, height) = (Int(symbol.pointee.bitmap_width), Int(symbol.pointee.bitmap_height))
        // The raster is RGB, dark modules black on white: its green is the grey.
        let luma = (0..<width * height).map { UInt8(bitmap[3 * $0 + 1]) }
        return Frame(width: width, height: height, luma: luma)
    }
}

extension Array where Element == [UInt8] {
    /// Every array's bytes pinned at once, for a C call that takes pointers to several.
    fileprivate func withUnsafeBufferPointers<R>(_ body: ([UnsafeBufferPointer<UInt8>]) -> R) -> R {
        func pin(_ index: Int, _ pinned: [UnsafeBufferPointer<UInt8>]) -> R {
            guard index < count else { return body(pinned) }
            return self[index].withUnsafeBufferPointer { pin(index + 1, pinned + [$0]) }
        }
        return pin(0, [])
    }
}
