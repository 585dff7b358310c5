import CGif
import FrameCore

/// GIF through giflib: the first image, on its screen (white where it leaves the screen
/// empty or is transparent). Record by record, so an image's size is checked against the
/// limits before giflib makes room for it.
public enum GIFCodec: PictureCodec {
    public static let name = "GIF", id = "gif"

    public static func recognises(_ prefix: [UInt8]) -> Bool {
        prefix.starts(with: Array("GIF87a".utf8)) || prefix.starts(with: Array("GIF89a".utf8))
    }

    /// The logical screen's size: bytes 6-9, little-endian.
    public static func declaredSize(_ prefix: [UInt8]) -> (width: Int, height: Int)? {
        guard prefix.count >= 10 else { return nil }
        return (Int(prefix[6]) | Int(prefix[7]) << 8, Int(prefix[8]) | Int(prefix[9]) << 8)
    }

    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits) throws(PictureError) -> Frame {
        guard let (width, height) = declaredSize(data), width > 0, height > 0 else {
            throw .malformed(path: path, detail: "bad GIF header")
        }
        try limits.check(width, height, path: path)
        let result: Result<Frame, PictureError> = data.withUnsafeBufferPointer { bytes in
            var source = qrtui_gif_source(data: bytes.baseAddress, size: bytes.count, offset: 0)
            var error: Int32 = 0
            guard let gif = qrtui_gif_open(&source, &error) else {
                return .failure(.malformed(path: path, detail: "bad GIF: \(errorText(error))"))
            }
            defer { DGifCloseFile(gif, &error) }
            return firstImage(gif, width: width, height: height, path: path, limits: limits)
        }
        return try result.get()
    }

    private static func firstImage(
        _ gif: UnsafeMutablePointer<GifFileType>, width: Int, height: Int, path: String,
        limits: PictureLimits
    ) -> Result<Frame, PictureError> {
        var transparent: Int32 = -1
        while true {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) == GIF_OK else { return .failure(corrupt(gif, path)) }
            switch type {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { return .failure(corrupt(gif, path)) }
                return image(gif, width: width, height: height, transparent: transparent, path: path, limits: limits)
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { return .failure(corrupt(gif, path)) }
                if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
                    var control = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK {
                        transparent = control.TransparentColor
                    }
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { return .failure(corrupt(gif, path)) }
                }
            case TERMINATE_RECORD_TYPE:
                return .failure(.malformed(path: path, detail: "a GIF without an image"))
            default:
                continue
            }
        }
    }

    /// The image just described, read row by row (interlaced rows in their four passes) and
    /// laid on the white screen through its colour map.
    private static func image(
        _ gif: UnsafeMutablePointer<GifFileType>, width: Int, height: Int, transparent: Int32,
        path: String, limits: PictureLimits
    ) -> Result<Frame, PictureError> {
        let desc = gif.pointee.Image
        let w = Int(desc.Width)
        let h = Int(desc.Height)
        let left = Int(desc.Left)
        let top = Int(desc.Top)
        guard w > 0, h > 0, w <= 65535, h <= 65535, w * h <= limits.maxPixels else {
            return .failure(.malformed(path: path, detail: "a GIF image of \(w)x\(h) pixels"))
        }
        guard let map = desc.ColorMap ?? gif.pointee.SColorMap else {
            return .failure(.malformed(path: path, detail: "a GIF without colours"))
        }
        let greys = (0..<Int(map.pointee.ColorCount)).map { index in
            let colour = map.pointee.Colors[index]
            return lumaFromRGB(colour.Red, colour.Green, colour.Blue)
        }
        var luma = [UInt8](repeating: 255, count: width * height)
        var line = [GifPixelType](repeating: 0, count: w)
        let rows =
            desc.Interlace
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { Array(stride(from: $0.0, to: h, by: $0.1)) }
            : Array(0..<h)
        for (done, row) in rows.enumerated() {
            guard DGifGetLine(gif, &line, Int32(w)) == GIF_OK else {
                guard done > 0 else { return .failure(corrupt(gif, path)) }
                return .failure(cutShort(luma, width: width, missing: rows[done...], of: desc, path: path))
            }
            let y = top + row
            guard y < height else { continue }
            for x in 0..<w where left + x < width {
                let index = Int(line[x])
                if index == Int(transparent) || index >= greys.count { continue }
                luma[y * width + left + x] = greys[index]
            }
        }
        return .success(Frame(width: width, height: height, luma: luma))
    }

    /// A picture cut short: the rows that came, the image's `missing` ones mid grey.
    private static func cutShort(
        _ luma: [UInt8], width: Int, missing: ArraySlice<Int>, of desc: GifImageDesc, path: String
    ) -> PictureError {
        var luma = luma
        let (left, top, w) = (Int(desc.Left), Int(desc.Top), Int(desc.Width))
        let height = luma.count / width
        // The image may reach past the screen, or lie beyond it: only what lies on it is greyed.
        let across = max(0, min(w, width - left))
        for row in missing where top + row < height && across > 0 {
            let start = (top + row) * width + left
            for index in start..<(start + across) { luma[index] = 128 }
        }
        let done = missing.startIndex
        let detail = desc.Interlace ? "an interlaced one: \(done) of its \(desc.Height) rows, spread over it" : ""
        return .cutShort(
            path: path,
            PartialPicture(
                Frame(width: width, height: height, luma: luma), format: "GIF",
                decodedRows: desc.Interlace ? nil : top + done, detail: detail))
    }

    private static func corrupt(_ gif: UnsafeMutablePointer<GifFileType>, _ path: String) -> PictureError {
        .malformed(path: path, detail: "truncated or corrupt GIF: \(errorText(gif.pointee.Error))")
    }

    private static func errorText(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
