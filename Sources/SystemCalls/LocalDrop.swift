import Glibc

/// Bytes left where a terminal on the same machine can read them (the kitty graphics
/// protocol's `t=s` and `t=t`): a POSIX shared-memory object, or a file in /tmp whose path
/// names the protocol (kitty deletes only such files, and only from a temporary folder). The
/// reader removes what it read; what it never read is removed by `remove`.
public enum LocalDrop: Sendable, Equatable {
    case sharedMemory
    case file

    /// A fresh name for a drop of this kind: the process and a random part, so that nothing
    /// another program left (or planted) is ever written or removed.
    public func freshName(_ tag: String) -> String {
        let unique = "\(getpid())-\(tag)-\(UInt64.random(in: 0...UInt64.max))"
        return self == .sharedMemory ? "/qrtui-\(unique)" : "/tmp/qrtui-tty-graphics-protocol-\(unique)"
    }

    /// Leaves `bytes` under `name`, made for this call alone (nothing there before): whether
    /// all of them were left. A drop half written is removed.
    public func leave(_ bytes: [UInt8], as name: String) -> Bool {
        let flags = O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW
        let fd =
            self == .sharedMemory
            ? Syscall.retryingEINTR { shm_open(name, flags, 0o600) }
            : (try? Syscall.open(name, flags, mode: 0o600)) ?? -1
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard (try? Syscall.writeAll(fd, bytes)) != nil else {
            remove(name)
            return false
        }
        return true
    }

    /// Where the drop `name` lies in the file system (glibc's shared memory is /dev/shm's), for
    /// what can only unlink(2), such as a crash handler.
    public func path(of name: String) -> String { self == .sharedMemory ? "/dev/shm" + name : name }

    /// Removes the drop `name` (nothing when the reader already did).
    public func remove(_ name: String) {
        if self == .sharedMemory { _ = shm_unlink(name) } else { _ = unlink(name) }
    }
}
