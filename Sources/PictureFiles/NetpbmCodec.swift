import FrameCore

/// Binary PGM (P5) and PPM (P6), 8 or 16 bits per sample.
public enum NetpbmCodec: PictureCodec {
    public static let name = "PGM/PPM", id = "netpbm"

    public static func recognises(_ prefix: [UInt8]) -> Bool {
        prefix.count >= 2 && prefix[0] == UInt8(ascii: "P")
            && (prefix[1] == UInt8(ascii: "5") || prefix[1] == UInt8(ascii: "6"))
    }

    /// The size the header declares, read as `decode` reads it (nil until `prefix` holds the
    /// whole header).
    public static func declaredSize(_ prefix: [UInt8]) -> (width: Int, height: Int)? {
        (try? Header.parse(prefix, path: "")).flatMap { $0 }.map { ($0.width, $0.height) }
    }

    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits) throws(PictureError) -> Frame {
        try read(MemoryBytes(data), path: path, limits: limits)
    }

    public static func decode(streaming bytes: some PictureBytes, path: String, limits: PictureLimits)
        throws(PictureError) -> Frame?
    {
        try read(bytes, path: path, limits: limits)
    }

    /// The header from the first bytes, then the rows one at a time as they come.
    private static func read(_ bytes: some PictureBytes, path: String, limits: PictureLimits) throws(PictureError)
        -> Frame
    {
        guard
            let header = try bytes.header(
                limit: 1 << 20, { prefix throws(PictureError) in try Header.parse(prefix, path: path) })
        else {
            throw .malformed(path: path, detail: "bad PGM/PPM header")
        }
        _ = try bytes.skip(header.length)
        return try decode(header, rows: bytes, path: path, limits: limits)
    }

    /// What a P5/P6 header says, and how long it is (its single whitespace after the maximum included).
    struct Header {
        let channels: Int, width: Int, height: Int, maxValue: Int, length: Int

        /// The header at the start of `data`; nil while `data` does not reach its end.
        static func parse(_ data: [UInt8], path: String) throws(PictureError) -> Header? {
            guard data.count >= 2 else { return nil }
            guard NetpbmCodec.recognises(data) else {
                throw .malformed(path: path, detail: "not a binary PGM/PPM (P5 or P6)")
            }
            var numbers = HeaderNumbers(data)
            var values = [Int]()
            while values.count < 3 {
                switch numbers.next() {
                case .number(let value): values.append(value)
                case .cutShort: return nil
                case .malformed: throw .malformed(path: path, detail: "bad PGM/PPM header")
                }
            }
            guard numbers.cursor < data.count else { return nil }
            guard isSpace(data[numbers.cursor]), (1...65535).contains(values[2]) else {
                throw .malformed(path: path, detail: "bad PGM/PPM header")
            }
            return Header(
                channels: data[1] == UInt8(ascii: "6") ? 3 : 1, width: values[0], height: values[1],
                maxValue: values[2], length: numbers.cursor + 1)
        }
    }

    private static func decode(_ header: Header, rows: some PictureBytes, path: String, limits: PictureLimits)
        throws(PictureError) -> Frame
    {
        try limits.check(header.width, header.height, path: path)
        let bytesPerSample = header.maxValue > 255 ? 2 : 1
        let rowBytes = header.width * header.channels * bytesPerSample
        let width = header.width
        // Mid grey where no row comes (a file cut short).
        var luma = [UInt8](repeating: 128, count: width * header.height)
        let read = try luma.withUnsafeMutableBufferPointer {
            (out: inout UnsafeMutableBufferPointer<UInt8>) throws(PictureError) in
            let target = out
            return try rows.eachRow(header.height, of: rowBytes) { row, bytes in
                grey(
                    bytes, into: target.baseAddress! + row * width, pixels: width, channels: header.channels,
                    maxValue: header.maxValue)
            }
        }
        let frame = Frame(width: width, height: header.height, luma: luma)
        guard read == header.height else {
            guard read > 0 else {
                throw .malformed(path: path, detail: "truncated PGM/PPM: no row of \(header.height) is whole")
            }
            throw .cutShort(path: path, PartialPicture(frame, format: "PGM/PPM", decodedRows: read))
        }
        return frame
    }

    /// One row's luma: 8- or 16-bit samples scaled from `maxValue`, RGB weighted.
    private static func grey(
        _ row: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<UInt8>, pixels: Int, channels: Int,
        maxValue: Int
    ) {
        let bytesPerSample = maxValue > 255 ? 2 : 1
        func sample(_ index: Int) -> UInt8 {
            let raw = bytesPerSample == 1 ? Int(row[index]) : Int(row[2 * index]) << 8 | Int(row[2 * index + 1])
            return maxValue == 255 ? UInt8(raw) : UInt8(min(255, (raw * 255 + maxValue / 2) / maxValue))
        }
        for i in 0..<pixels {
            out[i] = channels == 1 ? sample(i) : lumaFromRGB(sample(3 * i), sample(3 * i + 1), sample(3 * i + 2))
        }
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
                } else {
                    break
                }
            }
            // Saturates: a 30-digit width is too large, not an overflow or two numbers.
            var value = 0
            var digits = 0
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
