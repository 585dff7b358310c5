/// The size a picture declares, read from its first bytes, so that a huge or hostile header
/// is refused before the rest is read or room is made for its pixels.
package enum PictureHeader {
    /// Width and height, or nil when `prefix` does not reach the size yet (or never holds one).
    package static func size(_ prefix: [UInt8], format: ImageFormat) -> (width: Int, height: Int)? {
        switch format {
        case .png: png(prefix)
        case .jpeg: jpeg(prefix)
        case .netpbm: NetpbmCodec.size(prefix)
        case .webp: WebPCodec.size(prefix)
        case .gif: GIFCodec.size(prefix)
        case .bmp: BMPCodec.size(prefix)
        case .tiff, .y4m: nil  // a TIFF's size lies where its directory does, anywhere
        }
    }

    /// IHDR follows the 8-byte signature: length, "IHDR", width, height (big-endian).
    private static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        return (bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
    }

    /// The first start-of-frame segment (SOF0...SOF15 but DHT, JPG and DAC) gives height
    /// and width; segments before it are skipped by their lengths.
    private static func jpeg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 3 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill byte
            if (0xD0...0xD9).contains(marker) || marker == 0x01 { index += 2; continue }  // no length
            let length = bigEndian(bytes, index + 2, 2)
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard index + 9 <= bytes.count else { return nil }
                return (bigEndian(bytes, index + 7, 2), bigEndian(bytes, index + 5, 2))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }
}
