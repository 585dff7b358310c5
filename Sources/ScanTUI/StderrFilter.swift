import Foundation
import Glibc
import Overlay
import Synchronization
import SystemCalls

/// Headless runs: libraries' own chatter on stderr (zbar's internal "WARNING: decoder/...
/// Assertion failed" lines, libv4l2's complaints) is held back unless `-v` asked for it; any
/// other line a library writes is passed on, made safe. qrtui's own messages go straight to
/// the real stderr (`Console.messages`), so they are not filtered, nor escaped twice.
final class StderrFilter: Sendable {
    private let saved: Int32
    private let finished = DispatchSemaphore(value: 0)

    init?(verbose: Bool) {
        guard let ends = try? Syscall.pipe() else { return nil }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0, dup2(ends.write, STDERR_FILENO) >= 0 else {
            close(ends.read); close(ends.write)
            return nil
        }
        close(ends.write)
        self.saved = saved
        Console.messages.store(saved, ordering: .releasing)
        let input = ends.read, finished = self.finished
        let thread = Thread {
            defer { finished.signal() }
            var pending = [UInt8]()
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(input, &chunk, chunk.count)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                pending += chunk.prefix(n)
                while let newline = pending.firstIndex(of: 0x0A) {
                    Self.pass(String(decoding: pending[..<newline], as: UTF8.self), to: saved, verbose: verbose)
                    pending.removeSubrange(...newline)
                }
            }
            if !pending.isEmpty { Self.pass(String(decoding: pending, as: UTF8.self), to: saved, verbose: verbose) }
            close(input)
        }
        thread.name = "qrtui stderr"
        thread.start()
    }

    private static func pass(_ line: String, to fd: Int32, verbose: Bool) {
        guard verbose || !isLibraryChatter(line) else { return }
        Console.write(fd, Array("\(VisibleText.escaping(line))\n".utf8))
    }

    /// zbar's internal assertions ("WARNING: decoder/databar.c:1265: ..." and the indented
    /// detail after them) and libv4l2's and libv4lconvert's complaints.
    static func isLibraryChatter(_ line: String) -> Bool {
        line.hasPrefix("WARNING: decoder/") || line.hasPrefix("WARNING: qrcode/") || line.hasPrefix("\t")
            || line.hasPrefix("libv4l") || line.hasPrefix("v4l-convert:") || line.contains("Failed to query video capabilities")
    }

    /// Puts stderr back and passes on what is left (waits at most a moment for it).
    func finish() {
        fflush(nil)
        dup2(saved, STDERR_FILENO)  // the pipe's last writer closes: the reader ends
        Console.messages.store(STDERR_FILENO, ordering: .releasing)
        _ = finished.wait(timeout: .now() + 1)
        close(saved)
    }
}
