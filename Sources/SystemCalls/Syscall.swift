import CSystem
import Glibc

/// The system calls qrtui makes, each as a throwing call with a typed `Errno`, and EINTR
/// (a signal arrived mid-call) retried in one place: `retryingEINTR`.
public enum Syscall {
    /// Repeats `call` while it fails with EINTR; any other result is returned as it is.
    @inline(__always)
    public static func retryingEINTR<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    /// `call`, retried on EINTR, its failure thrown as the errno it left.
    @inline(__always)
    public static func checked<T: BinaryInteger>(_ call: () -> T) throws(Errno) -> T {
        let result = retryingEINTR(call)
        if result < 0 { throw Errno.current }
        return result
    }

    /// Opens `path` as the bytes it stands for (`ArgumentBytes`).
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(Errno) -> Int32 {
        try ArgumentBytes.withSystemPath(path) { bytes throws(Errno) in
            try checked { Glibc.open(bytes, flags | O_CLOEXEC, mode) }
        }
    }

    /// stat(2) of `path` as the bytes it stands for (lstat(2) unless `following` links).
    public static func status(of path: String, following: Bool = true) -> Glibc.stat? {
        var info = Glibc.stat()
        let flags = following ? 0 : AT_SYMLINK_NOFOLLOW
        let result = ArgumentBytes.withSystemPath(path) { bytes in fstatat(AT_FDCWD, bytes, &info, flags) }
        return result == 0 ? info : nil
    }

    /// When `name` in the directory open as `directory` was made (no link followed); nil where
    /// the file system keeps no birth time.
    public static func birthTime(of name: String, in directory: Int32) -> timespec? {
        var made = timespec()
        let kept = ArgumentBytes.withSystemPath(name) { bytes in qrtui_birth_time(directory, bytes, &made) }
        return kept == 1 ? made : nil
    }

    /// One read(2): what is available now, 0 at the end of the input.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        return try checked { Glibc.read(fd, base, buffer.count) }
    }

    /// Writes every byte: short writes continue where they stopped.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            let n = try checked {
                bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            }
            guard n > 0 else { throw Errno.ioError }
            offset += n
        }
    }

    /// Waits until one of `descriptors` is ready or `milliseconds` pass (-1: no limit).
    /// A signal counts as a wake-up: EINTR returns 0, so the caller looks around and waits again.
    public static func poll(_ descriptors: inout [pollfd], milliseconds: Int32) throws(Errno) -> Int {
        let count = nfds_t(descriptors.count)
        let ready = descriptors.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, count, milliseconds) }
        if ready < 0 {
            if errno == EINTR { return 0 }
            throw Errno.current
        }
        return Int(ready)
    }

    /// A pipe whose ends are closed in children (close-on-exec).
    public static func pipe(nonBlocking: Bool = false) throws(Errno) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        let flags = O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)
        _ = try checked { ends.withUnsafeMutableBufferPointer { qrtui_pipe2($0.baseAddress, flags) } }
        return (ends[0], ends[1])
    }

    /// A descriptor that reads `signals` (which the caller has blocked) as data.
    public static func signalDescriptor(_ signals: [Int32]) throws(Errno) -> Int32 {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return try checked { qrtui_signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC)) }
    }

    /// The next signal waiting on a `signalDescriptor`, nil when none waits.
    public static func nextSignal(from fd: Int32) -> Int32? {
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        guard (try? checked({ Glibc.read(fd, &info, size) })) == size else { return nil }
        return Int32(info.ssi_signo)
    }

    /// The calling thread's kernel id (for /proc/self/task/ID).
    public static var threadID: pid_t { qrtui_gettid() }

    public static func close(_ fd: Int32) {
        _ = Glibc.close(fd)  // never retried: on Linux the descriptor is gone even after EINTR
    }
}
