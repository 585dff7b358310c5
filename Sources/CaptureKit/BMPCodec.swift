import FrameCore

/// Windows bitmaps (BMP), uncompressed: palettes of 1, 4 or 8 bits, 24-bit BGR and 32-bit
/// BGRA or bit fields, bottom-up or top-down. Small enough to read here, every offset checked
/// against the file. Compressed ones (RLE, embedded JPEG or PNG) are refused by name.
public enum BMPCodec {
    struct Header {
        let width: Int, height: Int, topDown: Bool, bits: Int, compression: Int
        let pixelOffset: Int, headerSize: Int, paletteSize: Int
    }

    /// Width and height from the info header (nil until the prefix reaches them).
    static func size(_ prefix: [UInt8]) -> (width: Int, height: Int)? {
        (try? header(prefix, path: "")).map { ($0.width, $0.height) }
    }

    static func header(_ bytes: [UInt8], path: String) throws(CaptureError) -> Header? {
        guard bytes.count >= 30 else { return nil }
        let headerSize = Int(le(bytes, 14, 4))
        guard headerSize == 12 || headerSize >= 40 else { throw .malformed(path: path, detail: "bad BMP header") }
        if headerSize == 12 {  // OS/2 core header: 16-bit sizes, no compression
            return Header(width: Int(le(bytes, 18, 2)), height: Int(le(bytes, 20, 2)), topDown: false, bits: Int(le(bytes, 24, 2)),
                          compression: 0, pixelOffset: Int(le(bytes, 10, 4)), headerSize: 12, paletteSize: 3)
        }
        guard bytes.count >= 50 else { return nil }
        let height = Int(Int32(bitPattern: le(bytes, 22, 4)))
        guard height != Int(Int32.min) else { throw .malformed(path: path, detail: "bad BMP height") }
        return Header(width: Int(Int32(bitPattern: le(bytes, 18, 4))), height: abs(height), topDown: height < 0,
                      bits: Int(le(bytes, 28, 2)), compression: Int(le(bytes, 30, 4)), pixelOffset: Int(le(bytes, 10, 4)),
                      headerSize: headerSize, paletteSize: 4)
    }

    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits = PictureLimits()) throws(CaptureError) -> Frame {
        let rows = MemoryRows(data)
        return try decode(data, rows: rows, path: path, limits: limits)
    }

    /// A file as it comes: its headers and palette from its first bytes, then its rows one at a time.
    static func decode(_ reader: ByteReader, path: String, limits: PictureLimits) throws(CaptureError) -> Frame {
        try decode(try reader.peek(1 << 16), rows: reader, path: path, limits: limits)
    }

    /// `start`: the file's first bytes (headers and palette); `rows`: the file from its start.
    private static func decode(_ start: [UInt8], rows: some RowSource, path: String, limits: PictureLimits)
        throws(CaptureError) -> Frame {
        guard let header = try header(start, path: path), header.width > 0, header.height > 0 else {
            throw .malformed(path: path, detail: "bad BMP header")
        }
        try CaptureError.checkSize(header.width, header.height, path: path, limits: limits)
        guard header.compression == 0 || (header.compression == 3 && header.bits == 32) else {
            throw .unsupported(path: path, detail: "compressed BMP (RLE, JPEG or PNG inside) is not read; save it uncompressed")
        }
        guard [1, 4, 8, 24, 32].contains(header.bits) else {
            throw .unsupported(path: path, detail: "\(header.bits)-bit BMP is not read")
        }
        let palette = header.bits <= 8 ? try greys(start, header, path: path) : []
        let rowBytes = (header.width * header.bits + 31) / 32 * 4, width = header.width, height = header.height
        guard header.pixelOffset >= 14, try rows.skip(header.pixelOffset) == header.pixelOffset else {
            throw .malformed(path: path, detail: "truncated BMP")
        }
        var luma = [UInt8](repeating: 0, count: width * height)
        try luma.withUnsafeMutableBufferPointer { (out: inout UnsafeMutableBufferPointer<UInt8>) throws(CaptureError) in
            let target = out
            try rows.eachRow(height, of: rowBytes, truncated: { _ in .malformed(path: path, detail: "truncated BMP") }) { index, row in
                let line = target.baseAddress! + (header.topDown ? index : height - 1 - index) * width
                for x in 0..<width { line[x] = pixel(row, x: x, bits: header.bits, palette: palette) }
            }
        }
        return Frame(width: width, height: height, luma: luma)
    }

    @inline(__always)
    private static func pixel(_ row: UnsafeRawBufferPointer, x: Int, bits: Int, palette: [UInt8]) -> UInt8 {
        switch bits {
        case 24, 32:
            let at = x * bits / 8
            return lumaFromRGB(row[at + 2], row[at + 1], row[at])
        default:
            let bit = x * bits, byte = row[bit / 8]
            let index = Int(byte >> UInt8(8 - bits - bit % 8)) & ((1 << bits) - 1)
            return index < palette.count ? palette[index] : 0
        }
    }

    /// The palette's colours as greys (BGR0 entries after the info header; BGR in core headers).
    private static func greys(_ data: [UInt8], _ header: Header, path: String) throws(CaptureError) -> [UInt8] {
        let start = 14 + header.headerSize
        let declared = header.headerSize >= 40 ? Int(le(data, 46, 4)) : 0
        let count = min(declared > 0 ? declared : 1 << header.bits, 1 << header.bits)
        guard start + count * header.paletteSize <= data.count else { throw .malformed(path: path, detail: "truncated BMP palette") }
        return (0..<count).map { index in
            let at = start + index * header.paletteSize
            return lumaFromRGB(data[at + 2], data[at + 1], data[at])
        }
    }

    private static func le(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt32 {
        (0..<count).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    /// A frame as a 24-bit BMP, the grey in each channel (tests).
    public static func encodeColour(_ frame: Frame) -> [UInt8] {
        let rowBytes = (frame.width * 3 + 3) / 4 * 4, offset = 14 + 40
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        var out = Array("BM".utf8) + le32(offset + rowBytes * frame.height) + le32(0) + le32(offset)
        out += le32(40) + le32(frame.width) + le32(frame.height) + [1, 0, 24, 0] + le32(0) + le32(rowBytes * frame.height)
            + le32(2835) + le32(2835) + le32(0) + le32(0)
        let rgb = GreyChannels.channels(frame, 3)
        out.reserveCapacity(out.count + rowBytes * frame.height)
        for y in (0..<frame.height).reversed() {
            out += rgb[(y * frame.width * 3)..<((y + 1) * frame.width * 3)]
            out += [UInt8](repeating: 0, count: rowBytes - frame.width * 3)
        }
        return out
    }

    /// A frame as an 8-bit grey BMP (tests).
    public static func encode(_ frame: Frame) -> [UInt8] {
        let rowBytes = (frame.width + 3) / 4 * 4, offset = 14 + 40 + 256 * 4
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        var out = Array("BM".utf8) + le32(offset + rowBytes * frame.height) + le32(0) + le32(offset)
        out += le32(40) + le32(frame.width) + le32(frame.height) + [1, 0, 8, 0] + le32(0) + le32(rowBytes * frame.height)
            + le32(2835) + le32(2835) + le32(256) + le32(0)
        for grey in 0..<256 { out += [UInt8(grey), UInt8(grey), UInt8(grey), 0] }
        let luma = frame.packed.luma
        for y in (0..<frame.height).reversed() {
            out += luma[(y * frame.width)..<((y + 1) * frame.width)] + [UInt8](repeating: 0, count: rowBytes - frame.width)
        }
        return out
    }
}
