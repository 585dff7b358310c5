import CursesBackend
import Glibc
import Overlay
import SystemCalls

/// `qrtui --probe-terminal`: the questions the screen puts to its terminal at start, put to the
/// controlling terminal, and what it answered.
enum TerminalProbe {
    /// `environment`: qrtui's, read at start (whether the kitty question may be put).
    static func run(environment: [String: String], to output: StandardOutput) -> ExitStatus {
        let tty: Int32
        do {
            tty = try Syscall.open("/dev/tty", O_RDWR)
        } catch {
            Console.message("no terminal to ask (\(error.message))")
            return .failure
        }
        defer { Syscall.close(tty) }
        let askingKitty = GraphicsProbe.asksKitty(environment: environment)
        guard let support = CursesTerminal.graphics(of: tty, askingKitty: askingKitty) else {
            Console.message("/dev/tty is no terminal to ask")
            return .failure
        }
        output.print("pictures: \(support.summary)")
        return .read
    }
}
