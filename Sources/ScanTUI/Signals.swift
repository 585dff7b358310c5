import Glibc
import SystemCalls

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
/// mask (so only the loop ever sees these signals). The signals are blocked only once the
/// descriptor exists, and unblocked again when the watcher goes: a qrtui without one (no
/// signalfd, or the screen given up for a headless run) still dies of them as usual.
final class SignalWatcher {
    enum Arrival: Equatable { case stop, suspend }

    let descriptor: Int32
    private var previousMask = sigset_t()
    static let watched = Signals.stopping + [SIGTSTP]

    init?() {
        guard let descriptor = try? Syscall.signalDescriptor(Self.watched) else { return nil }
        self.descriptor = descriptor
        var set = sigset_t()
        sigemptyset(&set)
        for signal in Self.watched { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, &previousMask)
    }

    deinit {
        Syscall.close(descriptor)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }

    /// What arrived since the last call: a stop wins over a suspend.
    func consume() -> Arrival? {
        var arrival: Arrival?
        while let signal = Syscall.nextSignal(from: descriptor) {
            if signal == SIGTSTP {
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

    init() throws(Errno) {
        (readEnd, writeEnd) = try Syscall.pipe(nonBlocking: true)
    }

    deinit {
        Syscall.close(readEnd)
        Syscall.close(writeEnd)
    }

    func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)  // a full pipe already means "wake up"
    }

    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ (try? Syscall.read(readEnd, into: $0)) ?? 0 }) > 0 {}
    }
}
