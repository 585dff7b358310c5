import Glibc
import Synchronization
import SystemCalls

enum Signals {
    /// A parent may start qrtui with signals blocked (Foundation's Process does): unblock
    /// them so that SIGTERM, SIGINT and SIGWINCH work as users expect.
    static func unblockAll() {
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
    }

    /// Swift's backtracer takes SIGQUIT for a crash: it prints a report of every thread and lets
    /// the process run on. A user's SIGQUIT (Ctrl-\) is a request to stop: its default comes
    /// back (the live screen watches it as it watches SIGTERM).
    static func quitAsUsual() {
        signal(SIGQUIT, SIG_DFL)
    }

    /// The signals that would kill qrtui: on the live screen they restore the terminal first,
    /// then qrtui dies of them (SIGPIPE is ignored there).
    static let stopping = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM]

    /// Dies of `number` as if it had never been caught, so the parent sees what happened
    /// (a shell: 128 + the signal's number, 130 for SIGINT).
    static func die(of number: Int32) -> Never {
        ToolGroup.endRunning()  // a screen grab still running goes with qrtui
        signal(number, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(number)
        exit(128 + number)  // a signal whose default is not to die (none of ours)
    }
}

/// The write end of the fallback's pipe, for the signal handler (which can capture nothing).
private let handlerPipe = Atomic<Int32>(-1)

/// Signals turned into something the event loop polls with the terminal, so the terminal is
/// restored and suspended by ordinary code, on the main thread, exactly once. Normally a
/// signalfd, with the signals blocked (create the watcher before any thread: threads
/// inherit the mask). Where signalfd cannot be made, handlers write each signal into a
/// pipe instead. Either way the watcher puts everything back as it was when it goes, so a
/// qrtui that gave up the screen (a headless run) dies of these signals as usual.
final class SignalWatcher {
    enum Arrival: Equatable { case stop(Int32), suspend }
    private enum Mechanism {
        case signalDescriptor(previousMask: sigset_t)
        case handlers(writeEnd: Int32, previous: [Int32: sigaction])
    }

    /// Readable when a watched signal arrived.
    let descriptor: Int32
    private let mechanism: Mechanism
    static let watched = Signals.stopping + [SIGTSTP]

    init?() {
        if let descriptor = try? Syscall.signalDescriptor(Self.watched) {
            self.descriptor = descriptor
            var set = Self.watchedSet
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &set, &previous)
            mechanism = .signalDescriptor(previousMask: previous)
            return
        }
        guard let ends = try? Syscall.pipe(nonBlocking: true) else { return nil }
        descriptor = ends.read
        handlerPipe.store(ends.write, ordering: .sequentiallyConsistent)
        var previous: [Int32: sigaction] = [:]
        for signal in Self.watched {
            var action = sigaction()
            var old = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(handlerPipe.load(ordering: .relaxed), &byte, 1)  // async-signal-safe
            }
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, &old)
            previous[signal] = old
        }
        mechanism = .handlers(writeEnd: ends.write, previous: previous)
    }

    deinit {
        switch mechanism {
        case .signalDescriptor(var previousMask):
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        case .handlers(let writeEnd, var previous):
            for signal in Self.watched { sigaction(signal, &previous[signal]!, nil) }
            handlerPipe.store(-1, ordering: .sequentiallyConsistent)
            Syscall.close(writeEnd)
        }
        Syscall.close(descriptor)
    }

    private static var watchedSet: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in watched { sigaddset(&set, signal) }
        return set
    }

    /// What arrived since the last call: a stop wins over a suspend.
    func consume() -> Arrival? {
        var arrival: Arrival?
        while let signal = nextSignal() {
            if signal == SIGTSTP {
                arrival = arrival ?? .suspend
            } else if case .stop? = arrival {
            } else {
                arrival = .stop(signal)
            }
        }
        return arrival
    }

    private func nextSignal() -> Int32? {
        switch mechanism {
        case .signalDescriptor: return Syscall.nextSignal(from: descriptor)
        case .handlers:
            var byte: UInt8 = 0
            let n = withUnsafeMutableBytes(of: &byte) { (try? Syscall.read(descriptor, into: $0)) ?? 0 }
            return n == 1 ? Int32(byte) : nil
        }
    }

    /// Ctrl-Z: stops the process the way the shell expects (the default SIGTSTP action),
    /// returning when it is continued. The terminal must be left before and entered after.
    static func suspendProcess() {
        var defaultAction = sigaction()
        defaultAction.__sigaction_handler.sa_handler = SIG_DFL
        var previous = sigaction()
        sigaction(SIGTSTP, &defaultAction, &previous)
        var only = sigset_t()
        var mask = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &only, &mask)
        kill(getpid(), SIGTSTP)  // stops here until SIGCONT
        pthread_sigmask(SIG_SETMASK, &mask, nil)
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
        try? Syscall.writeAll(writeEnd, [1])  // a full pipe (EAGAIN) already means "wake up"
    }

    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ (try? Syscall.read(readEnd, into: $0)) ?? 0 }) > 0 {}
    }
}
