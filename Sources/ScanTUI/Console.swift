import Glibc
import Overlay
import Synchronization
import SystemCalls

/// stdout carries codes only; every message goes to stderr with the program's name. Both
/// take `TerminalText` only, so what came from outside is escaped on its way.
enum Console {
    static func message(_ text: TerminalText) {
        write(STDERR_FILENO, Array("qrtui: \(text.escaped)\n".utf8))
    }

    /// A line other code wrote (a library's warning), made safe.
    static func raw(_ line: String) {
        write(STDERR_FILENO, Array("\(VisibleText.escaping(line))\n".utf8))
    }

    /// Text for a person on stdout (a device list), made safe.
    static func print(_ text: TerminalText) {
        output(Array("\(text.escaped)\n".utf8))
    }

    /// Writes and flushes at once, so each code is visible to a pipe as soon as it is read.
    /// A write that fails (a full disk, a closed stdout) is kept: what was to be printed was
    /// lost, which the run's end says (`lostOutput`), and a headless run stops at once.
    static func output(_ bytes: [UInt8]) {
        guard lostOutput == nil else { return }
        do throws(Errno) {
            guard !stdoutWasClosed.load(ordering: .acquiring) else { throw Errno.badDescriptor }
            try Syscall.writeAll(STDOUT_FILENO, bytes)
        } catch {
            lost.withLock { $0 = $0 ?? error }
        }
    }

    /// Why stdout lost what was written to it, if it did.
    static var lostOutput: Errno? { lost.withLock { $0 } }
    private static let lost = Mutex<Errno?>(nil)
    /// qrtui was started with stdout closed (`>&-`): /dev/null holds its place (`StandardDescriptors`).
    static let stdoutWasClosed = Atomic<Bool>(false)

    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    /// Messages reach a person at a terminal (not a log).
    static var messagesAreSeen: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes every byte of a message; if stderr is gone there is no one to tell.
    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        try? Syscall.writeAll(fd, bytes)
    }
}

/// The process exit statuses, as `--help` lists them (zbarimg's where they overlap).
enum ExitStatus: Int32 {
    case read = 0, failure = 1, usage = 2, nothingRead = 4
}
