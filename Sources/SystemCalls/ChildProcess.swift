import CSystem
import FrameCore
import Glibc

/// Other programs started with posix_spawn: clipboard tools, the opener, tmux in tests.
/// The setup (descriptors, a clean signal mask and default handlers, the environment)
/// exists here once.
public enum ChildProcess {
    /// Where one of the child's standard descriptors comes from or goes.
    public enum Stream: Sendable {
        case null
        case inherit
        case file(String)
        case descriptor(Int32)
    }

    /// Starts `path` with `arguments` (argv[0] is `name`, else `path`). `environment` nil
    /// passes this process's own. Signals are unblocked and reset to their defaults in the
    /// child: qrtui blocks and catches some for its own loop.
    public static func spawn(
        _ path: String, _ arguments: [String], named name: String? = nil, environment: [String: String]? = nil,
        stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null, newSession: Bool = false,
        ownGroup: Bool = false
    ) throws(Errno) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, stream) in [(STDIN_FILENO, stdin), (STDOUT_FILENO, stdout), (STDERR_FILENO, stderr)] {
            let flags = fd == STDIN_FILENO ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", flags, 0o600)
            case .inherit: break
            case .file(let file): posix_spawn_file_actions_addopen(&actions, fd, file, flags, 0o600)
            case .descriptor(let source): posix_spawn_file_actions_adddup2(&actions, source, fd)
            }
        }
        // Nothing else of ours goes with it: a descriptor another thread has open at this moment
        // (a file being written, a pipe's end) would live on in the child and in what it leaves
        // running (xclip, a tmux server): a script being written could not be run ("text file
        // busy"), a pipe would not see its end.
        posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        var all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        // A session of its own: the first terminal it opens (a pseudoterminal) becomes its own.
        let session = newSession ? Int32(QRTUI_POSIX_SPAWN_SETSID) : 0
        // A group of its own (its pid the group's): what it starts can be ended with it.
        let group = ownGroup ? Int32(POSIX_SPAWN_SETPGROUP) : 0
        if ownGroup { posix_spawnattr_setpgroup(&attributes, 0) }
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | session | group))
        // Arguments go as the bytes they stand for (a file name that is not UTF-8: `ArgumentBytes`).
        let argv = ([name ?? path] + arguments).map { ArgumentBytes.withSystemPath($0) { strdup($0) } } + [nil]
        defer { for argument in argv { free(argument) } }
        let variables = environment ?? ProcessEnvironment.all
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in envp { free(variable) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else { throw Errno(rawValue: status) }
        return pid
    }

    /// Starts `path` with `input` on its stdin, without waiting for it to end (xclip stays
    /// to serve the selection). A program that exits without reading is no failure.
    public static func feed(
        _ path: String, _ arguments: [String], input: [UInt8],
        environment: [String: String]? = nil
    ) throws(Errno) -> pid_t {
        let ends = try Syscall.pipe()
        defer { Syscall.close(ends.write) }
        let pid: pid_t
        do {
            pid = try spawn(path, arguments, environment: environment, stdin: .descriptor(ends.read))
        } catch {
            Syscall.close(ends.read)
            throw error
        }
        Syscall.close(ends.read)
        try? Syscall.writeAll(ends.write, input)  // EPIPE: it did not want it all
        return pid
    }

    /// How a child ended.
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
        /// Still running at the deadline; it was killed (SIGKILL).
        case killedAtDeadline

        /// "exit status 1", "killed by signal 9", "did not end in time".
        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "killed by signal \(signal)"
            case .killedAtDeadline: "did not end in time"
            }
        }

        /// The shell's way of putting it: the exit status, or 128 + the signal.
        public var shellStatus: Int32 {
            switch self {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            case .killedAtDeadline: -1
            }
        }
    }

    /// Waits for `pid` until `deadline` (monotonic seconds; nil waits for ever), polling so
    /// that a child that leaves daemons behind (tmux) is still seen to end.
    public static func wait(_ pid: pid_t, until deadline: Double? = nil) -> Ending {
        waitMeasured(pid, until: deadline).ending
    }

    /// `wait`, and the child's peak resident memory (kilobytes): its VmHWM in /proc, read as it
    /// runs (wait4's rusage would count the memory of the process that started it as well:
    /// a child starts as a copy of its parent).
    public static func waitMeasured(_ pid: pid_t, until deadline: Double? = nil) -> (ending: Ending, peakKilobytes: Int)
    {
        var status: Int32 = 0
        var peak = 0
        while true {
            peak = max(peak, peakKilobytes(pid))
            let done = Syscall.retryingEINTR { waitpid(pid, &status, WNOHANG) }
            if done == pid { break }
            if done < 0 { return (.exited(-1), peak) }
            if let deadline, MonotonicClock.now() > deadline {
                kill(pid, SIGKILL)
                _ = Syscall.retryingEINTR { waitpid(pid, &status, 0) }
                return (.killedAtDeadline, peak)
            }
            usleep(2_000)
        }
        return (status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F), peak)
    }

    /// A running process's peak resident memory so far (VmHWM, kilobytes); 0 when unknown, and
    /// while it is still this program (not yet past its exec).
    public static func peakKilobytes(_ pid: pid_t) -> Int {
        // The parent of a posix_spawn wakes as the child's exec lets go of the parent's memory,
        // a moment before the child takes its own: read then, the peak would be the parent's.
        guard let own = Syscall.status(of: "/proc/self/exe"), let its = Syscall.status(of: "/proc/\(pid)/exe"),
            own.st_ino != its.st_ino || own.st_dev != its.st_dev
        else { return 0 }
        guard let fd = try? Syscall.open("/proc/\(pid)/status", O_RDONLY) else { return 0 }
        defer { Syscall.close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { (try? Syscall.read(fd, into: $0)) ?? 0 }
        let text = String(decoding: bytes.prefix(count), as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.dropFirst(6).filter(\.isNumber)) ?? 0
    }
}

/// The process's environment as a dictionary (names to values).
public enum ProcessEnvironment {
    public static var all: [String: String] {
        var result = [String: String]()
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

extension ChildProcess {
    /// What a program said and how it ended.
    public struct Conversation: Sendable {
        public var ending: Ending
        /// Its stdout and stderr together, the first `limit` bytes.
        public var output: [UInt8]
    }

    /// Runs `path` to its end: `input` on its stdin (never on its command line, where any
    /// process can read it), its stdout and stderr kept (the first `limit` bytes), killed at
    /// `deadline` (monotonic seconds).
    public static func converse(
        _ path: String, _ arguments: [String], input: [UInt8], environment: [String: String]? = nil,
        limit: Int = 4096, deadline: Double
    ) throws(Errno) -> Conversation {
        let stdin = try Syscall.pipe()
        let stdout: (read: Int32, write: Int32)
        do { stdout = try Syscall.pipe() } catch {
            Syscall.close(stdin.read)
            Syscall.close(stdin.write)
            throw error
        }
        let pid: pid_t
        do {
            pid = try spawn(
                path, arguments, environment: environment, stdin: .descriptor(stdin.read),
                stdout: .descriptor(stdout.write), stderr: .descriptor(stdout.write))
        } catch {
            [stdin.read, stdin.write, stdout.read, stdout.write].forEach(Syscall.close)
            throw error
        }
        Syscall.close(stdin.read)
        Syscall.close(stdout.write)
        try? Syscall.writeAll(stdin.write, input)  // EPIPE: it did not want it all
        Syscall.close(stdin.write)
        let output = collect(stdout.read, limit: limit, deadline: deadline)
        Syscall.close(stdout.read)
        return Conversation(ending: wait(pid, until: deadline), output: output)
    }

    /// Reads `fd` to its end or the deadline, keeping the first `limit` bytes.
    static func collect(_ fd: Int32, limit: Int, deadline: Double) -> [UInt8] {
        var kept = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while MonotonicClock.now() < deadline {
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            let wait = Int32(max(1, min(1000, (deadline - MonotonicClock.now()) * 1000)))
            guard (try? Syscall.poll(&fds, milliseconds: wait)) ?? 0 > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { (try? Syscall.read(fd, into: $0)) ?? 0 }
            if count <= 0 { break }
            kept += chunk.prefix(min(count, max(0, limit - kept.count)))
        }
        return kept
    }
}

/// A pseudoterminal for a child that needs a terminal of its own (the latency benchmark
/// drives the live screen through one): its master end, and the path of its slave.
public struct Pseudoterminal: Sendable {
    public let master: Int32
    public let slavePath: String

    public init(columns: Int, rows: Int) throws(Errno) {
        var path = [CChar](repeating: 0, count: 128)
        let fd = qrtui_open_pseudoterminal(Int32(columns), Int32(rows), &path, path.count)
        guard fd >= 0 else { throw Errno.current }
        master = fd
        slavePath = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
