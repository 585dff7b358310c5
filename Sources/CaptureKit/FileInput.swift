import FrameCore
import Glibc
import SystemCalls

/// A file descriptor opened for reading, with EINTR-safe reads. Files, pipes and stdin
/// look the same to the decoders.
public final class FileInput {
    public let path: String
    public let fd: Int32
    /// A regular file (not a pipe, FIFO, socket or device): its bytes never wait for a producer.
    public private(set) var isRegularFile = false
    private let ownsDescriptor: Bool

    /// Opens `path`; "-" means standard input.
    public init(path: String) throws(CaptureError) {
        if path == "-" {
            // A person typing cannot produce an image: say so instead of waiting.
            guard isatty(STDIN_FILENO) == 0 else { throw .notAFile(path: "stdin", kind: "terminal") }
            self.path = "stdin"
            fd = STDIN_FILENO
            ownsDescriptor = false
        } else {
            self.path = path
            do {
                fd = try Syscall.open(path, O_RDONLY)
            } catch {
                throw .system(operation: "open", path: path, errno: error)
            }
            ownsDescriptor = true
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = Errno.current
            closeIfOwned()
            throw .system(operation: "stat", path: self.path, errno: code)
        }
        isRegularFile = info.st_mode & S_IFMT == S_IFREG
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO, S_IFCHR: break
        case S_IFDIR:
            closeIfOwned()
            throw .notAFile(path: self.path, kind: "directory")
        case S_IFSOCK where path == "-": break
        default:
            closeIfOwned()
            throw .notAFile(path: self.path, kind: "special file")
        }
    }

    deinit { closeIfOwned() }

    private func closeIfOwned() {
        if ownsDescriptor { Syscall.close(fd) }
    }

    /// Fills `buffer` completely; returns fewer bytes only at the end of the input.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(CaptureError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let n = try readSome(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    /// One read(2): whatever is available now, 0 at the end of the input.
    public func readSome(into buffer: UnsafeMutableRawBufferPointer) throws(CaptureError) -> Int {
        do {
            return try Syscall.read(fd, into: buffer)
        } catch {
            throw .system(operation: "read", path: path, errno: error)
        }
    }

    /// Reads everything up to the end of the input, refusing more than `limit` bytes.
    public func readAll(limit: Int = 512 << 20) throws(CaptureError) -> [UInt8] {
        var data = [UInt8]()
        let chunkSize = 1 << 16
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let n = try read(into: chunk)
            data.append(contentsOf: chunk[0..<n])
            if data.count > limit {
                throw .malformed(path: path, detail: "larger than its picture can be (over \(max(1, limit >> 20)) MiB)")
            }
            if n < chunkSize { return data }
        }
    }
}

extension FileInput {
    /// The bytes of the regular file open as `fd`, up to its end: more than `limit` is refused,
    /// and so is a read still going at `deadline` (monotonic seconds: a file on a stalled network
    /// share waits no longer than the run does).
    static func readRegular(_ fd: Int32, path: String, limit: Int, deadline: Double = .infinity)
        throws(CaptureError) -> [UInt8]
    {
        var data = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            guard MonotonicClock.now() < deadline else {
                throw .malformed(path: path, detail: "not read whole by the deadline")
            }
            let n: Int
            switch chunk.withUnsafeMutableBytes({ buffer in
                Result { () throws(Errno) in try Syscall.read(fd, into: buffer) }
            }) {
            case .success(let count): n = count
            case .failure(let error): throw .system(operation: "read", path: path, errno: error)
            }
            if n == 0 { return data }
            data.append(contentsOf: chunk[0..<n])
            if data.count > limit {
                throw .malformed(path: path, detail: "larger than \(max(1, limit >> 20)) MB")
            }
        }
    }
}

extension Array where Element == UInt8 {
    /// `withUnsafeMutableBytes` for typed throws (the standard one only rethrows `any Error`).
    mutating func withMutableBytes<R>(
        _ body: (UnsafeMutableRawBufferPointer) throws(CaptureError) -> R
    ) throws(CaptureError) -> R {
        try withUnsafeMutableBytes { raw in Result { () throws(CaptureError) in try body(raw) } }.get()
    }
}
