import Glibc
import SystemCalls

/// While the screen is up, whatever libraries write to stderr (zbar prints internal
/// warnings there) would garble it: stderr goes to a hidden file meanwhile, and what is
/// worth reading is passed on once the terminal is restored.
final class StderrCapture {
    private let target: Int32
    /// The real stderr, kept while it is held back.
    let saved: Int32
    private let file: Int32

    /// Starts holding back what is written to `target` (stderr; tests use a descriptor of
    /// their own, so parallel tests keep theirs).
    init?(target: Int32 = STDERR_FILENO) {
        guard let file = try? Syscall.scratchFile() else { return nil }
        guard let saved = try? Syscall.duplicate(target) else {
            Syscall.close(file)
            return nil
        }
        do throws(Errno) {
            try Syscall.redirect(file, onto: target)
        } catch {
            Syscall.close(file)
            Syscall.close(saved)
            return nil
        }
        self.target = target
        self.saved = saved
        self.file = file
    }

    /// Puts the target back; returns the lines written meanwhile, without libraries' chatter
    /// unless `verbose`.
    func restore(verbose: Bool = false) -> [String] {
        fflush(nil)
        try? Syscall.redirect(saved, onto: target)
        Syscall.close(saved)
        defer { Syscall.close(file) }
        let text = (try? Syscall.contents(of: file)) ?? []
        return String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { verbose || !StderrFilter.isLibraryChatter($0) }
    }
}
