/// A picture's bytes taken in order: a file as it comes (its reader lives with the other
/// inputs) or bytes already in memory. Uncompressed formats (PGM/PPM, BMP) are decoded from
/// it a row at a time, so a picture costs its grey and a row, not its file as well.
public protocol PictureBytes: AnyObject {
    /// The next `count` bytes without taking them (fewer at the end).
    func peek(_ count: Int) throws(PictureError) -> [UInt8]
    /// Fills `destination` as far as the bytes go; how many arrived.
    func read(into destination: UnsafeMutableRawBufferPointer) throws(PictureError) -> Int
    /// Passes over `count` bytes; how many there were.
    func skip(_ count: Int) throws(PictureError) -> Int
    /// Everything left, refusing more than `limit` bytes.
    func readAll(limit: Int) throws(PictureError) -> [UInt8]
}

/// Bytes in memory as `PictureBytes`.
public final class MemoryBytes: PictureBytes {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public func peek(_ count: Int) throws(PictureError) -> [UInt8] {
        Array(bytes[offset..<min(bytes.count, offset + max(0, count))])
    }

    public func read(into destination: UnsafeMutableRawBufferPointer) throws(PictureError) -> Int {
        let count = min(destination.count, bytes.count - offset)
        bytes.withUnsafeBytes { destination.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
        offset += count
        return count
    }

    public func skip(_ count: Int) throws(PictureError) -> Int {
        let skipped = min(max(0, count), bytes.count - offset)
        offset += skipped
        return skipped
    }

    public func readAll(limit: Int) throws(PictureError) -> [UInt8] {
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }
}

extension PictureBytes {
    /// Reads `rows` rows of `rowBytes` each, handing each to `take` with its index; returns
    /// how many came whole (fewer when the bytes end first).
    func eachRow(_ rows: Int, of rowBytes: Int, _ take: (Int, UnsafeRawBufferPointer) -> Void) throws(PictureError)
        -> Int
    {
        let row = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, rowBytes), alignment: 1)
        defer { row.deallocate() }
        let part = UnsafeMutableRawBufferPointer(rebasing: row[0..<rowBytes])
        for index in 0..<rows {
            guard try read(into: part) == rowBytes else { return index }
            take(index, UnsafeRawBufferPointer(part))
        }
        return rows
    }

    /// The header that `parse` finds at the start, peeking ever more (at most `limit` bytes):
    /// `parse` returns nil while the bytes do not reach its end.
    func header<H>(limit: Int, _ parse: ([UInt8]) throws(PictureError) -> H?) throws(PictureError) -> H? {
        var count = 64
        while true {
            let prefix = try peek(count)
            if let header = try parse(prefix) { return header }
            guard prefix.count == count, count < limit else { return nil }
            count = min(count * 4, limit)
        }
    }
}
