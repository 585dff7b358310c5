import FrameCore

/// Binary PGM (P5) and PPM (P6), 8 or 16 bits per sample.
public enum NetpbmCodec {
    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits = PictureLimits()) throws(CaptureError) -> Frame {
        var cursor = 2
        func number() throws(CaptureError) -> Int {
            // Skip whitespace and # comments, then read decimal digits.
            while cursor < data.count {
                if data[cursor] == UInt8(ascii: "#") {
                    while cursor < data.count, data[cursor] != 0x0A { cursor += 1 }
                } else if isSpace(data[cursor]) {
                    cursor += 1
                } else { break }
            }
            // Saturates, as `PictureHeader` does: a 30-digit width is too large, not two numbers.
            var value = 0, digits = 0
            while cursor < data.count, (0x30...0x39).contains(data[cursor]) {
                value = min(value * 10 + Int(data[cursor] - 0x30), 1 << 40)
                cursor += 1
                digits += 1
            }
            guard digits > 0 else { throw .malformed(path: path, detail: "bad PGM/PPM header") }
            return value
        }
        guard data.count > 2, data[0] == UInt8(ascii: "P"), data[1] == UInt8(ascii: "5") || data[1] == UInt8(ascii: "6") else {
            throw .malformed(path: path, detail: "not a binary PGM/PPM (P5 or P6)")
        }
        let channels = data[1] == UInt8(ascii: "6") ? 3 : 1
        let width = try number(), height = try number(), maxValue = try number()
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

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }
}
