/// Bytes taken in order, for the decoders of uncompressed pictures (PGM/PPM, BMP), which read
/// them a row at a time: a file as it comes (`ByteReader`), never held whole, or bytes already
/// in memory. A picture then costs its grey and a row.
protocol RowSource: AnyObject {
    /// Fills `destination` as far as the bytes go; how many arrived.
    func read(into destination: UnsafeMutableRawBufferPointer) throws(CaptureError) -> Int
    /// Passes over `count` bytes; how many there were.
    func skip(_ count: Int) throws(CaptureError) -> Int
}

extension ByteReader: RowSource {}

/// Bytes in memory as a `RowSource`.
final class MemoryRows: RowSource {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into destination: UnsafeMutableRawBufferPointer) throws(CaptureError) -> Int {
        let count = min(destination.count, bytes.count - offset)
        bytes.withUnsafeBytes { destination.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
        offset += count
        return count
    }

    func skip(_ count: Int) throws(CaptureError) -> Int {
        let skipped = min(max(0, count), bytes.count - offset)
        offset += skipped
        return skipped
    }
}

extension RowSource {
    /// Reads `rows` rows of `rowBytes` each, handing each to `take` with its index; throws
    /// `truncated` (given the rows that came) when the bytes end first.
    func eachRow(_ rows: Int, of rowBytes: Int, truncated: (Int) -> CaptureError,
                 _ take: (Int, UnsafeRawBufferPointer) -> Void) throws(CaptureError) {
        let row = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, rowBytes), alignment: 1)
        defer { row.deallocate() }
        let part = UnsafeMutableRawBufferPointer(rebasing: row[0..<rowBytes])
        for index in 0..<rows {
            guard try read(into: part) == rowBytes else { throw truncated(index) }
            take(index, UnsafeRawBufferPointer(part))
        }
    }
}
