import CWebP
import FrameCore
import SystemCalls

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
        var decoded: Int32 = 0
        let status = luma.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer {
                qrtui_webp_grey($0.baseAddress, $0.count, out.baseAddress, Int32(width), Int32(height), &decoded)
            }
        }
        let frame = Frame(width: width, height: height, luma: luma)
        if status == 1 {
            throw .cutShort(path: path, PartialPicture(frame, format: "WebP", decodedRows: Int(decoded)))
        }
        guard status == 0 else { throw .malformed(path: path, detail: "truncated or corrupt WebP") }
        return frame
    }

    /// A lossless WebP, exactly: its RGB(A) rows decoded into a plane of ours a little input at a
    /// time, each row turned to grey in place as soon as it is decoded (at or before where it was
    /// read) and the pages of colour behind the grey given back, so the colour never lies whole
    /// in memory: about one byte a pixel, and libwebp's own copy of the picture. That copy is
    /// four bytes a pixel of a true-colour picture (packed for a few colours): one that would
    /// need more than a library is allowed is refused as soon as libwebp allocates it.
    static func lossless(_ data: [UInt8], width: Int, height: Int, channels: Int, path: String) throws(PictureError)
        -> Frame
    {
        let stride = width * channels
        // Uninitialised: the colour's pages cost nothing until libwebp writes them.
        var plane = [UInt8](unsafeUninitializedCapacity: stride * height) { _, count in count = stride * height }
        let allowance = PictureLimits.libraryAllowance(pixels: width * height)
        let ending = plane.withUnsafeMutableBufferPointer { out in
            var rows = LosslessRows(out: out, width: width, channels: channels)
            return data.withUnsafeBufferPointer { rows.decode($0, height: height, allowance: allowance) }
        }
        switch ending {
        case .whole, .cut: break
        case .corrupt: throw .malformed(path: path, detail: "truncated or corrupt WebP")
        case .needsTooMuch: throw .needsTooMuch("a lossless WebP", path: path, width: width, height: height)
        }
        if case .cut(let rows) = ending {
            plane.withUnsafeMutableBufferPointer { out in
                out[(rows * width)..<(height * width)].update(repeating: 128)
            }
        }
        Plane.shrink(&plane, to: width * height)
        let frame = Frame(width: width, height: height, luma: plane)
        if case .cut(let rows) = ending {
            throw .cutShort(path: path, PartialPicture(frame, format: "WebP", decodedRows: rows))
        }
        return frame
    }
}

/// The rows of a lossless WebP turned to grey as libwebp decodes them.
private struct LosslessRows {
    let out: UnsafeMutableBufferPointer<UInt8>
    let width: Int
    let channels: Int
    /// Rows already grey.
    private var grey = 0

    init(out: UnsafeMutableBufferPointer<UInt8>, width: Int, channels: Int) {
        (self.out, self.width, self.channels) = (out, width, channels)
    }

    enum Ending {
        case whole, corrupt, needsTooMuch
        /// The data ended (or broke) after this many rows.
        case cut(rows: Int)
    }

    /// Whether every row was decoded. The input is given in steps that keep the colour decoded
    /// and not yet grey to about a megapixel, whatever the compression; libwebp's own memory is
    /// watched after each (malloc's count: this thread is the one allocating) and the decoding
    /// abandoned once it holds more than `allowance`.
    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, height: Int, allowance: Int) -> Ending {
        let before = FreedMemory.inUse
        guard
            let decoder = qrtui_webp_rows_start(
                out.baseAddress, Int32(height), Int32(width * channels),
                Int32(channels))
        else { return .corrupt }
        defer { WebPIDelete(decoder) }
        var (fed, step, status, rows): (Int, Int, Int32, Int32) = (0, 64, 5, 0)
        while status == 5 && fed < input.count {
            fed = min(input.count, fed + step)
            status = qrtui_webp_rows_update(decoder, input.baseAddress, fed, &rows)
            if FreedMemory.inUse - before > allowance { return .needsTooMuch }
            let pixels = (Int(rows) - grey) * width
            step = pixels < 1 << 18 ? min(step * 2, 1 << 20) : pixels > 1 << 20 ? max(step / 2, 1) : step
            turnGrey(upTo: Int(rows))
        }
        if status == 0 && Int(rows) == height && grey == height { return .whole }
        return grey > 0 ? .cut(rows: grey) : .corrupt
    }

    /// Rows `grey..<rows` turned to grey in place, and the colour pages behind the last given back.
    private mutating func turnGrey(upTo rows: Int) {
        guard rows > grey, let base = out.baseAddress else { return }
        for i in (grey * width)..<(rows * width) {
            let level = Int(lumaFromRGB(out[channels * i], out[channels * i + 1], out[channels * i + 2]))
            let alpha = channels == 4 ? Int(out[4 * i + 3]) : 255
            out[i] = UInt8((level * alpha + 255 * (255 - alpha) + 127) / 255)
        }
        grey = rows
        AddressSpace.giveBack(from: base + rows * width, to: base + rows * width * channels)
    }
}
