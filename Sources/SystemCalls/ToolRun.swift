import FrameCore
import Glibc

extension ChildProcess {
    /// What a program wrote, apart, and how it ended.
    public struct Output: Sendable {
        public var ending: Ending
        public var stdout: [UInt8]
        public var stderr: [UInt8]
    }

    /// Runs `path` to its end with `input` on its stdin (nil: nothing), keeping the first `limit`
    /// bytes of its stdout and 4 kB of its stderr (the rest is read and dropped). A screen grab
    /// or a clipboard's picture comes this way, and an `--exec` hook runs this way. It
    /// runs in a process group of its own (see `ToolGroup`): its output is taken once it has
    /// exited (a child it left holding its stdout is not waited for), then the group is ended;
    /// at `deadline` (monotonic seconds) the whole group is killed. `reaped`: it runs under a
    /// `HookReaper`, so that what it starts in a session of its own ends with it too.
    public static func run(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil, input: [UInt8]? = nil,
        limit: Int, deadline: Double, reaped underReaper: Bool = false
    ) throws(Errno) -> Output {
        let out = try Syscall.pipe()
        let err: (read: Int32, write: Int32)
        do { err = try Syscall.pipe() } catch {
            [out.read, out.write].forEach(Syscall.close)
            throw error
        }
        var feed: ToolInput?
        do { feed = try input.map { bytes throws(Errno) in try ToolInput(bytes) } } catch {
            [out.read, out.write, err.read, err.write].forEach(Syscall.close)
            throw error
        }
        let pid: pid_t
        do {
            let (program, words, name) =
                underReaper
                ? (HookReaper.executable, HookReaper.arguments(running: path, arguments), HookReaper.name)
                : (path, arguments, nil as String?)
            pid = try spawn(
                program, words, named: name, environment: environment,
                stdin: feed.map { .descriptor($0.childEnd) } ?? .null, stdout: .descriptor(out.write),
                stderr: .descriptor(err.write), ownGroup: true)
        } catch {
            [out.read, out.write, err.read, err.write].forEach(Syscall.close)
            feed?.close()
            throw error
        }
        ToolGroup.begin(pid, reaper: underReaper)
        defer { ToolGroup.end(pid) }
        [out.write, err.write].forEach(Syscall.close)
        feed?.closeChildEnd()
        defer {
            [out.read, err.read].forEach(Syscall.close)
            feed?.close()
        }
        for fd in [out.read, err.read] { _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
        var output = ToolOutput(descriptors: [out.read, err.read], limits: [limit, 4096])
        var ending: Ending?
        while ending == nil {
            feed?.write()
            output.poll(milliseconds: Int32(max(1, min(20, (deadline - MonotonicClock.now()) * 1000))))
            ending = reaped(pid)
            if ending == nil, MonotonicClock.now() > deadline { ending = killed(pid, reaper: underReaper) }
        }
        output.drain()
        return Output(ending: ending ?? .killedAtDeadline, stdout: output.kept[0], stderr: output.kept[1])
    }

    /// A tool's group killed at its deadline (a reaper first told to end what it watches).
    private static func killed(_ pid: pid_t, reaper: Bool) -> Ending {
        if reaper { endReaper(pid) }
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        _ = Syscall.retryingEINTR { waitpid(pid, &status, 0) }
        return .killedAtDeadline
    }

    /// Tells a reaper to end what it watches, and waits a moment for it to have done so.
    static func endReaper(_ pid: pid_t) {
        kill(pid, SIGTERM)
        let until = MonotonicClock.now() + 2
        while MonotonicClock.now() < until {
            var status: Int32 = 0
            if Syscall.retryingEINTR({ waitpid(pid, &status, WNOHANG) }) != 0 { return }
            usleep(2_000)
        }
    }

    /// How `pid` ended, if it has (reaped); nil while it runs.
    public static func reaped(_ pid: pid_t) -> Ending? {
        var status: Int32 = 0
        let done = Syscall.retryingEINTR { waitpid(pid, &status, WNOHANG) }
        if done < 0 { return .exited(-1) }
        guard done == pid else { return nil }
        return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
    }
}

/// What a tool is given on its stdin: a socket rather than a pipe, so that a tool that stops
/// reading (or exits) costs qrtui no SIGPIPE, written a little at a time beside its output.
struct ToolInput {
    private var bytes: [UInt8]
    private var sent = 0
    private var ours: Int32
    private(set) var childEnd: Int32

    init(_ bytes: [UInt8]) throws(Errno) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw Errno(rawValue: errno)
        }
        self.bytes = bytes
        ours = ends[0]
        childEnd = ends[1]
        shutdown(ours, Int32(SHUT_RD))
        if bytes.isEmpty { closeOurs() }
    }

    /// Sends what the socket takes now; closes it once all is sent, or the tool stopped reading.
    mutating func write() {
        guard ours >= 0 else { return }
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                send(ours, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if count > 0 {
                sent += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
                break
            }
        }
        closeOurs()
    }

    mutating func closeChildEnd() {
        if childEnd >= 0 { Syscall.close(childEnd) }
        childEnd = -1
    }

    private mutating func closeOurs() {
        if ours >= 0 { Syscall.close(ours) }
        ours = -1
    }

    mutating func close() {
        closeChildEnd()
        closeOurs()
    }
}

/// What a tool writes on its non-blocking pipes, each kept up to its limit.
struct ToolOutput {
    let descriptors: [Int32]
    let limits: [Int]
    var kept: [[UInt8]]
    private var open: [Bool]
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(descriptors: [Int32], limits: [Int]) {
        self.descriptors = descriptors
        self.limits = limits
        kept = descriptors.map { _ in [] }
        open = descriptors.map { _ in true }
    }

    /// Waits up to `milliseconds` for output, and takes what came.
    mutating func poll(milliseconds: Int32) {
        var fds = descriptors.indices.filter { open[$0] }.map {
            pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0)
        }
        guard !fds.isEmpty else {
            usleep(UInt32(milliseconds) * 1000)
            return
        }
        guard (try? Syscall.poll(&fds, milliseconds: milliseconds)) ?? 0 > 0 else { return }
        drain()
    }

    /// Takes everything waiting now, without waiting for more (nor for the end of the pipe).
    mutating func drain() {
        for index in descriptors.indices where open[index] {
            while true {
                let count = chunk.withUnsafeMutableBytes { raw -> Int in
                    let got = Glibc.read(descriptors[index], raw.baseAddress, raw.count)
                    return got < 0 && errno == EINTR ? -2 : got
                }
                if count == -2 { continue }
                if count == 0 { open[index] = false }
                guard count > 0 else { break }
                kept[index] += chunk.prefix(min(count, max(0, limits[index] - kept[index].count)))
            }
        }
    }
}
