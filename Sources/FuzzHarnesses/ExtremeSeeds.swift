import CodeFixtures
import FrameCore
import PictureFiles

/// Seeds whose numbers sit at the extremes of what their fields hold: sizes, counts, indices,
/// dates and lengths at 0, at the largest an Int32 or Int64 holds, and one past what the format
/// allows. Every arithmetic on a value read from outside must stay checked: these start the
/// fuzzer where an unchecked one would trap.
enum ExtremeSeeds {
    static let int32Max = "2147483647"
    static let int64Max = "9223372036854775807"
    static let pastInt64 = "18446744073709551616"

    static func seeds(for harness: Harness) -> [(name: String, bytes: [UInt8])] {
        switch harness {
        case .png:
            return [
                ("huge-header.png", png(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF)),
                ("zero-header.png", png(width: 0, height: 1)),
            ]
        case .bmp:
            return [
                ("min-height.bmp", bmp(width: 16, height: Int32.min)), ("max-width.bmp", bmp(width: .max, height: -1)),
            ]
        case .gif: return [("max-screen.gif", gif(width: 0xFFFF, height: 0xFFFF))]
        case .netpbm:
            return [
                ("past-int64.pgm", Array("P5 \(pastInt64) 1 255\n".utf8) + [0]),
                ("max-depth.pgm", Array("P5 1 \(int64Max) 65535\n".utf8) + [0, 0]),
                ("max-value.pgm", Array("P5 1 1 \(int32Max)\n".utf8) + [0, 0]),
            ]
        case .tiff: return [("max-width.tiff", tiff(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF))]
        case .input:
            return [
                ("max-size.y4m", Array("YUV4MPEG2 W\(int64Max) H\(int64Max) F30:1\nFRAME\n".utf8)),
                ("past-int64.y4m", Array("YUV4MPEG2 W\(pastInt64) H2 F\(int32Max):0 A\(int64Max):0\nFRAME\n".utf8)),
                (
                    "max-rate.y4m",
                    Array("YUV4MPEG2 W2 H2 F\(int64Max):1 C420\nFRAME\n".utf8) + [UInt8](repeating: 9, count: 6)
                ),
            ]
        case .still:
            // Structured append at its ends: the last of 16 Data Matrix parts, the last of 26
            // Aztec parts; ECIs past those zxing-cpp knows.
            let grids = [
                MatrixCode.grid(.dataMatrix, "P16", part: (16, 16)), MatrixCode.grid(.aztec, "P26", part: (26, 26)),
            ].compactMap { $0 }
            let eci = [33, 35, 899, 999_999].compactMap {
                ECICode.picture(.dataMatrix, [.init(eci: $0, "Zü")], scale: 1)
            }
            return [("last-parts.png", PNGCodec.encode(MatrixCode.scene(side: grids, moduleSize: 2)))]
                + eci.enumerated().map { ("eci-\($0.offset).png", PNGCodec.encode($0.element)) }
        case .meaning: return meaningSeeds()
        default: return []
        }
    }

    /// GS1 dates, weights and lengths; boarding passes whose counts and sizes are at the end of
    /// their hex and decimal fields; a vCard of extreme numbers.
    private static func meaningSeeds() -> [(name: String, bytes: [UInt8])] {
        let gs1 = [
            "]C1\(String(repeating: "9", count: 14))17999999\u{1D}3109999999",
            "]C101095011015300031700000010\u{1D}7003\(String(repeating: "9", count: 10))\u{1D}8200x",
            "]d2" + String(repeating: "(10)", count: 400),
        ]
        let passes = [
            "M9DOE/JOHN            EABC123 FRAJFKLH 0400 999Y012A0001 1FF>8FF",
            "M1DOE/JOHN            EABC123 FRAJFKLH 0400 000Y012A0001 100>5FF" + String(repeating: "9", count: 60),
        ]
        let vcard =
            "BEGIN:VCARD\r\nVERSION:\(pastInt64)\r\nN:;;;;\r\nTEL;PREF=\(int64Max):+\(pastInt64)\r\n"
            + "BDAY:99999999\r\nGEO:\(int64Max);-\(int64Max)\r\n \(String(repeating: "=", count: 200))\r\nEND:VCARD"
        return gs1.enumerated().map { ("gs1-extreme-\($0.offset).txt", Array($0.element.utf8)) }
            + passes.enumerated().map { ("boarding-extreme-\($0.offset).txt", Array($0.element.utf8)) }
            + [("vcard-extreme.txt", Array(vcard.utf8))]
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }
    private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        (0..<T.bitWidth / 8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A PNG whose header declares the size, with a valid checksum, and one tiny IDAT.
    private static func png(width: UInt32, height: UInt32) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        let header = bigEndian(width) + bigEndian(height) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]) + chunk("IEND", [])
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// An 8-bit BMP header (BITMAPINFOHEADER, grey palette) declaring the size, one row of pixels.
    private static func bmp(width: Int32, height: Int32) -> [UInt8] {
        var palette = [UInt8]()
        for grey in 0..<256 { palette += [UInt8(grey), UInt8(grey), UInt8(grey), 0] }
        let offset = UInt32(14 + 40 + palette.count)
        let pixels = [UInt8](repeating: 128, count: 16)
        var info = littleEndian(UInt32(40)) + littleEndian(width) + littleEndian(height)
        info += littleEndian(UInt16(1)) + littleEndian(UInt16(8)) + littleEndian(UInt32(0))
        info += littleEndian(UInt32(pixels.count)) + littleEndian(Int32(2835)) + littleEndian(Int32(2835))
        info += littleEndian(UInt32(256)) + littleEndian(UInt32(0))
        var file: [UInt8] = [0x42, 0x4D]
        file += littleEndian(offset + UInt32(pixels.count)) + [0, 0, 0, 0] + littleEndian(offset)
        return file + info + palette + pixels
    }

    /// A GIF whose screen and image are as large as the format holds, with a one-code image.
    private static func gif(width: UInt16, height: UInt16) -> [UInt8] {
        var file = Array("GIF89a".utf8) + littleEndian(width) + littleEndian(height)
        file += [0x80, 0, 0, 0, 0, 0, 255, 255, 255, 0x2C, 0, 0, 0, 0]
        file += littleEndian(width) + littleEndian(height)
        return file + [0, 2, 2, 0x44, 0x01, 0, 0x3B]
    }

    /// A little-endian TIFF of one 8-bit grey strip whose tags declare the size.
    private static func tiff(width: UInt32, height: UInt32) -> [UInt8] {
        func entry(_ tag: UInt16, _ type: UInt16, _ value: UInt32) -> [UInt8] {
            littleEndian(tag) + littleEndian(type) + littleEndian(UInt32(1)) + littleEndian(value)
        }
        let entries: [[UInt8]] = [
            entry(256, 4, width), entry(257, 4, height), entry(258, 3, 8), entry(259, 3, 1), entry(262, 3, 1),
            entry(273, 4, 8 + 2 + 9 * 12 + 4), entry(277, 3, 1), entry(278, 4, height), entry(279, 4, 4),
        ]
        var file: [UInt8] = [0x49, 0x49, 42, 0]
        file += littleEndian(UInt32(8)) + littleEndian(UInt16(entries.count))
        for item in entries { file += item }
        return file + littleEndian(UInt32(0)) + [1, 2, 3, 4]
    }
}
