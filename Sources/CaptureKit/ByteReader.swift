import FrameCore

/// Buffered reads from a `FileInput`: header lines and exact-size payloads (Y4M frames).
final class ByteReader {
    let input: FileInput
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0

    init(input: FileInput, capacity: Int = 1 << 16) {
        self.input = input
        buffer = [UInt8](repeating: 0, count: capacity)
    }

    var path: String { input.path }

    /// Fills the buffer; returns false at the end of the input.
    private func refill() throws(CaptureError) -> Bool {
        if start == end {
            start = 0
            end = 0
        }
        if end == buffer.count {
            buffer.withUnsafeMutableBufferPointer {
                $0.baseAddress!.update(from: $0.baseAddress! + start, count: end - start)
            }
            end -= start
            start = 0
        }
        let n = try buffer.withMutableBytes { raw throws(CaptureError) in
            try input.readSome(into: UnsafeMutableRawBufferPointer(rebasing: raw[end...]))
        }
        end += n
        return n > 0
    }

    /// The next bytes without consuming them (fewer at the end of the input); the buffer
    /// grows to hold them.
    func peek(_ count: Int) throws(CaptureError) -> [UInt8] {
        if count > buffer.count - start {
            buffer = Array(buffer[start..<end]) + [UInt8](repeating: 0, count: count)
            end -= start
            start = 0
        }
        while end - start < count, try refill() {}
        return Array(buffer[start..<min(end, start + count)])
    }

    /// One line without its "\n"; nil at a clean end of input. Refuses lines over `limit`.
    func readLine(limit: Int) throws(CaptureError) -> [UInt8]? {
        var scanned = start
        while true {
            if let newline = buffer[scanned..<end].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return line
            }
            scanned = end
            if end - start > limit {
                throw .malformed(path: path, detail: "header line longer than \(limit) bytes")
            }
            let before = start
            guard try refill() else {
                if end == start { return nil }
                throw .malformed(path: path, detail: "input ends inside a header line")
            }
            scanned -= before - start
        }
    }

    /// Fills `destination` completely; returns how many bytes arrived (less only at the end).
    func read(into destination: UnsafeMutableRawBufferPointer) throws(CaptureError) -> Int {
        let buffered = min(end - start, destination.count)
        buffer.withUnsafeBytes { src in
            destination.baseAddress!.copyMemory(from: src.baseAddress! + start, byteCount: buffered)
        }
        start += buffered
        guard buffered < destination.count else { return buffered }
        return buffered + (try input.read(into: UnsafeMutableRawBufferPointer(rebasing: destination[buffered...])))
    }

    /// Everything left in the input, refusing more than `limit` bytes in all.
    func readAll(limit: Int = 512 << 20) throws(CaptureError) -> [UInt8] {
        let buffered = Array(buffer[start..<end])
        start = end
        return buffered + (try input.readAll(limit: max(0, limit - buffered.count)))
    }

    /// Discards `count` bytes; returns how many were there.
    func skip(_ count: Int) throws(CaptureError) -> Int {
        var skipped = 0
        while skipped < count {
            if start == end, !(try refill()) { break }
            let n = min(end - start, count - skipped)
            start += n
            skipped += n
        }
        return skipped
    }
}
