import FrameCore
import PictureOps

/// zbar hands over the QR symbols of a structured-append message it could not join as one
/// partial symbol without their places (index, count, parity), the parts missing as NULs. So
/// where zbar saw parts, zxing-cpp's QR reader reads the picture once more: each symbol it
/// finds that says its place is a part. Parts zxing-cpp cannot read are not shown: zbar's
/// partial is no one symbol's payload. The same partials seen again (a video) keep the parts
/// found for them.
struct QRPartPlaces {
    private var last: (partials: [[UInt8]], area: PixelRect, parts: [SymbolPart])?

    /// The parts, placed, of the picture where zbar saw `partials`.
    mutating func parts(for partials: [SymbolPart], in frame: Frame, area: PixelRect?) -> [SymbolPart] {
        guard !partials.isEmpty else { return [] }
        let rect = (area ?? frame.bounds).clamped(to: frame.bounds)
        let seen = Set(partials.map(\.bytes)).sorted { $0.lexicographicallyPrecedes($1) }
        if let last, last.partials == seen, last.area == rect { return last.parts }
        guard !rect.isEmpty else { return [] }
        let origin = PixelPoint(x: rect.x, y: rect.y)
        let parts = ZxingEngine.read(frame.cropped(to: rect), formats: ZxingEngine.format(of: .qr)).compactMap {
            code -> SymbolPart? in
            guard let place = code.sequence else { return nil }
            return SymbolPart(
                bytes: code.bytes, corners: code.corners.map { PixelPoint(x: $0.x + origin.x, y: $0.y + origin.y) },
                sequence: place, eciContent: code.eciContent)
        }
        last = (seen, rect, parts)
        return parts
    }
}
