import FrameCore
import Glibc
import SystemCalls

/// Everything written to the terminal, in order, without ever blocking the loop: what the
/// terminal has not taken yet waits here and goes when it can (`flush`). A picture is only
/// offered when nothing waits (`idle`), so a terminal that reads slowly gets fewer pictures,
/// never a growing queue.
final class TerminalOutput {
    let descriptor: Int32
    private var pending: [UInt8] = []
    private var sent = 0
    /// The most bytes that ever waited at once (a test's check that the queue stays bounded).
    private(set) var mostWaiting = 0
    /// The terminal has gone (EIO, a hang-up): nothing more is written.
    private(set) var gone = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// The terminal has taken everything written so far.
    var idle: Bool { sent >= pending.count }

    /// Queues `bytes` behind what waits and writes what the terminal takes now.
    func send(_ bytes: [UInt8]) {
        guard !gone, !bytes.isEmpty else { return }
        if idle {
            pending = bytes
            sent = 0
        } else {
            pending += bytes
        }
        mostWaiting = max(mostWaiting, pending.count - sent)
        flush()
    }

    /// Writes what the terminal takes without waiting.
    func flush() {
        guard !idle, !gone else { return }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(descriptor, F_SETFL, flags) }
        writeWhatIsTaken()
    }

    /// Waits (at most `timeout` seconds) until the terminal has taken everything: before
    /// ncurses writes of its own (leaving the screen), so no sequence is cut in two.
    func drain(timeout: Double = 2) {
        let deadline = MonotonicClock.now() + timeout
        while !idle && !gone {
            flush()
            let left = deadline - MonotonicClock.now()
            guard !idle, left > 0 else { break }
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
            _ = try? Syscall.poll(&descriptors, milliseconds: Int32(min(left, 0.1) * 1000) + 1)
        }
        if !idle {
            pending = []  // a terminal that takes nothing for this long is not read by anyone
            sent = 0
        }
    }

    private func writeWhatIsTaken() {
        while sent < pending.count {
            let count = pending.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + sent, $0.count - sent) }
            if count > 0 {
                sent += count
                continue
            }
            let error = errno
            if count < 0 && error == EINTR { continue }
            if count < 0 && (error == EAGAIN || error == EWOULDBLOCK) { return }
            gone = true
            return
        }
        pending = []
        sent = 0
    }
}
