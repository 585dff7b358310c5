import Glibc
import Overlay
import SystemCalls

/// Every message goes to stderr with the program's name, as `TerminalText` only, so what came
/// from outside is escaped on its way (stdout is `StandardOutput`'s).
enum Console {
    static func message(_ text: TerminalText) {
        write(STDERR_FILENO, Array("qrtui: \(text.escaped)\n".utf8))
    }

    /// A line other code wrote (a library's warning), made safe.
    static func raw(_ line: String) {
        write(STDERR_FILENO, Array("\(VisibleText.escaping(line))\n".utf8))
    }

    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    /// Messages reach a person at a terminal (not a log).
    static var messagesAreSeen: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes every byte of a message; if stderr is gone there is no one to tell.
    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        try? Syscall.writeAll(fd, bytes)
    }
}

/// stdout, which carries codes only: made once by main and handed to what prints (one thread).
/// Each write is flushed at once, so a pipe sees each code as soon as it is read. A write that
/// fails (a full disk, a closed stdout) is kept: what was to be printed was lost, which the
/// run's end says (`lost`), and a headless run stops at once.
final class StandardOutput {
    private(set) var lost: Errno?
    /// qrtui was started with stdout closed (`>&-`): /dev/null holds its place (`StandardDescriptors`).
    private let closedAtStart: Bool

    init(closedAtStart: Bool = false) { self.closedAtStart = closedAtStart }

    func write(_ bytes: [UInt8]) {
        guard lost == nil else { return }
        do throws(Errno) {
            guard !closedAtStart else { throw Errno.badDescriptor }
            try Syscall.writeAll(STDOUT_FILENO, bytes)
        } catch {
            lost = error
        }
    }

    /// Text for a person (a device list), made safe.
    func print(_ text: TerminalText) { write(Array("\(text.escaped)\n".utf8)) }
}

/// The process exit statuses, as `--help` lists them (zbarimg's where they overlap).
enum ExitStatus: Int32 {
    case read = 0, failure = 1, usage = 2, nothingRead = 4
}
