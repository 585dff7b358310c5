import FrameCore
import Glibc
import SystemCalls

/// Hands a link to the desktop: `$BROWSER` when it is set (as many tools do), else
/// `xdg-open`. The target is one argument, never a shell string, and the opener's output
/// goes nowhere (it must not draw into the screen).
struct Opener {
    let environment: [String: String]

    /// The program, found on PATH (or as given when it is a path).
    func program(_ name: String? = nil) -> String? {
        let name = name ?? environment["BROWSER"].flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
        return ProgramPath.find(name, in: environment)
    }

    /// `nmcli --ask device wifi connect SSID [hidden yes]`, each an argument of its own, the
    /// password on nmcli's stdin (`--ask` reads it there): never on a command line, which
    /// any process can read. Waits for nmcli to end (run it off the loop); what to tell the user
    /// (raw: the status line escapes it).
    func join(_ ssid: String, password: String?, hidden: Bool) -> String {
        guard let nmcli = program("nmcli") else { return "nmcli is not installed (NetworkManager)" }
        var arguments = ["--ask", "device", "wifi", "connect", ssid]
        if hidden { arguments += ["hidden", "yes"] }
        let input = password.map { Array(($0 + "\n").utf8) } ?? []
        guard
            let result = try? ChildProcess.converse(
                nmcli, arguments, input: input, environment: environment,
                deadline: MonotonicClock.now() + Self.joinDeadline)
        else {
            return "could not start nmcli"
        }
        switch result.ending {
        case .exited(0): return "joined \(ssid)"
        case .killedAtDeadline: return "nmcli did not join \(ssid) within \(Int(Self.joinDeadline)) s"
        case .exited(let status), .signalled(let status):
            let said = Self.lastLine(result.output).map { ": " + $0 } ?? ""
            let how = result.ending == .exited(status) ? "exit \(status)" : "signal \(status)"
            return "nmcli failed (\(how))\(said)"
        }
    }

    /// nmcli waits up to 90 s for a connection by default.
    static let joinDeadline = 100.0

    /// The last line a program wrote that says something.
    static func lastLine(_ output: [UInt8]) -> String? {
        String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { String($0.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
            .last { !$0.isEmpty }
    }

    /// Starts the opener on `target`; what to tell the user.
    func open(_ target: String) -> String {
        guard let program = program() else {
            return "no opener: set BROWSER or install xdg-utils"
        }
        let name = String(program.split(separator: "/").last ?? Substring(program))
        guard
            let pid = try? ChildProcess.spawn(program, [target], environment: environment, stdout: .null, stderr: .null)
        else {
            return "could not start \(name)"
        }
        Reaper.later(pid)
        return "ran \(name) \(target)"  // what ran, as it ran: one argument
    }
}

/// Openers run on their own; a thread of its own waits for each, so none stays a zombie
/// while the screen runs.
enum Reaper {
    static func later(_ pid: pid_t) {
        // Without a thread to spare, the child stays a zombie until qrtui ends: nothing worse.
        try? SystemThread.start("qrtui opener") { _ = ChildProcess.wait(pid) }
    }
}
