import Glibc
import Overlay
import SystemCalls

/// The terminal's input as events: bytes read from its descriptor as they come, decoded by
/// `KeyDecoder` with the sequences the terminal description names.
struct TerminalInput {
    let descriptor: Int32
    private var decoder: KeyDecoder

    /// How long the rest of an escape sequence may take to come before a lone ESC is the Esc
    /// key (ms): a sequence arrives in one write, but over SSH it may be split in two packets.
    static let escapeWait: Int32 = 40

    init(descriptor: Int32, known: [[UInt8]: Key]) {
        self.descriptor = descriptor
        decoder = KeyDecoder(known: known)
    }

    /// Every event the input waiting now makes. Waits only for the rest of an escape
    /// sequence already begun.
    mutating func events() -> [TerminalEvent] {
        var events = decoder.feed(available(waiting: 0))
        while decoder.isWaiting {
            let more = available(waiting: Self.escapeWait)
            if more.isEmpty {
                events += decoder.timeOut()
                break
            }
            events += decoder.feed(more)
        }
        return events
    }

    /// The events of bytes already read (keys typed while the terminal answered questions).
    mutating func events(from bytes: [UInt8]) -> [TerminalEvent] {
        var events = decoder.feed(bytes)
        if decoder.isWaiting { events += decoder.timeOut() }
        return events
    }

    /// What the terminal has sent, waiting up to `milliseconds` for something.
    private func available(waiting milliseconds: Int32) -> [UInt8] {
        var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        guard (try? Syscall.poll(&fds, milliseconds: milliseconds)) ?? 0 > 0, fds[0].revents & Int16(POLLIN) != 0 else {
            return []
        }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = bytes.withUnsafeMutableBytes { (try? Syscall.read(descriptor, into: $0)) ?? 0 }
        return Array(bytes.prefix(count))
    }
}
