import FrameCore
import Glibc
import SystemCalls

/// How qrtui was started, across the one re-exec it may make.
enum Launch {
    static let startedVariable = "QRTUI_STARTED_AT"

    /// When the user started qrtui (monotonic seconds): `--timeout` counts from here, even
    /// after a re-exec.
    static let started: Double = {
        // Read once and removed, so that no program qrtui starts inherits it.
        defer { unsetenv(startedVariable) }
        if let text = getenv(startedVariable).map({ String(cString: $0) }), let value = Double(text),
            value <= MonotonicClock.now()
        {
            return value
        }
        return MonotonicClock.now()
    }()

    /// Swift's backtracer, on a crash, would wait 30 s for a key on the terminal (it is
    /// interactive when it sees one): before the screen is drawn, qrtui starts itself again
    /// once with it told not to, and to write to stderr. The runtime reads the setting only
    /// at start, hence the exec; headless runs skip it (and its cost).
    static func settleBacktraces() {
        guard getenv("SWIFT_BACKTRACE") == nil else { return }
        setenv("SWIFT_BACKTRACE", "interactive=no,output-to=stderr", 1)
        setenv(startedVariable, String(started), 1)
        _ = Syscall.replaceProcess(with: "/proc/self/exe", arguments: CommandLine.unsafeArgv)
        unsetenv(startedVariable)  // the exec failed: run on as things are
    }

    /// The moment `--timeout` ends, if one was given.
    static func deadline(_ timeout: Double?) -> Double? { timeout.map { started + $0 } }
}
