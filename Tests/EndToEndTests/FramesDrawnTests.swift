import CodeFixtures
import Foundation
import FrameCore
import Glibc
import SystemCalls
import Testing

/// On the live screen every frame a camera hands out is drawn: an MJPEG camera decodes each
/// frame of a still scene too (headless it may skip some), so no picture is dequeued and
/// never shown. Seen through a pseudoterminal with qrtui's frame marks and the fake camera's
/// dequeue log.
@Suite struct FramesDrawnTests {
    /// The frame numbers of qrtui's marks ("ESC _ qrtui;frame=N;...") in what the pty carried.
    static func markedFrames(_ bytes: [UInt8]) -> Set<Int> {
        let text = String(decoding: bytes, as: UTF8.self)
        let pieces = text.components(separatedBy: "\u{1B}_qrtui;frame=").dropFirst()
        return Set(pieces.compactMap { Int($0.prefix { $0.isNumber }) })
    }

    @Test func everyFrameOfAStillMJPEGSceneIsDrawn() throws {
        let folder = TemporaryDirectory("frames-drawn")
        let times = folder.path + "/times"
        let camera = FakeCamera(
            "/dev/video0:mjpeg", payload: nil,
            settings: ["QRTUI_FAKE_NOISE": "6", "QRTUI_FAKE_TIMES": times, "QRTUI_FRAME_MARKS": "1"])
        var environment = ProcessInfo.processInfo.environment.merging(camera.environment) { $1 }
        environment["LANG"] = "C.UTF-8"
        let terminal = try Pseudoterminal(columns: 100, rows: 30)
        defer { close(terminal.master) }
        let pid = try ChildProcess.spawn(
            QRTUIProcess.executable, ["--device", "/dev/video0", "--no-beep"], environment: environment,
            stdin: .file(terminal.slavePath), stdout: .file(terminal.slavePath), stderr: .file(terminal.slavePath),
            newSession: true)
        defer {
            kill(pid, SIGTERM)
            _ = ChildProcess.wait(pid, until: MonotonicClock.now() + 5)
        }
        // Read until 90 frames were drawn (3 s at 30 fps; the scene is still from the
        // tenth), or the deadline.
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = MonotonicClock.now() + 60
        while MonotonicClock.now() < deadline, (Self.markedFrames(output).max() ?? 0) < 90 {
            var descriptors = [pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)]
            guard try Syscall.poll(&descriptors, milliseconds: 100) > 0 else { continue }
            let count = read(terminal.master, &buffer, buffer.count)
            guard count > 0 else { break }
            output += buffer.prefix(count)
        }
        let drawn = Self.markedFrames(output)
        let last = try #require(drawn.max())
        #expect(last >= 90)
        let dequeued = try String(contentsOfFile: times, encoding: .utf8).split(separator: "\n")
            .compactMap { Int($0.split(separator: " ").first ?? "") }
        // The frames of the still stretch: pacing would leave two in three undecoded.
        let due = Set(dequeued.filter { $0 >= 20 && $0 < last })
        #expect(due.count >= 60)
        let neverDrawn = due.subtracting(drawn)
        // A loaded machine may replace a frame before the screen takes it; not one in ten.
        #expect(neverDrawn.count * 10 <= due.count, "never drawn: \(neverDrawn.sorted())")
    }
}
