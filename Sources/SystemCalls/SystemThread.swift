import CSystem
import Glibc

/// Threads started with pthread_create, so that one that cannot start (too little memory for
/// its stack under `ulimit -v`) is an error the caller tells, where Foundation's `Thread.start`
/// says nothing and whoever waits for the thread waits for ever. Detached, with 4 MB stacks
/// (the default takes 8 MB of address space each).
public enum SystemThread {
    public static let stackSize = 4 << 20

    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts `body` on a thread named `name` (at most 15 bytes are kept).
    public static func start(_ name: String, _ body: @escaping @Sendable () -> Void) throws(Errno) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, stackSize)
        let work = Unmanaged.passRetained(
            Work {
                let truncated = String(decoding: Array(name.utf8.prefix(15)), as: UTF8.self)
                _ = qrtui_name_thread(truncated)
                body()
            })
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, work.toOpaque())
        guard status == 0 else {
            work.release()
            throw Errno(rawValue: status)
        }
    }
}
