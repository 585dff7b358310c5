import FrameCore

/// Pictures to grey, whatever their format, which their first bytes tell (never the name).
public enum PictureDecoder {
    /// How far into a file its header's size is looked for (a JPEG's metadata comes first).
    static let headerLimit = 1 << 20

    /// A whole picture held in memory.
    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits = PictureLimits())
        throws(PictureError) -> Frame
    {
        guard let codec = PictureFormats.codec(for: data) else { throw notAPicture(path) }
        return try codec.decode(data, path: path, limits: limits)
    }

    /// A picture as its bytes come: its declared size checked against the limits before the
    /// rest is read or room is made for it; uncompressed ones decoded a row at a time.
    public static func read(_ bytes: some PictureBytes, path: String, limits: PictureLimits = PictureLimits())
        throws(PictureError) -> Frame
    {
        guard let codec = PictureFormats.codec(for: try bytes.peek(16)) else { throw notAPicture(path) }
        // A TIFF says its size only in its directory (anywhere in it): it is read up to what
        // the largest picture allowed may take, and its size checked before its pixels.
        var pixels = limits.maxPixels
        if codec != TIFFCodec.self {
            guard let size = try bytes.header(limit: headerLimit, { codec.declaredSize($0) }) else {
                throw .malformed(path: path, detail: "no picture size in its \(codec.name) header")
            }
            try limits.check(size.width, size.height, path: path)
            pixels = size.width * size.height
        }
        if let frame = try codec.decode(streaming: bytes, path: path, limits: limits) { return frame }
        return try codec.decode(try bytes.readAll(limit: limits.fileBytes(for: pixels)), path: path, limits: limits)
    }

    static func notAPicture(_ path: String) -> PictureError {
        .unsupported(path: path, detail: "not a \(PictureFormats.names) image (by its first bytes)")
    }
}

/// Luma from 8-bit RGB with zxing-cpp's integer weights.
@inline(__always)
func lumaFromRGB(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    let weighted: Int = 306 * Int(r) + 601 * Int(g) + 117 * Int(b)
    return UInt8((weighted + 512) >> 10)
}
