import CWebP
import FrameCore

/// WebP (phone screenshots, web pictures) through libwebp: lossy or lossless, with alpha
/// laid over white as a viewer shows it; of an animation, the first frame. Decoded into planes
/// of qrtui's own (`qrtui_webp_grey`), which cost about 2.5 bytes a pixel at most.
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
        let channels = Int(data.withUnsafeBufferPointer { qrtui_webp_lossless($0.baseAddress, $0.count) })
        if channels > 0 { return try lossless(data, width: width, height: height, channels: channels, path: path) }
        var luma = [UInt8](repeating: 255, count: width * height)
        let status = luma.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { qrtui_webp_grey($0.baseAddress, $0.count, out.baseAddress, Int32(width), Int32(height)) }
        }
        guard status == 0 else { throw .malformed(path: path, detail: "truncated or corrupt WebP") }
        return Frame(width: width, height: height, luma: luma)
    }

    /// A lossless WebP, exactly: its RGB(A) rows decoded into a plane of ours, each pixel turned
    /// to grey in place (at or before where it was read), and the plane shrunk to its grey: 3
    /// (with alpha 4) bytes a pixel while it decodes, one after.
    static func lossless(_ data: [UInt8], width: Int, height: Int, channels: Int, path: String) throws(CaptureError) -> Frame {
        var plane = [UInt8](repeating: 0, count: width * height * channels)
        let status = plane.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer {
                qrtui_webp_rgb($0.baseAddress, $0.count, out.baseAddress, Int32(width), Int32(height), Int32(width * channels),
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

    /// A frame as a lossless (or lossy) WebP (tests).
    public static func encode(_ frame: Frame, lossless: Bool = true) -> [UInt8] {
        let rgb = GreyChannels.channels(frame, 3)
        var output: UnsafeMutablePointer<UInt8>? = nil
        let size = rgb.withUnsafeBufferPointer {
            lossless ? WebPEncodeLosslessRGB($0.baseAddress, Int32(frame.width), Int32(frame.height), Int32(frame.width * 3), &output)
                : WebPEncodeRGB($0.baseAddress, Int32(frame.width), Int32(frame.height), Int32(frame.width * 3), 80, &output)
        }
        defer { WebPFree(output) }
        precondition(size > 0 && output != nil, "WebP encoding failed")
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}

extension WebPCodec {
    /// Frames of one size as an animated WebP (tests): each still encoding's bitstream chunk
    /// wrapped in an ANMF chunk, after the VP8X and ANIM chunks that say it is an animation.
    public static func encodeAnimation(_ frames: [Frame], lossless: Bool = true) -> [UInt8] {
        func le(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func chunk(_ tag: String, _ payload: [UInt8]) -> [UInt8] {
            Array(tag.utf8) + le(payload.count, 4) + payload + (payload.count % 2 == 1 ? [0] : [])
        }
        let width = frames[0].width, height = frames[0].height
        var body = chunk("VP8X", [0x02, 0, 0, 0] + le(width - 1, 3) + le(height - 1, 3))  // the animation flag
        body += chunk("ANIM", [255, 255, 255, 255, 0, 0])
        for frame in frames {
            let still = encode(frame, lossless: lossless)
            let bitstream = Array(still[12...])  // after "RIFF", its size and "WEBP"
            body += chunk("ANMF", le(0, 3) + le(0, 3) + le(width - 1, 3) + le(height - 1, 3) + le(100, 3) + [0] + bitstream)
        }
        return Array("RIFF".utf8) + le(body.count + 4, 4) + Array("WEBP".utf8) + body
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
