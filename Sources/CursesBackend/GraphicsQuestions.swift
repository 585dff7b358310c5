import CNcursesw
import FrameCore
import Glibc
import Overlay
import SystemCalls

/// Puts `GraphicsProbe`'s questions to a terminal and reads its answers, within the probe's
/// patience in all: a terminal that answers nothing costs that wait once, at start.
enum GraphicsQuestions {
    /// Asks through `output` and reads `input` until the terminal's Primary DA comes, or the
    /// patience runs out; the window's pixels give the cell where the terminal did not say it.
    static func ask(
        input: Int32, output: Int32, askingKitty: Bool, patience: Double = GraphicsProbe.patience
    ) -> GraphicsProbe {
        var probe = GraphicsProbe()
        // A 1x1 picture left in shared memory and in a file: a terminal that reads them is on
        // this machine, and is sent pictures that way. Whatever it did not read is removed.
        let drops = askingKitty ? localDrops() : []
        defer { for (drop, name) in drops { drop.remove(name) } }
        let payloads = drops.count == 2 ? (Base64.string(drops[0].name), Base64.string(drops[1].name)) : nil
        let questions = GraphicsProbe.questions(askingKitty: askingKitty, drops: payloads)
        guard (try? Syscall.writeAll(output, questions)) != nil else { return probe }
        let deadline = MonotonicClock.now() + patience
        var buffer = [UInt8](repeating: 0, count: 512)
        while !probe.finished {
            let left = deadline - MonotonicClock.now()
            var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
            guard left > 0, (try? Syscall.poll(&fds, milliseconds: Int32((left * 1000).rounded(.up)))) ?? 0 > 0
            else { break }
            let count = buffer.withUnsafeMutableBytes { (try? Syscall.read(input, into: $0)) ?? 0 }
            guard count > 0 else { break }
            probe.feed(Array(buffer.prefix(count)))
        }
        probe.giveUp()
        var columns: Int32 = 0
        var rows: Int32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
        if qrtui_window_pixels(output, &columns, &rows, &width, &height) == 0 {
            probe.assume(
                window: PixelSize(width: Int(width), height: Int(height)), columns: Int(columns), rows: Int(rows))
        }
        return probe
    }

    /// The probe's picture left in shared memory and in a file, each under a fresh name
    /// (none where either could not be left).
    private static func localDrops() -> [(drop: LocalDrop, name: String)] {
        let drops = [LocalDrop.sharedMemory, .file].map { ($0, $0.freshName("probe")) }
        let left = drops.filter { $0.0.leave([0, 0, 0], as: $0.1) }
        guard left.count == drops.count else {
            for (drop, name) in left { drop.remove(name) }
            return []
        }
        return drops
    }

    /// `qrtui --probe-terminal`: the terminal `tty` asked without a screen (its input made raw
    /// for the while, and restored); nil when it is no terminal.
    static func probe(tty: Int32, askingKitty: Bool) -> GraphicsSupport? {
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_cc.5 = 0  // VTIME
        raw.c_cc.6 = 1  // VMIN
        guard tcsetattr(tty, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(tty, TCSAFLUSH, &saved) }
        let support = ask(input: tty, output: tty, askingKitty: askingKitty).support
        // A terminal that prints what it does not understand (the kitty question) is tidied.
        _ = try? Syscall.writeAll(tty, Array("\r\u{1B}[K".utf8))
        return support
    }
}

extension CursesTerminal {
    /// What the terminal on `tty` draws besides characters, asked without a screen (the kitty
    /// question only where `askingKitty`, see `GraphicsProbe.asksKitty`).
    public static func graphics(of tty: Int32, askingKitty: Bool) -> GraphicsSupport? {
        GraphicsQuestions.probe(tty: tty, askingKitty: askingKitty)
    }
}
