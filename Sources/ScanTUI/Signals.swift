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

/// Signals read from a descriptor (signalfd) instead of handled asynchronously: the event
/// loop polls it with the terminal, so the terminal is restored and suspended by ordinary
/// code, on the main thread, exactly once. Create it before any thread, which inherits the
/// mask (so only the loop ever sees these signals).
final class SignalWatcher {
    enum Arrival: Equatable { case stop, suspend }

    let descriptor: Int32
    static let watched = Signals.stopping + [SIGTSTP]

    init?() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in Self.watched { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        descriptor = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// What arrived since the last call: a stop wins over a suspend.
    func consume() -> Arrival? {
        var info = signalfd_siginfo()
        var arrival: Arrival?
        while read(descriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            if Int32(info.ssi_signo) == SIGTSTP {
                arrival = arrival ?? .suspend
            } else {
                arrival = .stop
            }
        }
        return arrival
    }

    /// Ctrl-Z: stops the process the way the shell expects (the default SIGTSTP action),
    /// returning when it is continued. The terminal must be left before and entered after.
    static func suspendProcess() {
        var defaultAction = sigaction()
        defaultAction.__sigaction_handler.sa_handler = SIG_DFL
        var previous = sigaction()
        sigaction(SIGTSTP, &defaultAction, &previous)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        kill(getpid(), SIGTSTP)  // stops here until SIGCONT
        pthread_sigmask(SIG_BLOCK, &only, nil)
        sigaction(SIGTSTP, &previous, nil)
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
