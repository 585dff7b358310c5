import CWebP
import FrameCore

/// WebP (phone screenshots, web pictures) through libwebp: lossy or lossless, with alpha
/// laid over white as a viewer shows it; of an animation, the first frame. Decoded into planes
/// of qrtui's own (`qrtui_webp_grey`), which cost about 2.5 bytes a pixel at most.
public enum WebPCodec: PictureCodec {
    public static let name = "WebP", id = "webp"

    public static func recognises(_ prefix: [UInt8]) -> Bool {
        prefix.count >= 12 && prefix.starts(with: Array("RIFF".utf8)) && Array(prefix[8..<12]) == Array("WEBP".utf8)
    }

    /// The canvas size from the first bytes (nil until they reach it).
    public static func declaredSize(_ prefix: [UInt8]) -> (width: Int, height: Int)? {
        var width: Int32 = 0
        var height: Int32 = 0
        let known = prefix.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
        return known != 0 ? (Int(width), Int(height)) : nil
    }

    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits) throws(PictureError) -> Frame {
        guard let (width, height) = declaredSize(data) else { throw .malformed(path: path, detail: "bad WebP header") }
        try limits.check(width, height, path: path)
        let channels = Int(data.withUnsafeBufferPointer { qrtui_webp_lossless($0.baseAddress, $0.count) })
        if channels > 0 { return try lossless(data, width: width, height: height, channels: channels, path: path) }
        var luma = [UInt8](repeating: 255, count: width * height)
        let status = luma.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer {
                qrtui_webp_grey($0.baseAddress, $0.count, out.baseAddress, Int32(width), Int32(height))
            }
        }
        guard status == 0 else { throw .malformed(path: path, detail: "truncated or corrupt WebP") }
        return Frame(width: width, height: height, luma: luma)
    }

    /// A lossless WebP, exactly: its RGB(A) rows decoded into a plane of ours, each pixel turned
    /// to grey in place (at or before where it was read), and the plane shrunk to its grey: 3
    /// (with alpha 4) bytes a pixel while it decodes, one after.
    static func lossless(_ data: [UInt8], width: Int, height: Int, channels: Int, path: String) throws(PictureError)
        -> Frame
    {
        var plane = [UInt8](repeating: 0, count: width * height * channels)
        let status = plane.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer {
                qrtui_webp_rgb(
                    $0.baseAddress, $0.count, out.baseAddress, Int32(width), Int32(height), Int32(width * channels),
                    Int32(channels))
            }
        }
        guard status == 0 else { throw .malformed(path: path, detail: "truncated or corrupt WebP") }
        plane.withUnsafeMutableBufferPointer { p in
            for i in 0..<(width * height) {
                let grey = Int(lumaFromRGB(p[channels * i], p[channels * i + 1], p[channels * i + 2]))
                let alpha = channels == 4 ? Int(p[4 * i + 3]) : 255
                p[i] = UInt8((grey * alpha + 255 * (255 - alpha) + 127) / 255)
            }
        }
        Plane.shrink(&plane, to: width * height)
        return Frame(width: width, height: height, luma: plane)
    }
}
