import CaptureKit
import CodeReading
import Glibc
import Overlay
import SystemCalls

/// This run's distinct codes in the order they were first read, each with how often it was
/// announced (a code out of sight for a while and back counts again).
struct CodeHistory: Sendable {
    struct Entry: Sendable {
        let code: DetectedCode
        /// The frame it was first read in.
        let frame: Int
        /// Seconds since 1970.
        let firstRead: Double
        var count: Int
    }

    private(set) var entries: [Entry] = []

    mutating func add(_ code: DetectedCode, frame: Int, at time: Double = WallClock.now()) {
        if let index = entries.firstIndex(where: { $0.code.identity == code.identity }) {
            entries[index].count += 1
        } else {
            entries.append(Entry(code: code, frame: frame, firstRead: time, count: 1))
        }
    }
}

/// `--history FILE`: every announced code appended as a JSON line. The file is opened with
/// O_APPEND and each line goes in one write, so a crash (even SIGKILL) never leaves a torn
/// or lost earlier line. A FIFO is refused (its open or its writes would wait for a reader);
/// a device (/dev/null) is written as a file.
final class HistoryFile: @unchecked Sendable {  // the descriptor is written by one thread
    let path: String
    private let descriptor: Int32
    /// The first write that failed: the codes after it are not in the file.
    private(set) var failure: Errno?

    init(path: String) throws(CaptureError) {
        self.path = path
        do {
            descriptor = try Syscall.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, mode: 0o644)
        } catch {
            // A FIFO with no reader refuses a non-blocking open with ENXIO.
            if error == Errno(rawValue: ENXIO), Self.kind(of: path) == S_IFIFO { throw Self.notAFile(path) }
            throw .system(operation: "open", path: path, errno: error)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG || info.st_mode & S_IFMT == S_IFCHR else {
            Syscall.close(descriptor)
            throw Self.notAFile(path)
        }
        _ = fcntl(descriptor, F_SETFL, O_APPEND)  // writes wait for the disk as usual
    }

    deinit { Syscall.close(descriptor) }

    private static func kind(of path: String) -> mode_t? {
        Syscall.status(of: path).map { $0.st_mode & S_IFMT }
    }

    private static func notAFile(_ path: String) -> CaptureError {
        .malformed(path: path, detail: "not a file to append to (a FIFO, socket or directory)")
    }

    /// Appends one code; false (and `failure` kept) when the write failed.
    func append(_ code: DetectedCode, frame: Int, source: String) -> Bool {
        let printer = CodePrinter(format: .json, toTerminal: false)
        let line = Array((printer.json(for: code, frame: frame, source: source) + "\n").utf8)
        do throws(Errno) {
            try Syscall.writeAll(descriptor, line)
            return true
        } catch {
            failure = failure ?? error
            return false
        }
    }

    /// What to say of a failed write: "cannot write to h.jsonl: No space left on device (the
    /// --history file)", as it came (the screen escapes it) and made safe for stderr.
    var failureText: String? { failure.map { "cannot write to \(path): \($0.message) (the --history file)" } }
    var failureMessage: TerminalText? { failureText.map(TerminalText.init(escaping:)) }
}
