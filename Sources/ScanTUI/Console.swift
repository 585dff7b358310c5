import Glibc
import Overlay

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

    /// Writes every byte (short writes and EINTR continue; a closed reader ends it).
    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }
}

/// The process exit statuses DESIGN.md defines (zbarimg's where they overlap).
enum ExitStatus: Int32 {
    case read = 0, failure = 1, usage = 2, nothingRead = 4
}
