import Glibc
import Synchronization

/// The process groups of the tools being run to their end (a screen grab, a clipboard read, an
/// `--exec` hook: a few at once, each on a thread of its own): a tool and whatever it starts are
/// ended together at the deadline, when the tool is done, and when qrtui ends, however it ends
/// (exit, a deadline of its own, a signal), so nothing it started outlives it.
public enum ToolGroup {
    /// Signals whose default kills qrtui: while a tool runs headless, each ends the group first.
    static let fatal = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM]

    /// Marks a slot's group as a `HookReaper`'s (pids stay below 2^22): it is told to end
    /// (SIGTERM), so that it ends what the hook left in sessions of their own first.
    private static let reaperMark: pid_t = 1 << 30

    /// A tool started in a group of its own is watched until `end` (beyond four tools at once,
    /// only until its own deadline). `reaper`: the group's leader is a `HookReaper`.
    static func begin(_ group: pid_t, reaper: Bool = false) {
        registerAtExit
        let value = reaper ? group | reaperMark : group
        eachSlot { $0.compareExchange(expected: 0, desired: value, ordering: .sequentiallyConsistent).exchanged }
        let first = installed.withLock { state in
            state.tools += 1
            return state.tools == 1
        }
        guard first else { return }
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
            installed.withLock { $0.signals.append(signal) }
        }
    }

    /// The tool is done with: its group is ended (a child it left holding its output, too).
    static func end(_ group: pid_t) {
        kill(-group, SIGKILL)
        eachSlot { slot in
            slot.compareExchange(expected: group, desired: 0, ordering: .sequentiallyConsistent).exchanged
                || slot.compareExchange(expected: group | reaperMark, desired: 0, ordering: .sequentiallyConsistent)
                    .exchanged
        }
        // The handlers go once the last tool is done.
        let restored = installed.withLock { state in
            state.tools -= 1
            guard state.tools == 0 else { return [Int32]() }
            defer { state.signals = [] }
            return state.signals
        }
        for signal in restored { Glibc.signal(signal, SIG_DFL) }
    }

    /// Ends every running tool's group (async-signal-safe: atomic loads and kill); a reaper's
    /// is told to end, which it does at once, with all it watches.
    public static func endRunning() {
        eachSlot { slot in
            let value = slot.load(ordering: .sequentiallyConsistent)
            if value & reaperMark != 0 {
                kill(-(value & ~reaperMark), SIGTERM)
            } else if value > 0 {
                kill(-value, SIGKILL)
            }
            return false
        }
    }

    /// The groups watched, four at most (atomics, for a signal handler to read).
    private static let slot0 = Atomic<pid_t>(0)
    private static let slot1 = Atomic<pid_t>(0)
    private static let slot2 = Atomic<pid_t>(0)
    private static let slot3 = Atomic<pid_t>(0)

    /// `body` on each slot in turn, until it returns true.
    private static func eachSlot(_ body: (borrowing Atomic<pid_t>) -> Bool) {
        if body(slot0) || body(slot1) || body(slot2) { return }
        _ = body(slot3)
    }
    private static let installed = Mutex<(tools: Int, signals: [Int32])>((0, []))
    private static let registerAtExit: Void = { atexit { ToolGroup.endRunning() } }()
}
