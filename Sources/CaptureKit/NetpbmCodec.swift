import FrameCore

/// Binary PGM (P5) and PPM (P6), 8 or 16 bits per sample.
public enum NetpbmCodec {
    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits = PictureLimits()) throws(CaptureError) -> Frame {
        var header = HeaderNumbers(data)
        func number() throws(CaptureError) -> Int {
            guard case .number(let value) = header.next() else { throw .malformed(path: path, detail: "bad PGM/PPM header") }
            return value
        }
        guard data.count > 2, data[0] == UInt8(ascii: "P"), data[1] == UInt8(ascii: "5") || data[1] == UInt8(ascii: "6") else {
            throw .malformed(path: path, detail: "not a binary PGM/PPM (P5 or P6)")
        }
        let channels = data[1] == UInt8(ascii: "6") ? 3 : 1
        let width = try number(), height = try number(), maxValue = try number()
        var cursor = header.cursor
        guard cursor < data.count, isSpace(data[cursor]), (1...65535).contains(maxValue) else {
            throw .malformed(path: path, detail: "bad PGM/PPM header")
        }
        cursor += 1
        try CaptureError.checkSize(width, height, path: path, limits: limits)
        let bytesPerSample = maxValue > 255 ? 2 : 1
        let needed = width * height * channels * bytesPerSample
        guard data.count - cursor >= needed else {
            throw .malformed(path: path, detail: "truncated PGM/PPM: \(data.count - cursor) of \(needed) pixel bytes")
        }
        let luma = samples(data, from: cursor, pixels: width * height, channels: channels, maxValue: maxValue)
        return Frame(width: width, height: height, luma: luma)
    }

    /// The pixels' luma: 8- or 16-bit samples scaled from `maxValue`, RGB weighted.
    private static func samples(_ data: [UInt8], from start: Int, pixels: Int, channels: Int, maxValue: Int) -> [UInt8] {
        let bytesPerSample = maxValue > 255 ? 2 : 1
        var luma = [UInt8](repeating: 0, count: pixels)
        data.withUnsafeBufferPointer { src in
            let base = src.baseAddress! + start
            func sample(_ index: Int) -> UInt8 {
                let raw = bytesPerSample == 1 ? Int(base[index])
                    : Int(base[2 * index]) << 8 | Int(base[2 * index + 1])
                return maxValue == 255 ? UInt8(raw) : UInt8(min(255, (raw * 255 + maxValue / 2) / maxValue))
            }
            for i in 0..<pixels {
                luma[i] = channels == 1 ? sample(i)
                    : lumaFromRGB(sample(3 * i), sample(3 * i + 1), sample(3 * i + 2))
            }
        }
        return luma
    }

    /// Encodes a frame as binary PGM.
    public static func encode(_ frame: Frame) -> [UInt8] {
        var out = Array("P5\n\(frame.width) \(frame.height)\n255\n".utf8)
        for row in 0..<frame.height {
            out.append(contentsOf: frame.luma[row * frame.stride..<(row * frame.stride + frame.width)])
        }
        return out
    }

    /// The width and height a header declares, or nil when `prefix` does not reach them yet
    /// (or holds no header): read as `decode` reads them, for refusing a huge size early.
    static func size(_ prefix: [UInt8]) -> (width: Int, height: Int)? {
        var header = HeaderNumbers(prefix)
        guard case .number(let width) = header.next(), case .number(let height) = header.next() else { return nil }
        return (width, height)
    }

    /// The decimals of a P5/P6 header after its magic, among whitespace and # comments.
    struct HeaderNumbers {
        enum Outcome { case number(Int), malformed, cutShort }
        let bytes: [UInt8]
        private(set) var cursor = 2

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() -> Outcome {
            while cursor < bytes.count {
                if bytes[cursor] == UInt8(ascii: "#") {
                    while cursor < bytes.count, bytes[cursor] != 0x0A { cursor += 1 }
                } else if NetpbmCodec.isSpace(bytes[cursor]) {
                    cursor += 1
                } else { break }
            }
            // Saturates: a 30-digit width is too large, not an overflow or two numbers.
            var value = 0, digits = 0
            while cursor < bytes.count, (0x30...0x39).contains(bytes[cursor]) {
                value = min(value * 10 + Int(bytes[cursor] - 0x30), 1 << 40)
                cursor += 1
                digits += 1
            }
            if cursor >= bytes.count { return .cutShort }  // the number may go on
            return digits > 0 ? .number(value) : .malformed
        }
    }

    fileprivate static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }
}
