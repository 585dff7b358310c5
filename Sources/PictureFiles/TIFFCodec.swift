import CTIFF
import FrameCore

/// TIFF (scanners, fax and print workflows) through libtiff: the first page, in any of its
/// layouts (strips or tiles, any compression libtiff reads), alpha laid over white: 8-bit grey
/// and RGB strips a scanline at a time (`qrtui_tiff_grey_scanlines`, a single strip too), any
/// other layout in bands of rows (`qrtui_tiff_grey`): its own pixels and a band of RGBA. A TIFF's size lies
/// where its directory lies, anywhere in the file: it is checked once the file is read, before
/// room is made for the pixels.
public enum TIFFCodec: PictureCodec {
    public static let name = "TIFF", id = "tiff"

    public static func recognises(_ prefix: [UInt8]) -> Bool {
        prefix.starts(with: [0x49, 0x49, 0x2A, 0x00]) || prefix.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            || prefix.starts(with: [0x49, 0x49, 0x2B, 0x00]) || prefix.starts(with: [0x4D, 0x4D, 0x00, 0x2B])
    }

    public static func declaredSize(_ prefix: [UInt8]) -> (width: Int, height: Int)? { nil }

    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits) throws(PictureError) -> Frame {
        // The size first, with libtiff held to what the largest picture allowed could need...
        let (width, height) = try size(of: data, path: path, mostBytes: bytesAllowed(pixels: limits.maxPixels))
        try limits.check(width, height, path: path)
        // ...then the pixels, with libtiff held to what this picture can need: 8 bytes a pixel
        // (16-bit RGBA) or a few megabytes, whichever is more.
        let result: Result<Frame, PictureError> = data.withUnsafeBufferPointer { bytes in
            var source = qrtui_tiff_source(data: bytes.baseAddress, size: UInt64(bytes.count), offset: 0)
            guard let tiff = qrtui_tiff_open(&source, tmsize_t(bytesAllowed(pixels: width * height))) else {
                return .failure(.malformed(path: path, detail: "bad TIFF header"))
            }
            defer { TIFFClose(tiff) }
            var luma = [UInt8](repeating: 255, count: width * height)
            var decoded: UInt32 = 0
            let read = luma.withUnsafeMutableBufferPointer { out in
                let lines = qrtui_tiff_grey_scanlines(tiff, out.baseAddress, UInt32(width), UInt32(height), &decoded)
                return lines >= 0
                    ? lines : qrtui_tiff_grey(tiff, out.baseAddress, UInt32(width), UInt32(height), &decoded)
            }
            if read != 1 && decoded > 0 {
                let rows = Int(decoded)
                luma.withUnsafeMutableBufferPointer { $0[(rows * width)...].update(repeating: 128) }
                let frame = Frame(width: width, height: height, luma: luma)
                return .failure(.cutShort(path: path, PartialPicture(frame, format: "TIFF", decodedRows: rows)))
            }
            guard read == 1 else { return .failure(.malformed(path: path, detail: "truncated or corrupt TIFF")) }
            return .success(Frame(width: width, height: height, luma: luma))
        }
        return try result.get()
    }

    /// The most one allocation of libtiff's may take for a picture of `pixels`.
    static func bytesAllowed(pixels: Int) -> Int {
        max(4 << 20, pixels.multipliedReportingOverflow(by: 8).partialValue)
    }

    /// The first page's declared size.
    static func size(of data: [UInt8], path: String, mostBytes: Int) throws(PictureError) -> (Int, Int) {
        let size: (Int, Int)? = data.withUnsafeBufferPointer { bytes in
            var source = qrtui_tiff_source(data: bytes.baseAddress, size: UInt64(bytes.count), offset: 0)
            guard let tiff = qrtui_tiff_open(&source, tmsize_t(mostBytes)) else { return nil }
            defer { TIFFClose(tiff) }
            var width: UInt32 = 0
            var height: UInt32 = 0
            guard qrtui_tiff_dimensions(tiff, &width, &height) != 0 else { return (0, 0) }
            return (Int(width), Int(height))
        }
        guard let size else { throw .malformed(path: path, detail: "bad TIFF header") }
        guard size.0 > 0, size.1 > 0 else { throw .malformed(path: path, detail: "a TIFF without a size") }
        return size
    }
}
