import CZlib
import Overlay

/// A picture in the kitty graphics protocol: RGB, zlib-compressed, sent directly (base64 in
/// chunks), placed at the cursor without moving it. Each frame is sent under one id, so it
/// replaces the last and nothing piles up in the terminal; `delete` clears it.
enum KittyPicture {
    /// The id of qrtui's picture (one at a time).
    static let id = 7131
    /// Base64 bytes a chunk, as the protocol asks.
    static let chunk = 4096

    /// `pixels` as the escapes that show it at the cursor, scaled by the terminal to `cells`
    /// (columns, rows; nil: at its own size) (nil: zlib failed).
    static func encode(_ pixels: PicturePixels, cells: (Int, Int)? = nil, level: Int32 = 1) -> [UInt8]? {
        encode(rgb: pixels.rgb, width: pixels.width, height: pixels.height, cells: cells, level: level)
    }

    /// `rgb` (`width` by `height` pixels) as the escapes that show it, as `encode` does.
    static func encode(rgb: [UInt8], width: Int, height: Int, cells: (Int, Int)? = nil, level: Int32 = 1) -> [UInt8]? {
        guard let compressed = deflate(rgb, level: level) else { return nil }
        let payload = Base64.encode(compressed)
        var out = [UInt8]()
        out.reserveCapacity(payload.count + payload.count / chunk * 16 + 96)
        var start = 0
        repeat {
            let end = min(payload.count, start + chunk)
            let more = end < payload.count ? 1 : 0
            let keys =
                start == 0
                ? "a=T,f=24,o=z,s=\(width),v=\(height),i=\(id),p=1,q=2,C=1"
                    + (cells.map { ",c=\($0.0),r=\($0.1)" } ?? "") + ",m=\(more)" : "m=\(more)"
            out += Array("\u{1B}_G\(keys);".utf8)
            out += payload[start..<end]
            out += [0x1B, UInt8(ascii: "\\")]
            start = end
        } while start < payload.count
        return out
    }

    /// The escape that shows a picture of `width` by `height` RGB pixels left under `name` (in
    /// shared memory, or a file where `fileNotShared`) at the cursor, scaled to `cells`.
    static func dropped(_ name: String, fileNotShared: Bool, width: Int, height: Int, cells: (Int, Int)?) -> [UInt8] {
        let keys =
            "a=T,f=24,t=\(fileNotShared ? "t" : "s"),s=\(width),v=\(height),i=\(id),p=1,q=2,C=1"
            + (cells.map { ",c=\($0.0),r=\($0.1)" } ?? "")
        return Array("\u{1B}_G\(keys);\(Base64.string(name))\u{1B}\\".utf8)
    }

    /// Clears qrtui's picture and frees what the terminal kept of it.
    static var delete: [UInt8] { Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8) }

    static func deflate(_ bytes: [UInt8], level: Int32) -> [UInt8]? {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &size, source.baseAddress, uLong(source.count), level)
            }
        }
        guard status == Z_OK else { return nil }
        return Array(out.prefix(Int(size)))
    }
}

/// Base64 (RFC 4648, with padding), as the kitty protocol carries pictures.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func string(_ text: String) -> String { String(decoding: encode(Array(text.utf8)), as: UTF8.self) }

    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int(value >> UInt32(shift) & 63)]) }
            index += 3
        }
        let left = bytes.count - index
        if left > 0 {
            let value = UInt32(bytes[index]) << 16 | (left == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            out.append(alphabet[Int(value >> 18 & 63)])
            out.append(alphabet[Int(value >> 12 & 63)])
            out.append(left == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return out
    }
}
