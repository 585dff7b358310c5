import CodeFixtures
import Foundation
import FrameCore
import Testing

/// What reaches the terminal, counted in system calls (strace): a frame is sent in one write.
/// ncurses' refresh wrote each changed line with a write of its own; over SSH each can be a
/// packet of its own.
@Suite struct TerminalWritesTests {
    let directory = TemporaryDirectory("terminal-writes")

    /// Each write to a descriptor: (descriptor, bytes).
    func writes(in log: String) -> [(fd: Int, bytes: Int)] {
        log.split(separator: "\n").compactMap { line in
            guard let call = line.range(of: "write("), let result = line.range(of: ") = ", options: .backwards) else {
                return nil
            }
            let fd = Int(line[call.upperBound...].prefix { $0.isNumber })
            let bytes = Int(line[result.upperBound...].prefix { $0.isNumber })
            return fd.flatMap { fd in bytes.map { (fd, $0) } }
        }
    }

    @Test func aFullRepaintIsOneWrite() throws {
        let log = directory.path + "/writes.log"
        let session = try TmuxSession(
            width: 120, height: 40,
            command: "strace -f -e trace=write -e signal=none -o \(log) \(QRTUIProcess.executable) --demo")
        try session.waitFor("the success status", seconds: 30) { $0.lines[39].contains("QR-Code") }
        // The demo is read within a few frames: let it draw a dozen more before q.
        let deadline = MonotonicClock.now() + 30
        while MonotonicClock.now() < deadline,
            writes(in: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "").filter({ $0.bytes > 200 }).count <= 12
        {
            usleep(50_000)
        }
        try session.send("q")
        try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        let calls = writes(in: try String(contentsOfFile: log, encoding: .utf8))
        // The terminal is the descriptor most was written to.
        var totals = [Int: Int]()
        for call in calls { totals[call.fd, default: 0] += call.bytes }
        let terminal = try #require(totals.max { $0.value < $1.value }?.key)
        let sizes = calls.filter { $0.fd == terminal }.map { $0.bytes }
        // The first whole picture: every one of the 4,800 cells in one write.
        #expect((sizes.max() ?? 0) >= 120 * 40, "largest write \(sizes.max() ?? 0) bytes")
        // And never a frame in pieces: a few writes a frame at most (the picture, a bell, the
        // clipboard), not one a line.
        let frames = sizes.filter { $0 > 200 }.count
        #expect(frames > 10 && sizes.count < 3 * frames + 20, "\(sizes.count) writes, \(frames) pictures")
    }
}
