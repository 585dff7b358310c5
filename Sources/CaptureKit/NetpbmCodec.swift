import FrameCore

/// Binary PGM (P5) and PPM (P6), 8 or 16 bits per sample.
public enum NetpbmCodec {
    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits = PictureLimits()) throws(CaptureError) -> Frame {
        let header = try Header(data, path: path)
        let rows = MemoryRows(data)
        _ = try rows.skip(header.length)
        return try decode(header, rows: rows, path: path, limits: limits)
    }

    /// A file as it comes: the header from its first bytes, then its rows one at a time.
    static func decode(_ reader: ByteReader, path: String, limits: PictureLimits) throws(CaptureError) -> Frame {
        let header = try Header(try reader.peek(4096), path: path)
        _ = try reader.skip(header.length)
        return try decode(header, rows: reader, path: path, limits: limits)
    }

    /// What a P5/P6 header says, and how long it is (its single whitespace after the maximum included).
    struct Header {
        let channels: Int, width: Int, height: Int, maxValue: Int, length: Int

        init(_ data: [UInt8], path: String) throws(CaptureError) {
            var header = HeaderNumbers(data)
            func number() throws(CaptureError) -> Int {
                guard case .number(let value) = header.next() else { throw .malformed(path: path, detail: "bad PGM/PPM header") }
                return value
            }
            guard data.count > 2, data[0] == UInt8(ascii: "P"), data[1] == UInt8(ascii: "5") || data[1] == UInt8(ascii: "6") else {
                throw .malformed(path: path, detail: "not a binary PGM/PPM (P5 or P6)")
            }
            channels = data[1] == UInt8(ascii: "6") ? 3 : 1
            (width, height, maxValue) = (try number(), try number(), try number())
            guard header.cursor < data.count, isSpace(data[header.cursor]), (1...65535).contains(maxValue) else {
                throw .malformed(path: path, detail: "bad PGM/PPM header")
            }
            length = header.cursor + 1
        }
    }

    private static func decode(_ header: Header, rows: some RowSource, path: String, limits: PictureLimits)
        throws(CaptureError) -> Frame {
        try CaptureError.checkSize(header.width, header.height, path: path, limits: limits)
        let bytesPerSample = header.maxValue > 255 ? 2 : 1
        let rowBytes = header.width * header.channels * bytesPerSample, width = header.width
        var luma = [UInt8](repeating: 0, count: width * header.height)
        try luma.withUnsafeMutableBufferPointer { (out: inout UnsafeMutableBufferPointer<UInt8>) throws(CaptureError) in
            let target = out
            try rows.eachRow(header.height, of: rowBytes, truncated: { row in
                .malformed(path: path, detail: "truncated PGM/PPM: \(row * rowBytes) of \(header.height * rowBytes) pixel bytes")
            }) { row, bytes in
                grey(bytes, into: target.baseAddress! + row * width, pixels: width, channels: header.channels,
                     maxValue: header.maxValue)
            }
        }
        return Frame(width: width, height: header.height, luma: luma)
    }

    /// One row's luma: 8- or 16-bit samples scaled from `maxValue`, RGB weighted.
    private static func grey(_ row: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<UInt8>, pixels: Int, channels: Int,
                             maxValue: Int) {
        let bytesPerSample = maxValue > 255 ? 2 : 1
        func sample(_ index: Int) -> UInt8 {
            let raw = bytesPerSample == 1 ? Int(row[index]) : Int(row[2 * index]) << 8 | Int(row[2 * index + 1])
            return maxValue == 255 ? UInt8(raw) : UInt8(min(255, (raw * 255 + maxValue / 2) / maxValue))
        }
        for i in 0..<pixels {
            out[i] = channels == 1 ? sample(i) : lumaFromRGB(sample(3 * i), sample(3 * i + 1), sample(3 * i + 2))
        }
    }

    /// Encodes a frame as binary PPM, the grey in each channel.
    public static func encodeColour(_ frame: Frame) -> [UInt8] {
        Array("P6\n\(frame.width) \(frame.height)\n255\n".utf8) + GreyChannels.channels(frame, 3)
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
