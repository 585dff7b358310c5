import Glibc
import Overlay
import Synchronization
import SystemCalls

/// stdout carries codes only; every message goes to stderr with the program's name. Both
/// take `TerminalText` only, so what came from outside is escaped on its way.
enum Console {
    /// Where qrtui's own messages go: stderr, or the real stderr while libraries' output is
    /// filtered (`StderrFilter`).
    static let messages = Atomic<Int32>(STDERR_FILENO)

    static func message(_ text: TerminalText) {
        write(messages.load(ordering: .acquiring), Array("qrtui: \(text.escaped)\n".utf8))
    }

    /// A line other code wrote (a library's warning), made safe.
    static func raw(_ line: String) {
        write(messages.load(ordering: .acquiring), Array("\(VisibleText.escaping(line))\n".utf8))
    }

    /// Text for a person on stdout (a device list), made safe.
    static func print(_ text: TerminalText) {
        write(STDOUT_FILENO, Array("\(text.escaped)\n".utf8))
    }

    /// Writes and flushes at once, so each code is visible to a pipe as soon as it is read.
    static func output(_ bytes: [UInt8]) {
        write(STDOUT_FILENO, bytes)
    }

    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    /// Messages reach a person at a terminal (not a log).
    static var messagesAreSeen: Bool { isatty(messages.load(ordering: .acquiring)) == 1 }

    /// Writes every byte; a reader that went away ends it quietly (there is no one to tell).
    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        try? Syscall.writeAll(fd, bytes)
    }
}

/// The process exit statuses DESIGN.md defines (zbarimg's where they overlap).
extension Console {
    /// "2" or "2.5": seconds as a person would write them.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

enum ExitStatus: Int32 {
    case read = 0, failure = 1, usage = 2, nothingRead = 4
}
