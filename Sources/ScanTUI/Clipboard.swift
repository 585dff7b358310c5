import Foundation
import Glibc

/// Copies the last code: OSC 52 to the terminal (works over SSH and, with
/// `set -g set-clipboard on`, through tmux), plus wl-copy, xclip or xsel when a display is
/// there and the tool is installed.
struct Clipboard {
    let environment: [String: String]

    /// ESC ] 52 ; c ; BASE64 BEL: the terminal puts the bytes on its clipboard.
    static func osc52(_ bytes: [UInt8]) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + Array(Data(bytes).base64EncodedString().utf8) + [0x07]
    }

    /// The external tool to use, if any: Wayland first, then X11.
    func tool() -> (name: String, arguments: [String])? {
        if environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) == true, let path = find("wl-copy") {
            return (path, [])
        }
        guard environment["DISPLAY"].map({ !$0.isEmpty }) == true else { return nil }
        if let path = find("xclip") { return (path, ["-selection", "clipboard"]) }
        if let path = find("xsel") { return (path, ["--clipboard", "--input"]) }
        return nil
    }

    private func find(_ name: String) -> String? {
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Hands the bytes to an external tool on its stdin; true when it was started.
    static func run(_ tool: (name: String, arguments: [String]), input: [UInt8]) -> Bool {
        ChildProcess.spawn(tool.name, arguments: tool.arguments, input: input)
    }

    /// What the status line says after copying.
    static func notice(bytes: Int, via channels: [String]) -> String {
        "copied \(bytes) byte\(bytes == 1 ? "" : "s") (\(channels.joined(separator: ", ")))"
    }
}

/// Starts a program with input on its stdin, without waiting for it (xclip stays to serve
/// the selection). Signals are reset in the child: qrtui blocks some for its own loop.
enum ChildProcess {
    static func spawn(_ path: String, arguments: [String], input: [UInt8]) -> Bool {
        let (readEnd, writeEnd) = Pipe.make()
        let ends = [readEnd, writeEnd]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        close(ends[0])
        defer { close(ends[1]) }
        guard status == 0 else { return false }
        Console.write(ends[1], input)
        return true
    }
}
