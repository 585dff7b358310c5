import Glibc

/// stdin, stdout and stderr as a program expects them: one started with any of them closed
/// (`<&-`, `>&-`) would hand that number to the next file or pipe it opens, and then read its
/// own pipe as stdin or write codes into a picture. Each closed one is opened on /dev/null.
public enum StandardDescriptors {
    /// Opens /dev/null on each of 0, 1 and 2 that is closed; returns the ones that were.
    @discardableResult
    public static func ensureOpen() -> Set<Int32> {
        var closed = Set<Int32>()
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // open(2) returns the lowest free number: this one, as the lower ones are open.
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened != fd, opened >= 0 { close(opened) }
            closed.insert(fd)
        }
        return closed
    }
}
