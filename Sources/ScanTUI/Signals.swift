import CSystem
import Glibc

enum Signals {
    /// A parent may start qrtui with signals blocked (Foundation's Process does): unblock
    /// them so that SIGTERM, SIGINT and SIGWINCH work as users expect.
    static func unblockAll() {
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
    }

    /// The signals that stop the live screen cleanly.
    static let stopping = [SIGINT, SIGTERM, SIGHUP]
}

/// SIGINT, SIGTERM and SIGHUP read from a descriptor (signalfd) instead of handled
/// asynchronously: the event loop polls it with the terminal, so the terminal is restored
/// by ordinary code, exactly once. Create it before any thread, which inherits the mask.
final class SignalWatcher {
    let descriptor: Int32

    init?() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in Signals.stopping { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        descriptor = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// True when a stopping signal has arrived since the last call.
    func consume() -> Bool {
        var info = signalfd_siginfo()
        var arrived = false
        while read(descriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            arrived = true
        }
        return arrived
    }
}

/// A pipe that other threads write a byte into to wake the event loop from poll().
final class WakePipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        let ends = Pipe.make()
        readEnd = ends.read
        writeEnd = ends.write
        for end in [readEnd, writeEnd] { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)  // a full pipe already means "wake up"
    }

    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }
}

enum Pipe {
    /// A pipe whose ends are closed in children (close-on-exec).
    static func make() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "pipe failed: \(errno)")
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}
