import Foundation
import FrameCore
import SystemCalls

/// Runs programs for the end-to-end tests through the project's own `ChildProcess`
/// (posix_spawn, then waitpid polled until a deadline: Foundation's Process can miss the exit
/// of a child that leaves a daemon behind, such as tmux, and then waits for ever).
enum Spawn {
    struct Result {
        var status: Int32
        var timedOut: Bool
        /// The child's peak resident memory, kilobytes.
        var peakKilobytes = 0
    }

    /// Runs `path` with `arguments`; stdin, stdout and stderr go to the given files
    /// (nil: /dev/null). Kills it if it runs past `deadline` seconds.
    static func run(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil,
        stdin: String? = nil, stdout: String? = nil, stderr: String? = nil,
        deadline seconds: Double = 30
    ) -> Result {
        func stream(_ file: String?) -> ChildProcess.Stream { file.map { .file($0) } ?? .null }
        guard
            let pid = try? ChildProcess.spawn(
                path, arguments, environment: environment ?? ProcessInfo.processInfo.environment,
                stdin: stream(stdin), stdout: stream(stdout), stderr: stream(stderr))
        else { return Result(status: -1, timedOut: false) }
        let (ending, peak) = ChildProcess.waitMeasured(pid, until: MonotonicClock.now() + seconds)
        return Result(status: ending.shellStatus, timedOut: ending == .killedAtDeadline, peakKilobytes: peak)
    }
}
