import FrameCore

/// One picture format: how its first bytes show it, the size its header declares, and its
/// decoding to grey. `PictureFormats.all` lists every one qrtui reads.
public protocol PictureCodec: Sendable {
    /// Its name as people know it ("PNG", "PGM/PPM").
    static var name: String { get }
    /// A short name for seeds and fuzz harnesses ("png", "netpbm").
    static var id: String { get }
    /// Whether the first bytes (16 are given when the input has them) start this format.
    static func recognises(_ prefix: [UInt8]) -> Bool
    /// The width and height its header declares; nil while `prefix` does not reach them (and
    /// for a TIFF, whose directory may lie anywhere).
    static func declaredSize(_ prefix: [UInt8]) -> (width: Int, height: Int)?
    /// A whole picture held in memory, as grey.
    static func decode(_ data: [UInt8], path: String, limits: PictureLimits) throws(PictureError) -> Frame
    /// The picture read as its bytes come, a row at a time, never held whole; nil when the
    /// format needs all of it first (the default).
    static func decode(streaming bytes: some PictureBytes, path: String, limits: PictureLimits) throws(PictureError)
        -> Frame?
}

extension PictureCodec {
    /// A whole picture held in memory, within the default limits.
    public static func decode(_ data: [UInt8], path: String) throws(PictureError) -> Frame {
        try decode(data, path: path, limits: PictureLimits())
    }

    public static func decode(streaming bytes: some PictureBytes, path: String, limits: PictureLimits)
        throws(PictureError) -> Frame?
    {
        nil
    }
}

/// The formats qrtui reads, in the order their signatures are tried.
public enum PictureFormats {
    public static let all: [any PictureCodec.Type] = [
        PNGCodec.self, JPEGCodec.self, NetpbmCodec.self, WebPCodec.self, GIFCodec.self, BMPCodec.self, TIFFCodec.self,
    ]

    /// "PNG, JPEG, PGM/PPM, WebP, GIF, BMP, TIFF": what a refusal names.
    public static let names = all.map { $0.name }.joined(separator: ", ")

    /// The format `prefix` (a file's first bytes) starts, if any.
    public static func codec(for prefix: some Collection<UInt8>) -> (any PictureCodec.Type)? {
        let bytes = Array(prefix.prefix(16))
        return all.first { $0.recognises(bytes) }
    }

    /// The format named `id` ("png").
    public static func codec(id: String) -> (any PictureCodec.Type)? { all.first { $0.id == id } }
}

/// Readers of the numbers in headers.
enum HeaderBytes {
    static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt32 {
        (0..<count).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
