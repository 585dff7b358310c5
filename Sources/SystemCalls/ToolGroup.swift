import Glibc
import Synchronization

/// The process group of the tool being run to its end (a screen grab, a clipboard read): the
/// tool and whatever it starts are ended together at the deadline, when the tool is done, and
/// when qrtui ends, however it ends (exit, a deadline of its own, a signal), so nothing it
/// started outlives it.
public enum ToolGroup {
    /// Signals whose default kills qrtui: while a tool runs headless, each ends the group first.
    static let fatal = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM]

    /// A tool started in a group of its own is watched until `end`.
    static func begin(_ group: pid_t) {
        registerAtExit
        running.store(group, ordering: .sequentiallyConsistent)
        for signal in fatal {
            var current = sigaction()
            sigaction(signal, nil, &current)
            // A handler of qrtui's own (the live screen's) stays: it ends the group itself.
            guard current.__sigaction_handler.sa_handler == nil else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                ToolGroup.endRunning()
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
            sigaction(signal, &action, nil)
            installed.withLock { $0.append(signal) }
        }
    }

    /// The tool is done with: its group is ended (a child it left holding its output, too).
    static func end(_ group: pid_t) {
        kill(-group, SIGKILL)
        running.store(0, ordering: .sequentiallyConsistent)
        let restored = installed.withLock { list in
            defer { list = [] }
            return list
        }
        for signal in restored { Glibc.signal(signal, SIG_DFL) }
    }

    /// Ends the running tool's group, if any (async-signal-safe: an atomic load and kill).
    public static func endRunning() {
        let group = running.load(ordering: .sequentiallyConsistent)
        if group > 0 { kill(-group, SIGKILL) }
    }

    private static let running = Atomic<pid_t>(0)
    private static let installed = Mutex<[Int32]>([])
    private static let registerAtExit: Void = { atexit { ToolGroup.endRunning() } }()
}
