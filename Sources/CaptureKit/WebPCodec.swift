import CWebP
import FrameCore

/// WebP (phone screenshots, web pictures) through libwebp: lossy or lossless, with alpha
/// laid over white as a viewer shows it.
public enum WebPCodec {
    /// The canvas size from the first bytes (nil until they reach it).
    static func size(_ prefix: [UInt8]) -> (width: Int, height: Int)? {
        var width: Int32 = 0, height: Int32 = 0
        let known = prefix.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
        return known != 0 ? (Int(width), Int(height)) : nil
    }

    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits = PictureLimits()) throws(CaptureError) -> Frame {
        guard let (width, height) = size(data) else { throw .malformed(path: path, detail: "bad WebP header") }
        try CaptureError.checkSize(width, height, path: path, limits: limits)
        var decodedWidth: Int32 = 0, decodedHeight: Int32 = 0
        guard let rgba = data.withUnsafeBufferPointer({ WebPDecodeRGBA($0.baseAddress, $0.count, &decodedWidth, &decodedHeight) }) else {
            throw .malformed(path: path, detail: "truncated or corrupt WebP")
        }
        defer { WebPFree(rgba) }
        guard Int(decodedWidth) == width, Int(decodedHeight) == height else {
            throw .malformed(path: path, detail: "WebP frame differs from its canvas")
        }
        return Frame(width: width, height: height,
                     luma: greyOverWhite(UnsafeBufferPointer(start: rgba, count: width * height * 4)))
    }

    /// A frame as a lossless WebP (tests).
    public static func encode(_ frame: Frame) -> [UInt8] {
        let rgb: [UInt8] = frame.packed.luma.flatMap { grey -> [UInt8] in [grey, grey, grey] }
        var output: UnsafeMutablePointer<UInt8>? = nil
        let size = rgb.withUnsafeBufferPointer {
            WebPEncodeLosslessRGB($0.baseAddress, Int32(frame.width), Int32(frame.height), Int32(frame.width * 3), &output)
        }
        defer { WebPFree(output) }
        precondition(size > 0 && output != nil, "WebP encoding failed")
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}

/// Grey from RGBA, each pixel laid over white by its alpha (a transparent screenshot's
/// background is the page's, not black).
func greyOverWhite(_ rgba: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var luma = [UInt8](repeating: 0, count: rgba.count / 4)
    for i in luma.indices {
        let alpha = Int(rgba[4 * i + 3])
        let grey = Int(lumaFromRGB(rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]))
        luma[i] = UInt8((grey * alpha + 255 * (255 - alpha) + 127) / 255)
    }
    return luma
}
