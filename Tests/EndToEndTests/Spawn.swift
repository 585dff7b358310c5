import CaptureKit
import Foundation
import FrameCore
import Glibc

/// Starts programs with posix_spawn and waits with waitpid: Foundation's Process can miss
/// the exit of a child that leaves a daemon behind (tmux), and then waits for ever.
enum Spawn {
    struct Result {
        var status: Int32
        var timedOut: Bool
    }

    /// Runs `path` with `arguments`; stdin, stdout and stderr go to the given files
    /// (nil: /dev/null). Kills it if it runs past `deadline` seconds.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                    stdin: String? = nil, stdout: String? = nil, stderr: String? = nil,
                    deadline seconds: Double = 30) -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { env.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, &attributes, argv, env) == 0 else {
            return Result(status: -1, timedOut: false)
        }
        let end = MonotonicClock.now() + seconds
        var status: Int32 = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if MonotonicClock.now() > end {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return Result(status: -1, timedOut: true)
            }
            usleep(2_000)
        }
        let exited = status & 0x7F == 0
        return Result(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), timedOut: false)
    }
}
