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
        var asked = zbar.decode(picture)
        asked.parts = []
        return EngineAgreement.checked(asked, in: picture, qrReads: reads)
    }

    func reads(_ symbology: Symbology) -> Bool { symbology == .qr }
    func narrowed(to family: Set<Symbology>) -> any CodeEngine { self }
}
