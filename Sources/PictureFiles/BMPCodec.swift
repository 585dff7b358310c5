import FrameCore

/// Windows bitmaps (BMP), uncompressed: palettes of 1, 4 or 8 bits, 24-bit BGR and 32-bit
/// BGRA or bit fields, bottom-up or top-down. Small enough to read here, every offset checked
/// against the file. Compressed ones (RLE, embedded JPEG or PNG) are refused by name.
public enum BMPCodec: PictureCodec {
    public static let name = "BMP", id = "bmp"

    struct Header {
        let width: Int, height: Int, topDown: Bool, bits: Int, compression: Int
        let pixelOffset: Int, headerSize: Int, paletteSize: Int
    }

    public static func recognises(_ prefix: [UInt8]) -> Bool {
        prefix.count >= 14 && prefix.starts(with: Array("BM".utf8))
    }

    /// Width and height from the info header (nil until the prefix reaches them).
    public static func declaredSize(_ prefix: [UInt8]) -> (width: Int, height: Int)? {
        (try? header(prefix, path: "")).map { ($0.width, $0.height) }
    }

    /// The file and info headers, or nil until `bytes` reach their end.
    static func header(_ bytes: [UInt8], path: String) throws(PictureError) -> Header? {
        guard bytes.count >= 30 else { return nil }
        let headerSize = Int(le(bytes, 14, 4))
        guard headerSize == 12 || headerSize >= 40 else { throw .malformed(path: path, detail: "bad BMP header") }
        if headerSize == 12 {  // OS/2 core header: 16-bit sizes, no compression
            return Header(
                width: Int(le(bytes, 18, 2)), height: Int(le(bytes, 20, 2)), topDown: false,
                bits: Int(le(bytes, 24, 2)),
                compression: 0, pixelOffset: Int(le(bytes, 10, 4)), headerSize: 12, paletteSize: 3)
        }
        guard bytes.count >= 50 else { return nil }
        let height = Int(Int32(bitPattern: le(bytes, 22, 4)))
        guard height != Int(Int32.min) else { throw .malformed(path: path, detail: "bad BMP height") }
        return Header(
            width: Int(Int32(bitPattern: le(bytes, 18, 4))), height: abs(height), topDown: height < 0,
            bits: Int(le(bytes, 28, 2)), compression: Int(le(bytes, 30, 4)), pixelOffset: Int(le(bytes, 10, 4)),
            headerSize: headerSize, paletteSize: 4)
    }

    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits) throws(PictureError) -> Frame {
        try decode(data, rows: MemoryBytes(data), path: path, limits: limits)
    }

    /// A file as it comes: its headers and palette from its first bytes, then its rows one at a time.
    public static func decode(streaming bytes: some PictureBytes, path: String, limits: PictureLimits)
        throws(PictureError) -> Frame?
    {
        try decode(try bytes.peek(1 << 16), rows: bytes, path: path, limits: limits)
    }

    /// `start`: the file's first bytes (headers and palette); `rows`: the file from its start.
    private static func decode(_ start: [UInt8], rows: some PictureBytes, path: String, limits: PictureLimits)
        throws(PictureError) -> Frame
    {
        guard let header = try header(start, path: path), header.width > 0, header.height > 0 else {
            throw .malformed(path: path, detail: "bad BMP header")
        }
        try limits.check(header.width, header.height, path: path)
        guard header.compression == 0 || (header.compression == 3 && header.bits == 32) else {
            throw .unsupported(
                path: path, detail: "compressed BMP (RLE, JPEG or PNG inside) is not read; save it uncompressed")
        }
        guard [1, 4, 8, 24, 32].contains(header.bits) else {
            throw .unsupported(path: path, detail: "\(header.bits)-bit BMP is not read")
        }
        let palette = header.bits <= 8 ? try greys(start, header, path: path) : []
        let rowBytes = (header.width * header.bits + 31) / 32 * 4
        let width = header.width
        let height = header.height
        guard header.pixelOffset >= 14, try rows.skip(header.pixelOffset) == header.pixelOffset else {
            throw .malformed(path: path, detail: "truncated BMP")
        }
        // Mid grey where no row comes (a file cut short).
        var luma = [UInt8](repeating: 128, count: width * height)
        let read = try luma.withUnsafeMutableBufferPointer {
            (out: inout UnsafeMutableBufferPointer<UInt8>) throws(PictureError) in
            let target = out
            return try rows.eachRow(height, of: rowBytes) { index, row in
                let line = target.baseAddress! + (header.topDown ? index : height - 1 - index) * width
                for x in 0..<width { line[x] = pixel(row, x: x, bits: header.bits, palette: palette) }
            }
        }
        let frame = Frame(width: width, height: height, luma: luma)
        guard read == height else {
            guard read > 0 else { throw .malformed(path: path, detail: "truncated BMP") }
            // A BMP's rows are mostly stored bottom up: what came is its lower part.
            throw .cutShort(
                path: path,
                PartialPicture(
                    frame, format: "BMP", decodedRows: header.topDown ? read : nil,
                    detail: header.topDown ? "" : "its bottom \(read) rows of \(height)"))
        }
        return frame
    }

    @inline(__always)
    private static func pixel(_ row: UnsafeRawBufferPointer, x: Int, bits: Int, palette: [UInt8]) -> UInt8 {
        switch bits {
        case 24, 32:
            let at = x * bits / 8
            return lumaFromRGB(row[at + 2], row[at + 1], row[at])
        default:
            let bit = x * bits
            let byte = row[bit / 8]
            let index = Int(byte >> UInt8(8 - bits - bit % 8)) & ((1 << bits) - 1)
            return index < palette.count ? palette[index] : 0
        }
    }

    /// The palette's colours as greys (BGR0 entries after the info header; BGR in core headers).
    private static func greys(_ data: [UInt8], _ header: Header, path: String) throws(PictureError) -> [UInt8] {
        let start = 14 + header.headerSize
        let declared = header.headerSize >= 40 ? Int(le(data, 46, 4)) : 0
        let count = min(declared > 0 ? declared : 1 << header.bits, 1 << header.bits)
        guard start + count * header.paletteSize <= data.count else {
            throw .malformed(path: path, detail: "truncated BMP palette")
        }
        return (0..<count).map { index in
            let at = start + index * header.paletteSize
            return lumaFromRGB(data[at + 2], data[at + 1], data[at])
        }
    }

    private static func le(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt32 {
        HeaderBytes.littleEndian(bytes, offset, count)
    }
}
