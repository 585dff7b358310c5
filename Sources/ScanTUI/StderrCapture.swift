import Glibc

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
        var template = Array("/tmp/qrtui-stderr-XXXXXX".utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let saved = dup(target)
        guard saved >= 0, dup2(file, target) >= 0 else {
            close(file)
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
        dup2(saved, target)
        close(saved)
        defer { close(file) }
        var text = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while true {
            let n = pread(file, &chunk, chunk.count, offset)
            guard n > 0 else { break }
            text += chunk.prefix(n)
            offset += off_t(n)
        }
        return String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { verbose || !StderrFilter.isLibraryChatter($0) }
    }
}
