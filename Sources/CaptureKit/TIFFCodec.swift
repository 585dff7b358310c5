import CTIFF
import FrameCore

/// TIFF (scanners, fax and print workflows) through libtiff: the first page, in any of its
/// layouts (strips or tiles, any compression libtiff reads), alpha laid over white. A TIFF's
/// size lies where its directory lies, anywhere in the file: it is checked once the file is
/// read, before room is made for the pixels.
public enum TIFFCodec {
    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits = PictureLimits()) throws(CaptureError) -> Frame {
        let result: Result<Frame, CaptureError> = data.withUnsafeBufferPointer { bytes in
            var source = qrtui_tiff_source(data: bytes.baseAddress, size: UInt64(bytes.count), offset: 0)
            guard let tiff = qrtui_tiff_open(&source) else { return .failure(.malformed(path: path, detail: "bad TIFF header")) }
            defer { TIFFClose(tiff) }
            var width: UInt32 = 0, height: UInt32 = 0
            guard qrtui_tiff_dimensions(tiff, &width, &height) != 0 else {
                return .failure(.malformed(path: path, detail: "a TIFF without a size"))
            }
            do throws(CaptureError) {
                try CaptureError.checkSize(Int(width), Int(height), path: path, limits: limits)
            } catch {
                return .failure(error)
            }
            var raster = [UInt32](repeating: 0, count: Int(width) * Int(height))
            let read = raster.withUnsafeMutableBufferPointer {
                TIFFReadRGBAImageOriented(tiff, width, height, $0.baseAddress, ORIENTATION_TOPLEFT, 0)
            }
            guard read == 1 else { return .failure(.malformed(path: path, detail: "truncated or corrupt TIFF")) }
            // libtiff packs each pixel as A, B, G, R from the high byte down: little-endian RGBA.
            let luma = raster.withUnsafeBytes { greyOverWhite($0.bindMemory(to: UInt8.self)) }
            return .success(Frame(width: Int(width), height: Int(height), luma: luma))
        }
        return try result.get()
    }

    /// Writes a frame as an 8-bit grey LZW TIFF at `path` (tests).
    public static func write(_ frame: Frame, to path: String) -> Bool {
        frame.packed.luma.withUnsafeBufferPointer {
            qrtui_tiff_write_grey(path, $0.baseAddress, UInt32(frame.width), UInt32(frame.height)) != 0
        }
    }
}
