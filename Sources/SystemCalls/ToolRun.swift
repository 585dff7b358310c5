import FrameCore
import Glibc

extension ChildProcess {
    /// What a program wrote, apart, and how it ended.
    public struct Output: Sendable {
        public var ending: Ending
        public var stdout: [UInt8]
        public var stderr: [UInt8]
    }

    /// Runs `path` to its end with nothing on its stdin, keeping the first `limit` bytes of its
    /// stdout and 4 kB of its stderr. A screen grab or a clipboard's picture comes this way. It
    /// runs in a process group of its own (see `ToolGroup`): its output is taken once it has
    /// exited (a child it left holding its stdout is not waited for), then the group is ended;
    /// at `deadline` (monotonic seconds) the whole group is killed.
    public static func run(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil, limit: Int, deadline: Double
    ) throws(Errno) -> Output {
        let out = try Syscall.pipe()
        let err: (read: Int32, write: Int32)
        do { err = try Syscall.pipe() } catch {
            [out.read, out.write].forEach(Syscall.close)
            throw error
        }
        let pid: pid_t
        do {
            pid = try spawn(
                path, arguments, environment: environment, stdout: .descriptor(out.write),
                stderr: .descriptor(err.write), ownGroup: true)
        } catch {
            [out.read, out.write, err.read, err.write].forEach(Syscall.close)
            throw error
        }
        ToolGroup.begin(pid)
        defer { ToolGroup.end(pid) }
        [out.write, err.write].forEach(Syscall.close)
        defer { [out.read, err.read].forEach(Syscall.close) }
        for fd in [out.read, err.read] { _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
        var output = ToolOutput(descriptors: [out.read, err.read], limits: [limit, 4096])
        var ending: Ending?
        while ending == nil {
            output.poll(milliseconds: Int32(max(1, min(20, (deadline - MonotonicClock.now()) * 1000))))
            ending = reaped(pid)
            if ending == nil, MonotonicClock.now() > deadline {
                kill(-pid, SIGKILL)
                var status: Int32 = 0
                _ = Syscall.retryingEINTR { waitpid(pid, &status, 0) }
                ending = .killedAtDeadline
            }
        }
        output.drain()
        return Output(ending: ending ?? .killedAtDeadline, stdout: output.kept[0], stderr: output.kept[1])
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
