import CPNG
import FrameCore

/// PNG through libpng's simplified API, which converts any colour type to 8-bit grey (alpha
/// laid over white).
public enum PNGCodec: PictureCodec {
    public static let name = "PNG", id = "png"

    public static func recognises(_ prefix: [UInt8]) -> Bool { prefix.starts(with: [0x89, 0x50, 0x4E, 0x47]) }

    /// IHDR follows the 8-byte signature: length, "IHDR", width, height (big-endian).
    public static func declaredSize(_ prefix: [UInt8]) -> (width: Int, height: Int)? {
        guard prefix.count >= 24, Array(prefix[12..<16]) == Array("IHDR".utf8) else { return nil }
        return (HeaderBytes.bigEndian(prefix, 16, 4), HeaderBytes.bigEndian(prefix, 20, 4))
    }

    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits) throws(PictureError) -> Frame {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let began = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard began != 0 else { throw .malformed(path: path, detail: "bad PNG: \(message(of: &image))") }
        let width = Int(image.width)
        let height = Int(image.height)
        try limits.check(width, height, path: path)
        image.format = png_uint_32(PNG_FORMAT_GRAY)
        var luma = [UInt8](repeating: 0, count: width * height)
        // A transparent background is laid over white, as a viewer shows it (libpng's default
        // is black, which hides a dark code drawn on nothing).
        var white = png_color(red: 255, green: 255, blue: 255)
        let finished = luma.withUnsafeMutableBytes {
            png_image_finish_read(&image, &white, $0.baseAddress, png_int_32(width), nil)
        }
        guard finished != 0 else {
            throw part(of: data, width: width, height: height, path: path, refused: message(of: &image))
        }
        return Frame(width: width, height: height, luma: luma)
    }

    /// What a PNG the whole-picture reader `refused` still holds, read as far as its bytes go
    /// (mid grey where no row comes): a cut-short picture, or the refusal where none decodes.
    private static func part(of data: [UInt8], width: Int, height: Int, path: String, refused: String)
        -> PictureError
    {
        var luma = [UInt8](repeating: 128, count: width * height)
        var interlaced: Int32 = 0
        var why = [CChar](repeating: 0, count: 200)
        let rows = luma.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer {
                qrtui_png_read_part(
                    $0.baseAddress, $0.count, out.baseAddress, png_uint_32(width), png_uint_32(height), &interlaced,
                    &why, why.count)
            }
        }
        guard rows > 0 else { return .malformed(path: path, detail: "truncated or corrupt PNG: \(refused)") }
        let detail = String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let frame = Frame(width: width, height: height, luma: luma)
        return .cutShort(
            path: path,
            PartialPicture(
                frame, format: "PNG", decodedRows: interlaced != 0 ? nil : Int(rows),
                detail: interlaced != 0 ? "an interlaced one, \(detail)" : detail))
    }

    /// libpng's message for the last failure.
    package static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
