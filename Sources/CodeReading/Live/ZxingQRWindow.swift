import FrameCore

/// zxing-cpp reading QR codes alone, for a live candidate window where zbar read nothing: its
/// finder search holds up where zbar's does not (blur, a slant, a bright corner). Each place it
/// reads is put to zbar too, for QR alone, so zbar and zxing-cpp reading one place differently
/// announce nothing (`EngineAgreement`); a window it reads nothing in costs zbar nothing.
/// Structured-append parts are left to zbar's looks (`QRPartPlaces`).
final class ZxingQRWindow: CodeEngine {
    private let zxing: ZxingEngine
    private let zbar: any CodeEngine
    var density = 1
    /// The code followed in the window looked at: zxing-cpp reading it again there needs no
    /// zbar look (it had one when first read), and following it costs zxing-cpp's time alone.
    var followed: CodeIdentity?
    var symbologies: Set<Symbology>? { [.qr] }

    /// nil where `general` reads no QR code.
    init?(beside general: any CodeEngine) {
        guard general.reads(.qr) else { return nil }
        zxing = ZxingEngine(symbologies: [.qr], quick: true, readsQR: true)
        zbar = general.narrowed(to: [.qr])
    }

    func decode(_ picture: Frame) -> SymbolsFound {
        let reads = zxing.decode(picture).codes.filter { $0.sequence == nil }
        guard !reads.isEmpty else { return SymbolsFound() }
        if let followed, reads.allSatisfy({ $0.identity == followed }) {
            var found = SymbolsFound()
            found.codes = reads
            return found
        }
        // zbar looks where zxing-cpp read, with a quiet zone's margin: its QR decoding costs
        // by the pixels, and the window's first look (a new code's) is this one.
        let around = Self.around(reads, in: picture.bounds)
        var asked = SymbolsFound()
        asked.codes = zbar.decode(picture.cropped(to: around)).codes.map {
            $0.moved(by: PixelPoint(x: around.x, y: around.y))
        }
        return EngineAgreement.checked(asked, in: picture, qrReads: reads)
    }

    /// The box holding `reads`, grown on each side by a quarter of the largest's size (4
    /// modules of a version 1 code; zbar needs some of the quiet zone), within `bounds`.
    static func around(_ reads: [DetectedCode], in bounds: PixelRect) -> PixelRect {
        guard let box = reads.flatMap(\.corners).boundingRect else { return bounds }
        let sizes = reads.compactMap(\.corners.boundingRect).map { max($0.maxX - $0.minX, $0.maxY - $0.minY) }
        let margin = max(16, (sizes.max() ?? 0) / 4)
        return PixelRect(
            x: box.minX - margin, y: box.minY - margin, width: box.maxX - box.minX + 1 + 2 * margin,
            height: box.maxY - box.minY + 1 + 2 * margin
        ).clamped(to: bounds)
    }

    func reads(_ symbology: Symbology) -> Bool { symbology == .qr }
    func narrowed(to family: Set<Symbology>) -> any CodeEngine { self }
}
