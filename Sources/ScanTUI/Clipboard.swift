import CodeMeaning
import FrameCore
import Glibc
import SystemCalls

/// Copies the last code: OSC 52 to the terminal (works over SSH and, with
/// `set -g set-clipboard on`, through tmux), plus wl-copy, xclip or xsel when a display is
/// there and the tool is installed.
struct Clipboard {
    let environment: [String: String]

    /// ESC ] 52 ; c ; BASE64 BEL: the terminal puts the bytes on its clipboard.
    static func osc52(_ bytes: [UInt8]) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + Array(Base64.encode(bytes).utf8) + [0x07]
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

    private func find(_ name: String) -> String? { ProgramPath.find(name, in: environment) }

    /// Inside tmux: into its paste buffer, and with `-w` (tmux 3.2 and later) on to the outer
    /// terminal's clipboard, which tmux's default `set-clipboard external` allows to tmux
    /// itself but not to OSC 52 from a program. The channel's name, or nil when it failed.
    func viaTmux(_ bytes: [UInt8]) -> String? {
        guard environment["TMUX"].map({ !$0.isEmpty }) == true, let tmux = find("tmux") else { return nil }
        for arguments in [["load-buffer", "-w", "-"], ["load-buffer", "-"]] {
            guard let pid = try? ChildProcess.feed(tmux, arguments, input: bytes) else { return nil }
            if ChildProcess.wait(pid, until: MonotonicClock.now() + 2) == .exited(0) {
                return arguments.contains("-w") ? "tmux" : "tmux buffer"
            }
        }
        return nil
    }

    /// Hands the bytes to an external tool on its stdin; true when it was started.
    static func run(_ tool: (name: String, arguments: [String]), input: [UInt8]) -> Bool {
        (try? ChildProcess.feed(tool.name, tool.arguments, input: input)) != nil
    }

    /// What the status line says after copying.
    static func notice(bytes: Int, via channels: [String]) -> String {
        "copied \(bytes) byte\(bytes == 1 ? "" : "s") (\(channels.joined(separator: ", ")))"
    }
}
