import CodeMeaning
import CodeReading
import FrameCore
import Overlay
import ScanOptions
import SystemCalls

/// `--exec CMD`: each code announced is handed to CMD, once: its payload on stdin, its type,
/// text, source and kind in `QRTUI_*` variables. CMD runs without a shell (its words as
/// `CommandWords` split them), one at a time on a thread of its own (later codes wait, so many
/// at most), in a process group ended at its deadline, under a reaper that ends whatever it
/// started in a session of its own (`HookReaper`). The run's deadline (`--timeout`) ends the
/// queue: runs not started by then are said not handed on. What it prints is read and dropped;
/// its failure is reported (stderr, or the status line) and never stops the scan. A code holding
/// a secret (a Wi-Fi password, a two-factor secret) is handed on only with `--exec-secrets`.
final class ExecHook: @unchecked Sendable {  // `queue` and `busy` are behind `lock`
    struct Settings: Sendable, Equatable {
        let command: [String]
        var timeout = 10.0
        var secrets = false
        /// The run's end (`--timeout`, monotonic seconds): no run goes on past it.
        var deadline: Double?
    }

    /// Codes waiting beyond the one running, at most: more are not handed on (and said so).
    static let mostWaiting = 16

    let settings: Settings
    /// qrtui's environment as it started: each run's, with the code's variables.
    private let environment: [String: String]
    private let report: @Sendable (String) -> Void
    /// Each run's start and end are reported too (the screen's status line), not only failures.
    private let tellsProgress: Bool
    private let lock = ConditionLock()
    private var queue: [(code: DetectedCode, source: String)] = []
    private var busy = false
    private var threadStarted = false

    /// The hook `options` ask for, if any.
    convenience init?(
        _ options: Options, tellsProgress: Bool = false, report: @escaping @Sendable (String) -> Void
    ) {
        guard let command = options.exec else { return nil }
        self.init(
            Settings(
                command: command, timeout: options.execTimeout, secrets: options.execSecrets,
                deadline: Launch.deadline(options.timeout)),
            environment: options.environment, tellsProgress: tellsProgress, report: report)
    }

    /// `report`: what the hook did that a person should know (a failure, a code not handed on).
    init(
        _ settings: Settings, environment: [String: String], tellsProgress: Bool = false,
        report: @escaping @Sendable (String) -> Void
    ) {
        self.settings = settings
        self.environment = environment
        self.tellsProgress = tellsProgress
        self.report = report
    }

    private var name: String { settings.command.first ?? "" }

    private var pastDeadline: Bool { settings.deadline.map { MonotonicClock.now() >= $0 } ?? false }

    /// Queues `code` for the hook; returns at once.
    func hand(_ code: DetectedCode, source: String) {
        guard settings.secrets || !TwoFactor.holdsSecret(code) else {
            report("--exec: \(name) not run for a code that holds a secret (--exec-secrets hands it on)")
            return
        }
        guard !pastDeadline else { return notHandedOn(1) }
        let accepted = lock.withLock {
            guard queue.count < Self.mostWaiting else { return false }
            queue.append((code, source))
            lock.broadcast()
            return true
        }
        guard accepted else {
            report("--exec: \(name) is behind by \(Self.mostWaiting) codes: this one is not handed on")
            return
        }
        startThread()
    }

    /// Waits until every code queued has had its run (each is bounded by the deadline).
    func finish() {
        lock.withLock {
            while busy || !queue.isEmpty { lock.wait() }
        }
    }

    private func startThread() {
        let start = lock.withLock {
            defer { threadStarted = true }
            return !threadStarted
        }
        guard start else { return }
        do throws(Errno) {
            try SystemThread.start("qrtui --exec") { [self] in serve() }
        } catch {
            // No thread to spare: the codes are run here, one after the other.
            lock.withLock { threadStarted = false }
            serve(untilEmpty: true)
        }
    }

    /// Codes the run's deadline left unrun.
    private func notHandedOn(_ count: Int) {
        report(
            "--exec: \(count) code\(count == 1 ? "" : "s") not handed on to \(name): the run's deadline came (--timeout)"
        )
    }

    private func serve(untilEmpty: Bool = false) {
        while true {
            let next: (job: (code: DetectedCode, source: String), waiting: Int)? = lock.withLock {
                while queue.isEmpty && !untilEmpty { lock.wait() }
                guard !queue.isEmpty else { return nil }
                busy = true
                return (queue.removeFirst(), queue.count)
            }
            guard let (job, waiting) = next else { return }
            if pastDeadline {
                let dropped = lock.withLock {
                    defer { queue.removeAll() }
                    return queue.count + 1
                }
                // Said before `finish` may return: qrtui could end before saying it.
                notHandedOn(dropped)
                lock.withLock {
                    busy = false
                    lock.broadcast()
                }
                continue
            }
            if tellsProgress { report("--exec: running \(name)" + (waiting > 0 ? " (\(waiting) waiting)" : "")) }
            if let failure = run(job.code, source: job.source) {
                report(failure)
            } else if tellsProgress {
                report("--exec: \(name) done")
            }
            lock.withLock {
                busy = false
                lock.broadcast()
            }
        }
    }

    /// One run; what went wrong, if anything.
    func run(_ code: DetectedCode, source: String) -> String? {
        var environment = self.environment
        guard let path = ProgramPath.find(name, in: environment) else {
            return "--exec: \(name) not found"
        }
        environment.merge(Self.variables(code, source: source)) { $1 }
        let ownDeadline = MonotonicClock.now() + settings.timeout
        let deadline = min(ownDeadline, settings.deadline ?? .infinity)
        let output: ChildProcess.Output
        do {
            output = try ChildProcess.run(
                path, Array(settings.command.dropFirst()), environment: environment, input: code.bytes, limit: 0,
                deadline: deadline, reaped: true)
        } catch {
            return "--exec: cannot run \(name): \(error.description)"
        }
        let said = Self.lastLine(output.stderr).map { ": " + $0 } ?? ""
        switch output.ending {
        case .exited(0): return nil
        case .exited(let status): return "--exec: \(name) exited \(status)\(said)"
        case .signalled(let signal): return "--exec: \(name) was ended by signal \(signal)\(said)"
        case .killedAtDeadline where deadline < ownDeadline:
            return "--exec: \(name) was stopped at the run's deadline (--timeout)"
        case .killedAtDeadline:
            return "--exec: \(name) was stopped after \(OptionTable.seconds(settings.timeout)) s (--exec-timeout)"
        }
    }

    /// The code as the hook's environment gives it: the source's name escaped as qrtui shows
    /// names (a hook that prints it prints no escape), QRTUI_TEXT only when it is text to print
    /// (no controls but tabs and newlines, no bidi or invisible characters, no line separators).
    static func variables(_ code: DetectedCode, source: String) -> [String: String] {
        var variables = [
            "QRTUI_TYPE": code.symbology.displayName, "QRTUI_SOURCE": VisibleText.escaping(source),
            "QRTUI_KIND": code.meaning.kind.rawValue,
        ]
        if code.encoding != .binary && VisibleText.isPrintable(code.text) { variables["QRTUI_TEXT"] = code.text }
        return variables
    }

    /// The last line a tool wrote on stderr, if any (it is escaped where it is shown).
    static func lastLine(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).last.map { String($0.prefix(200)) }
    }
}
