import FrameCore

/// Still-image formats qrtui reads, recognised by their first bytes, never by file name.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png = "PNG", jpeg = "JPEG", netpbm = "PGM/PPM", webp = "WebP", gif = "GIF", bmp = "BMP", tiff = "TIFF"
    case y4m = "Y4M"

    /// "PNG, JPEG, PGM/PPM, WebP image or Y4M stream": what a refusal names.
    public static let known = allCases.filter { $0 != .y4m }.map(\.rawValue).joined(separator: ", ") + " image or Y4M stream"

    public static func detect(_ prefix: some Collection<UInt8>) -> ImageFormat? {
        let bytes = Array(prefix.prefix(16))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 2, bytes[0] == UInt8(ascii: "P"),
           bytes[1] == UInt8(ascii: "5") || bytes[1] == UInt8(ascii: "6") { return .netpbm }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 14, bytes.starts(with: Array("BM".utf8)) { return .bmp }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            || bytes.starts(with: [0x49, 0x49, 0x2B, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2B]) { return .tiff }
        if bytes.starts(with: Array("YUV4MPEG2".utf8)) { return .y4m }
        return nil
    }
}

/// Decodes a whole still image held in memory into a luma frame.
public enum ImageDecoder {
    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits = PictureLimits()) throws(CaptureError) -> Frame {
        guard !data.isEmpty else { throw .empty(path: path) }
        switch ImageFormat.detect(data) {
        case .png: return try PNGCodec.decode(data, path: path, limits: limits)
        case .jpeg: return try JPEGCodec.decode(data, path: path, limits: limits)
        case .netpbm: return try NetpbmCodec.decode(data, path: path, limits: limits)
        case .webp: return try WebPCodec.decode(data, path: path, limits: limits)
        case .gif: return try GIFCodec.decode(data, path: path, limits: limits)
        case .bmp: return try BMPCodec.decode(data, path: path, limits: limits)
        case .tiff: return try TIFFCodec.decode(data, path: path, limits: limits)
        case .y4m:
            throw .unsupported(path: path, detail: "a Y4M stream is video, not a still image")
        case nil:
            throw .unsupported(path: path, detail: "not a \(ImageFormat.known)")
        }
    }

    /// Reads and decodes an image file ("-" for stdin), its size checked from its header first.
    public static func load(path: String, limits: PictureLimits = PictureLimits()) throws(CaptureError) -> Frame {
        let source = try InputOpener.open(path: path, limits: limits)
        guard source.kind == .still, let frame = try source.nextFrame() else {
            throw .unsupported(path: source.name, detail: "a Y4M stream is video, not a still image")
        }
        return frame
    }
}

/// Luma from 8-bit RGB with zxing-cpp's integer weights (the corpus was made with them).
@inline(__always)
func lumaFromRGB(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    let weighted: Int = 306 * Int(r) + 601 * Int(g) + 117 * Int(b)
    return UInt8((weighted + 512) >> 10)
}
