import Glibc

/// Descriptors moved about: copies, redirections, scratch files, and the process itself
/// replaced.
extension Syscall {
    /// A copy of `fd` on the lowest free number, closed on exec.
    public static func duplicate(_ fd: Int32) throws(Errno) -> Int32 {
        try checked { fcntl(fd, F_DUPFD_CLOEXEC, 0) }
    }

    /// Makes `target` refer to what `fd` refers to (dup2).
    public static func redirect(_ fd: Int32, onto target: Int32) throws(Errno) {
        _ = try checked { dup2(fd, target) }
    }

    /// A file of no name in `directory`, for reading back what was written to it; it goes when
    /// closed.
    public static func scratchFile(in directory: String = "/tmp") throws(Errno) -> Int32 {
        var template = Array("\(directory)/qrtui-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Errno.current }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return fd
    }

    /// Everything in the file `fd` from `offset` to its end, read without moving its offset.
    public static func contents(of fd: Int32, from offset: Int = 0) throws(Errno) -> [UInt8] {
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let at = off_t(offset + bytes.count)
            let n = chunk.withUnsafeMutableBytes { raw in retryingEINTR { pread(fd, raw.baseAddress, raw.count, at) } }
            if n < 0 { throw Errno.current }
            if n == 0 { return bytes }
            bytes += chunk.prefix(n)
        }
    }

    /// Runs `path` in place of this process with `arguments` (C strings, ending in nil), the
    /// environment as it is now; returns only when that failed.
    public static func replaceProcess(with path: String, arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
        -> Errno
    {
        _ = ArgumentBytes.withSystemPath(path) { execv($0, arguments) }
        return Errno.current
    }
}
