import Glibc
import Overlay
import SystemCalls

/// Headless runs: libraries' own chatter on stderr (zbar's internal "WARNING: decoder/...
/// Assertion failed" lines, libv4l2's complaints) is held back unless `-v` asked for it; any
/// other line a library writes is passed on, made safe. qrtui's own messages are written to
/// descriptor 2 directly, so they are not filtered, nor escaped twice.
final class StderrFilter: Sendable {
    init?(verbose: Bool) {
        guard StderrLines.divert(to: { line in Self.pass(line, verbose: verbose) }) else { return nil }
    }

    private static func pass(_ line: String, verbose: Bool) {
        guard verbose || !isLibraryChatter(line) else { return }
        Console.raw(line)
    }

    /// zbar's internal assertions ("WARNING: decoder/databar.c:1265: ..." and the indented
    /// detail after them) and libv4l2's and libv4lconvert's complaints.
    static func isLibraryChatter(_ line: String) -> Bool {
        line.hasPrefix("WARNING: decoder/") || line.hasPrefix("WARNING: qrcode/") || line.hasPrefix("\t")
            || line.hasPrefix("libv4l") || line.hasPrefix("v4l-convert:")
            || line.contains("Failed to query video capabilities")
    }

    /// Puts the stderr stream back and passes on an unfinished last line.
    func finish() { StderrLines.restore() }
}
