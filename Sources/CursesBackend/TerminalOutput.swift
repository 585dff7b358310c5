import CNcursesw
import FrameCore
import Glibc
import SystemCalls

/// Everything written to the terminal, in order, on a thread of its own, so the screen's loop
/// never waits for the terminal: what it has not taken yet waits here. A picture is only
/// offered when nothing waits (`idle`), so a terminal that reads slowly gets fewer pictures,
/// never a growing queue. While it runs, the terminal is written without blocking (the thread
/// waits for room, and can be told to give up); ncurses' own writes come only when it is idle
/// and stopped (`stop`).
final class TerminalOutput: @unchecked Sendable {  // state guarded by `condition`
    let descriptor: Int32
    private let condition = ConditionLock()
    private var queue: [[UInt8]] = []
    private var writing = 0
    private var running = false
    private var abandon = false
    private var mostBytes = 0
    private var terminalGone = false
    private var flags: Int32 = 0
    private var taken: (@Sendable () -> Void)?
    private var spent = 0.0

    /// The CPU seconds the writing thread has taken (the terminal's writes, a picture's most).
    var writingCPU: Double { condition.withLock { spent } }

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// The terminal has taken everything written so far.
    var idle: Bool { condition.withLock { queue.isEmpty && writing == 0 } }
    /// The most bytes that ever waited at once (a test's check that the queue stays bounded).
    var mostWaiting: Int { condition.withLock { mostBytes } }
    /// The terminal has gone (EIO, a hang-up): nothing more is written.
    var gone: Bool { condition.withLock { terminalGone } }

    /// `action` runs (on the writing thread) each time the terminal has taken everything.
    func onTaken(_ action: @escaping @Sendable () -> Void) { condition.withLock { taken = action } }

    /// Starts the writing thread (bytes sent before are written at once, blocking).
    func start() {
        condition.withLock {
            guard !running else { return }
            flags = fcntl(descriptor, F_GETFL)
            _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
            running = true
            abandon = false
        }
        do throws(Errno) {
            try SystemThread.start("qrtui terminal") { [self] in write() }
        } catch {
            stop()  // no thread: each write is made at once
        }
    }

    /// Queues `bytes` behind what waits.
    func send(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        let direct = condition.withLock { () -> Bool in
            guard !terminalGone else { return false }
            guard running else { return true }
            queue.append(bytes)
            mostBytes = max(mostBytes, queue.reduce(writing) { $0 + $1.count })
            condition.broadcast()
            return false
        }
        if direct, (try? Syscall.writeAll(descriptor, bytes)) == nil { condition.withLock { terminalGone = true } }
    }

    /// Waits (at most `timeout` seconds) until the terminal has taken everything, then stops the
    /// thread and writes block again: before ncurses writes of its own (leaving the screen), so
    /// no sequence is cut in two. A terminal that took nothing for that long loses the rest.
    func stop(timeout: Double = 2) {
        let deadline = MonotonicClock.now() + timeout
        condition.withLock {
            while running && !(queue.isEmpty && writing == 0) && MonotonicClock.now() < deadline {
                _ = condition.wait(until: min(deadline, MonotonicClock.now() + 0.1))
            }
            guard running else { return }
            abandon = true
            queue = []
            condition.broadcast()
            while running { _ = condition.wait(until: MonotonicClock.now() + 0.1) }
        }
    }

    /// The thread: each piece in turn, written as the terminal takes it.
    private func write() {
        while let piece = next() {
            var sent = 0
            // After a crash's reset, nothing more: a picture's bytes would follow it.
            while sent < piece.count, !condition.withLock({ abandon }), qrtui_writer_may_write() != 0 {
                let count = piece.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + sent, $0.count - sent) }
                qrtui_writer_done()
                if count > 0 {
                    sent += count
                    continue
                }
                let error = errno
                if count < 0 && (error == EAGAIN || error == EWOULDBLOCK || error == EINTR) {
                    var descriptors = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
                    _ = try? Syscall.poll(&descriptors, milliseconds: 100)
                    continue
                }
                condition.withLock {
                    terminalGone = true
                    queue = []
                }
                break
            }
            let cpu = MonotonicClock.threadCPU()
            let action = condition.withLock { () -> (@Sendable () -> Void)? in
                spent = cpu
                writing = 0
                condition.broadcast()
                return queue.isEmpty ? taken : nil
            }
            action?()
        }
    }

    /// The next piece to write (nil: stopped; the terminal's modes are as they were).
    private func next() -> [UInt8]? {
        condition.withLock {
            while queue.isEmpty && !abandon { condition.wait() }
            guard !abandon, !queue.isEmpty else {
                _ = fcntl(descriptor, F_SETFL, flags)
                running = false
                condition.broadcast()
                return nil
            }
            let piece = queue.removeFirst()
            writing = piece.count
            return piece
        }
    }
}
