import CSystem
import Glibc
import Synchronization

/// What an `--exec` hook starts ends with it, even in a session of its own (setsid escapes
/// the process group qrtui ends). Each hook runs under a reaper: qrtui itself, started again
/// as `qrtui-hook-reaper` (its argv[0]), made the subreaper of what it starts
/// (PR_SET_CHILD_SUBREAPER): whatever the hook leaves orphaned becomes the reaper's child,
/// wherever it went, and is killed, with everything it started, once the hook has ended, or
/// when the reaper is told to end (SIGTERM: qrtui's deadline or end; its own end too).
public enum HookReaper {
    /// The argv[0] that makes qrtui the reaper (nobody types it by chance).
    public static let name = "qrtui-hook-reaper"

    /// The reaper's arguments for `path` with `arguments`.
    static func arguments(running path: String, _ arguments: [String]) -> [String] { [path] + arguments }

    /// The program to start as the reaper: this very binary.
    static let executable = "/proc/self/exe"

    private static let told = Atomic<Bool>(false)

    /// Runs as the reaper: `arguments` are the hook's path and its arguments; ends as the hook
    /// ended (its exit status, or its signal), once nothing it started is left.
    public static func run(_ arguments: [String]) -> Never {
        guard let path = arguments.first else { exit(127) }
        _ = qrtui_become_subreaper(SIGTERM)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in HookReaper.told.store(true, ordering: .relaxed) }
        // No SA_RESTART: a wait is cut short, and the reaper ends everything at once.
        sigaction(SIGTERM, &action, nil)
        let hook: pid_t
        do {
            hook = try ChildProcess.spawn(
                path, Array(arguments.dropFirst()), stdin: .inherit, stdout: .inherit, stderr: .inherit)
        } catch {
            _ = try? Syscall.writeAll(STDERR_FILENO, Array("cannot run \(path): \(error.message)\n".utf8))
            exit(127)
        }
        var ending: Int32?
        while ending == nil && !told.load(ordering: .relaxed) {
            var status: Int32 = 0
            let reaped = waitpid(-1, &status, 0)
            if reaped == hook { ending = status }
            if reaped < 0 && errno == ECHILD { break }
        }
        endDescendants()
        guard let status = ending else { exit(128 + SIGTERM) }
        if status & 0x7F == 0 { exit((status >> 8) & 0xFF) }
        // Ended by a signal: the reaper ends by it too, so qrtui tells it as the hook's.
        signal(status & 0x7F, SIG_DFL)
        raise(status & 0x7F)
        exit(128 + (status & 0x7F))
    }

    /// Kills every child until there is none: each one killed hands its own orphans to the
    /// reaper, and no child left (ECHILD) means no descendant is.
    static func endDescendants() {
        while true {
            for child in children() { kill(child, SIGKILL) }
            var status: Int32 = 0
            let reaped = waitpid(-1, &status, 0)
            if reaped < 0 && errno != EINTR { return }
        }
    }

    /// The processes whose parent is this one (from /proc: each one's stat).
    static func children() -> [pid_t] {
        let me = getpid()
        guard let folder = opendir("/proc") else { return [] }
        defer { closedir(folder) }
        var found = [pid_t]()
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(name), parent(of: pid) == me else { continue }
            found.append(pid)
        }
        return found
    }

    /// The parent of `pid`: the fourth field of /proc/PID/stat, after the name in parentheses.
    static func parent(of pid: pid_t) -> pid_t? {
        guard let fd = try? Syscall.open("/proc/\(pid)/stat", O_RDONLY) else { return nil }
        defer { Syscall.close(fd) }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = bytes.withUnsafeMutableBytes { (try? Syscall.read(fd, into: $0)) ?? 0 }
        guard let close = bytes.prefix(count).lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = bytes[(close + 1)..<count].split(separator: UInt8(ascii: " "))
        return fields.count > 1 ? pid_t(String(decoding: fields[1], as: UTF8.self)) : nil
    }
}
