import Glibc
import Overlay
import SystemCalls

/// stdout carries codes only; every message goes to stderr with the program's name.
enum Console {
    static func message(_ text: String) {
        write(STDERR_FILENO, Array("qrtui: \(text)\n".utf8))
    }

    /// A line other code wrote, its control characters made visible.
    static func raw(_ line: String) {
        write(STDERR_FILENO, Array("\(VisibleText.escaping(line))\n".utf8))
    }

    /// Writes and flushes at once, so each code is visible to a pipe as soon as it is read.
    static func output(_ bytes: [UInt8]) {
        write(STDOUT_FILENO, bytes)
    }

    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Writes every byte; a reader that went away ends it quietly (there is no one to tell).
    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        try? Syscall.writeAll(fd, bytes)
    }
}

/// The process exit statuses DESIGN.md defines (zbarimg's where they overlap).
enum ExitStatus: Int32 {
    case read = 0, failure = 1, usage = 2, nothingRead = 4
}
