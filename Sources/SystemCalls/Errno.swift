import Glibc

/// A failed system call's errno as a value (swift-system's `Errno`): its symbolic name for
/// logs and tests, and the system's message for people.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The errno the calling thread's last failed call left.
    public static var current: Errno { Errno(rawValue: errno) }

    public static let permissionDenied = Errno(rawValue: EACCES)
    public static let noSuchFile = Errno(rawValue: ENOENT)
    public static let noSuchDevice = Errno(rawValue: ENODEV)
    public static let busy = Errno(rawValue: EBUSY)
    public static let interrupted = Errno(rawValue: EINTR)
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    public static let ioError = Errno(rawValue: EIO)
    public static let invalidArgument = Errno(rawValue: EINVAL)
    public static let notATerminal = Errno(rawValue: ENOTTY)
    public static let isADirectory = Errno(rawValue: EISDIR)
    public static let brokenPipe = Errno(rawValue: EPIPE)
    public static let outOfMemory = Errno(rawValue: ENOMEM)
    public static let badDescriptor = Errno(rawValue: EBADF)

    /// "ENOENT", or "errno 1234" for a value without a name here.
    public var name: String { Self.names[rawValue] ?? "errno \(rawValue)" }

    /// strerror's text: "No such file or directory".
    public var message: String { String(cString: strerror(rawValue)) }

    public var description: String { "\(message) (\(name))" }

    private static let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", ESRCH: "ESRCH", EINTR: "EINTR", EIO: "EIO", ENXIO: "ENXIO",
        E2BIG: "E2BIG", ENOEXEC: "ENOEXEC", EBADF: "EBADF", ECHILD: "ECHILD", EAGAIN: "EAGAIN",
        ENOMEM: "ENOMEM", EACCES: "EACCES", EFAULT: "EFAULT", EBUSY: "EBUSY", EEXIST: "EEXIST",
        ENODEV: "ENODEV", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL", ENFILE: "ENFILE",
        EMFILE: "EMFILE", ENOTTY: "ENOTTY", EFBIG: "EFBIG", ENOSPC: "ENOSPC", ESPIPE: "ESPIPE",
        EROFS: "EROFS", EPIPE: "EPIPE", ERANGE: "ERANGE", ENOSYS: "ENOSYS", ELOOP: "ELOOP",
        ENAMETOOLONG: "ENAMETOOLONG", ETIMEDOUT: "ETIMEDOUT", EOVERFLOW: "EOVERFLOW", ENOTSUP: "ENOTSUP",
    ]
}
