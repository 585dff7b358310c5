import CPNG
import FrameCore

/// PNG through libpng's simplified API, which converts any colour type to 8-bit grey (alpha
/// laid over white).
public enum PNGCodec {
    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits = PictureLimits()) throws(CaptureError) -> Frame {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let began = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard began != 0 else { throw .malformed(path: path, detail: "bad PNG: \(message(of: &image))") }
        let width = Int(image.width), height = Int(image.height)
        try CaptureError.checkSize(width, height, path: path, limits: limits)
        image.format = png_uint_32(PNG_FORMAT_GRAY)
        var luma = [UInt8](repeating: 0, count: width * height)
        // A transparent background is laid over white, as a viewer shows it (libpng's default
        // is black, which hides a dark code drawn on nothing).
        var white = png_color(red: 255, green: 255, blue: 255)
        let finished = luma.withUnsafeMutableBytes {
            png_image_finish_read(&image, &white, $0.baseAddress, png_int_32(width), nil)
        }
        guard finished != 0 else {
            throw .malformed(path: path, detail: "truncated or corrupt PNG: \(message(of: &image))")
        }
        return Frame(width: width, height: height, luma: luma)
    }

    /// Encodes a frame as an 8-bit grey PNG (`colour`: RGB, the grey in each channel).
    public static func encode(_ frame: Frame, colour: Bool = false) -> [UInt8] {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(frame.width)
        image.height = png_uint_32(frame.height)
        image.format = colour ? png_uint_32(PNG_FORMAT_FLAG_COLOR) : png_uint_32(PNG_FORMAT_GRAY)
        let pixels = colour ? GreyChannels.channels(frame, 3) : frame.packed.luma
        var size = 0
        pixels.withUnsafeBytes { _ = png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, 0, nil) }
        var out = [UInt8](repeating: 0, count: size)
        let ok = out.withUnsafeMutableBytes { dst in
            pixels.withUnsafeBytes { src in png_image_write_to_memory(&image, dst.baseAddress, &size, 0, src.baseAddress, 0, nil) }
        }
        precondition(ok != 0, "PNG encoding failed: \(message(of: &image))")
        return Array(out.prefix(size))
    }

    /// Encodes a frame as an RGBA PNG: `grey` as the colour, `alpha` (per pixel) as its coverage.
    public static func encode(_ grey: Frame, alpha: [UInt8]) -> [UInt8] {
        precondition(alpha.count == grey.width * grey.height)
        var rgba = [UInt8](repeating: 0, count: 4 * alpha.count)
        for y in 0..<grey.height {
            for x in 0..<grey.width {
                let i = y * grey.width + x, value = grey.luma[y * grey.stride + x]
                (rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2], rgba[4 * i + 3]) = (value, value, value, alpha[i])
            }
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(grey.width)
        image.height = png_uint_32(grey.height)
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // RGBA
        var size = 0
        rgba.withUnsafeBytes { _ = png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, 0, nil) }
        var out = [UInt8](repeating: 0, count: size)
        let ok = out.withUnsafeMutableBytes { dst in
            rgba.withUnsafeBytes { png_image_write_to_memory(&image, dst.baseAddress, &size, 0, $0.baseAddress, 0, nil) }
        }
        precondition(ok != 0, "PNG encoding failed: \(message(of: &image))")
        return Array(out.prefix(size))
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
