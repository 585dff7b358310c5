import CGif
import CWebP
import FrameCore
import Glibc
import PictureFiles

extension WebPCodec {
    /// A frame as a lossless (or lossy) WebP.
    public static func encode(_ frame: Frame, lossless: Bool = true) -> [UInt8] {
        let rgb = GreyChannels.channels(frame, 3)
        var output: UnsafeMutablePointer<UInt8>? = nil
        let size = rgb.withUnsafeBufferPointer {
            lossless
                ? WebPEncodeLosslessRGB(
                    $0.baseAddress, Int32(frame.width), Int32(frame.height), Int32(frame.width * 3), &output)
                : WebPEncodeRGB(
                    $0.baseAddress, Int32(frame.width), Int32(frame.height), Int32(frame.width * 3), 80, &output)
        }
        defer { WebPFree(output) }
        precondition(size > 0 && output != nil, "WebP encoding failed")
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// A frame as a lossless WebP of many colours (no palette): each grey tinted red or blue by
    /// a few levels from pixel to pixel, which moves its grey by less than one level.
    public static func encodeTrueColour(_ frame: Frame) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: frame.width * frame.height * 3)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let grey = Int(frame.luma[y * frame.width + x])
                let tint = (x * 7 + y * 13) % 9 - 4
                let i = 3 * (y * frame.width + x)
                rgb[i] = UInt8(clamping: grey + tint)
                rgb[i + 1] = UInt8(grey)
                rgb[i + 2] = UInt8(clamping: grey - tint)
            }
        }
        var output: UnsafeMutablePointer<UInt8>? = nil
        let size = WebPEncodeLosslessRGB(
            rgb, Int32(frame.width), Int32(frame.height), Int32(frame.width * 3), &output)
        defer { WebPFree(output) }
        precondition(size > 0 && output != nil, "WebP encoding failed")
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// Frames of one size as an animated WebP: each still encoding's bitstream chunk wrapped
    /// in an ANMF chunk, after the VP8X and ANIM chunks that say it is an animation.
    public static func encodeAnimation(_ frames: [Frame], lossless: Bool = true) -> [UInt8] {
        func chunk(_ tag: String, _ payload: [UInt8]) -> [UInt8] {
            Array(tag.utf8) + LittleEndian.bytes(payload.count, 4) + payload + (payload.count % 2 == 1 ? [0] : [])
        }
        let width = frames[0].width
        let height = frames[0].height
        let size = LittleEndian.bytes(width - 1, 3) + LittleEndian.bytes(height - 1, 3)
        var body = chunk("VP8X", [0x02, 0, 0, 0] + size)  // the animation flag
        body += chunk("ANIM", [255, 255, 255, 255, 0, 0])
        for frame in frames {
            let bitstream = Array(encode(frame, lossless: lossless)[12...])  // after "RIFF", its size and "WEBP"
            body += chunk("ANMF", LittleEndian.bytes(0, 6) + size + LittleEndian.bytes(100, 3) + [0] + bitstream)
        }
        return Array("RIFF".utf8) + LittleEndian.bytes(body.count + 4, 4) + Array("WEBP".utf8) + body
    }
}

extension GIFCodec {
    /// A frame as an 8-bit grey GIF.
    public static func encode(_ frame: Frame) -> [UInt8] {
        var sink = qrtui_gif_sink(data: nil, size: 0, capacity: 0)
        var error: Int32 = 0
        guard let gif = qrtui_gif_create(&sink, &error) else { fatalError("cannot start the GIF encoder") }
        let colours = (0..<256).map { GifColorType(Red: UInt8($0), Green: UInt8($0), Blue: UInt8($0)) }
        let map = colours.withUnsafeBufferPointer { GifMakeMapObject(256, $0.baseAddress) }
        defer { GifFreeMapObject(map) }
        let width = Int32(frame.width)
        let height = Int32(frame.height)
        var ok =
            EGifPutScreenDesc(gif, width, height, 8, 0, map) == GIF_OK
            && EGifPutImageDesc(gif, 0, 0, width, height, false, nil) == GIF_OK
        var pixels = frame.packed.luma
        for row in 0..<frame.height where ok {
            ok =
                pixels.withUnsafeMutableBufferPointer { EGifPutLine(gif, $0.baseAddress! + row * frame.width, width) }
                == GIF_OK
        }
        ok = EGifCloseFile(gif, &error) == GIF_OK && ok
        defer { free(sink.data) }
        precondition(ok && sink.data != nil, "GIF encoding failed")
        return Array(UnsafeBufferPointer(start: sink.data, count: sink.size))
    }
}

extension BMPCodec {
    /// A frame as a 24-bit BMP, the grey in each channel.
    public static func encodeColour(_ frame: Frame) -> [UInt8] {
        let rowBytes = (frame.width * 3 + 3) / 4 * 4
        let rgb = GreyChannels.channels(frame, 3)
        var out = header(frame, bits: 24, rowBytes: rowBytes, colours: 0)
        for y in (0..<frame.height).reversed() {
            out += rgb[(y * frame.width * 3)..<((y + 1) * frame.width * 3)]
            out += [UInt8](repeating: 0, count: rowBytes - frame.width * 3)
        }
        return out
    }

    /// A frame as an 8-bit grey BMP.
    public static func encode(_ frame: Frame) -> [UInt8] {
        let rowBytes = (frame.width + 3) / 4 * 4
        var out = header(frame, bits: 8, rowBytes: rowBytes, colours: 256)
        for grey in 0..<256 { out += [UInt8(grey), UInt8(grey), UInt8(grey), 0] }
        let luma = frame.packed.luma
        for y in (0..<frame.height).reversed() {
            out +=
                luma[(y * frame.width)..<((y + 1) * frame.width)] + [UInt8](repeating: 0, count: rowBytes - frame.width)
        }
        return out
    }

    /// The file header and a 40-byte info header, bottom-up, uncompressed.
    private static func header(_ frame: Frame, bits: Int, rowBytes: Int, colours: Int) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { LittleEndian.bytes(value, 4) }
        let offset = 14 + 40 + 4 * colours
        return Array("BM".utf8) + le32(offset + rowBytes * frame.height) + le32(0) + le32(offset)
            + le32(40) + le32(frame.width) + le32(frame.height) + [1, 0, UInt8(bits), 0] + le32(0)
            + le32(rowBytes * frame.height)
            + le32(2835) + le32(2835) + le32(colours) + le32(0)
    }
}

extension NetpbmCodec {
    /// A frame as binary PPM, the grey in each channel.
    public static func encodeColour(_ frame: Frame) -> [UInt8] {
        Array("P6\n\(frame.width) \(frame.height)\n255\n".utf8) + GreyChannels.channels(frame, 3)
    }

    /// A frame as binary PGM.
    public static func encode(_ frame: Frame) -> [UInt8] {
        Array("P5\n\(frame.width) \(frame.height)\n255\n".utf8) + frame.packed.luma
    }
}

/// Frames as a mono YUV4MPEG2 stream (what `ffmpeg -f yuv4mpegpipe` writes).
public enum Y4MEncoder {
    public static func encode(_ frames: [Frame], framesPerSecond: Int = 30) -> [UInt8] {
        guard let first = frames.first else { return [] }
        var out = Array("YUV4MPEG2 W\(first.width) H\(first.height) F\(framesPerSecond):1 Ip A1:1 Cmono\n".utf8)
        for frame in frames {
            out += Array("FRAME\n".utf8)
            out += frame.packed.luma
        }
        return out
    }
}

enum LittleEndian {
    static func bytes(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
