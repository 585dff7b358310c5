import CSystem
import Glibc
import Synchronization

/// What libraries write with fprintf(stderr) (zbar's warnings, libv4l2's complaints) handed
/// over a line at a time, while descriptor 2 stays the real stderr: Swift's runtime writes
/// there directly, so its last words before an abort are never held in a pipe that dies with
/// the process.
public enum StderrLines {
    private struct Diversion: @unchecked Sendable {  // the streams are used under the lock only
        var pending: [UInt8] = []
        let handler: @Sendable (String) -> Void
        let stream: UnsafeMutablePointer<FILE>
        let original: UnsafeMutablePointer<FILE>
    }

    private static let diversion = Mutex<Diversion?>(nil)

    /// Sends each line written to the C stderr stream to `handler` until `restore`. False when
    /// the stream cannot be made (stderr is left as it is).
    public static func divert(to handler: @escaping @Sendable (String) -> Void) -> Bool {
        diversion.withLock { current in
            guard current == nil else { return false }
            let functions = qrtui_cookie_functions(
                read: nil,
                write: { _, bytes, count in
                    guard let bytes, count > 0 else { return 0 }
                    StderrLines.take(UnsafeRawBufferPointer(start: bytes, count: count))
                    return count
                }, seek: nil, close: nil)
            guard let stream = qrtui_fopencookie(nil, "w", functions) else { return false }
            setvbuf(stream, nil, _IONBF, 0)  // each write comes at once, lines assembled here
            fflush(nil)
            current = Diversion(handler: handler, stream: stream, original: qrtui_swap_stderr(stream))
            return true
        }
    }

    /// Puts the stderr stream back, handing over an unfinished last line.
    public static func restore() {
        fflush(nil)
        let ended = diversion.withLock { current -> Diversion? in
            guard let ending = current else { return nil }
            _ = qrtui_swap_stderr(ending.original)
            current = nil
            return ending
        }
        guard let ended else { return }
        fclose(ended.stream)
        if !ended.pending.isEmpty { ended.handler(String(decoding: ended.pending, as: UTF8.self)) }
    }

    private static func take(_ bytes: UnsafeRawBufferPointer) {
        let (lines, handler) = diversion.withLock { current -> ([String], (@Sendable (String) -> Void)?) in
            guard current != nil else { return ([], nil) }
            current!.pending += bytes
            var lines: [String] = []
            while let newline = current!.pending.firstIndex(of: 0x0A) {
                lines.append(String(decoding: current!.pending[..<newline], as: UTF8.self))
                current!.pending.removeSubrange(...newline)
            }
            return (lines, current!.handler)
        }
        for line in lines { handler?(line) }
    }
}

/// Process-wide handling of failures Swift cannot recover from.
public enum FatalFailures {
    /// An allocation that fails ends qrtui with exit 1 and a line saying so (see the shim).
    public static func exitWhenMemoryRunsOut() { qrtui_exit_when_memory_runs_out() }

    /// The run's ending is decided (`status`): memory running out from now on ends with it.
    public static func memoryRunningOutEnds(with status: Int32) { qrtui_set_memory_exit_status(status) }
}
