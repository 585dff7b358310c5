import CodeFixtures
import Foundation
import FrameCore
import Glibc
import PictureFiles
import PictureOps
import SystemCalls
import Testing

/// What the live screen draws of a camera's frames, seen through a pseudoterminal with qrtui's
/// frame marks ("ESC _ qrtui;frame=N;... ESC \" after each picture) and the fake camera's
/// dequeue log: an MJPEG camera's still scene is decoded every other frame (a change is drawn
/// within a frame), as is one where only a followed code moves, and a scene that moves by two
/// pixels is drawn at once.
@Suite struct FramesDrawnTests {
    /// Each mark's frame, and the bytes the terminal got for its picture (those before it,
    /// since the mark before).
    static func marks(_ bytes: [UInt8]) -> [(frame: Int, bytes: Int)] {
        let chunks = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\u{1B}_qrtui;frame=")
        return chunks.indices.dropFirst().compactMap { index in
            Int(chunks[index].prefix { $0.isNumber }).map { ($0, chunks[index - 1].utf8.count) }
        }
    }

    /// qrtui on the fake camera on a pseudoterminal until `until` says the marks are enough;
    /// what the terminal got.
    static func screen(_ camera: FakeCamera, arguments: [String] = [], until: ([UInt8]) -> Bool) throws -> [UInt8] {
        var environment = ProcessInfo.processInfo.environment.merging(camera.environment) { $1 }
        environment["LANG"] = "C.UTF-8"
        environment["TERM"] = "xterm-256color"
        let terminal = try Pseudoterminal(columns: 100, rows: 30)
        defer { close(terminal.master) }
        let pid = try ChildProcess.spawn(
            QRTUIProcess.executable, ["--device", "/dev/video0", "--no-beep"] + arguments, environment: environment,
            stdin: .file(terminal.slavePath), stdout: .file(terminal.slavePath), stderr: .file(terminal.slavePath),
            newSession: true)
        defer {
            kill(pid, SIGTERM)
            _ = ChildProcess.wait(pid, until: MonotonicClock.now() + 5)
        }
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = MonotonicClock.now() + 60
        while MonotonicClock.now() < deadline, !until(output) {
            var descriptors = [pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)]
            guard try Syscall.poll(&descriptors, milliseconds: 100) > 0 else { continue }
            let count = read(terminal.master, &buffer, buffer.count)
            guard count > 0 else { break }
            output += buffer.prefix(count)
        }
        return output
    }

    static func lastFrame(_ output: [UInt8]) -> Int { marks(output).map(\.frame).max() ?? -1 }

    @Test func aStillMJPEGSceneLeavesNoTwoFramesInARowUndrawn() throws {
        let folder = TemporaryDirectory("frames-drawn")
        let times = folder.path + "/times"
        let camera = FakeCamera(
            "/dev/video0:mjpeg", payload: nil,
            settings: ["QRTUI_FAKE_SIGMA": "6", "QRTUI_FAKE_TIMES": times, "QRTUI_FAKE_MARKS": "1"])
        let output = try Self.screen(camera) { Self.lastFrame($0) >= 90 }
        let drawn = Set(Self.marks(output).map(\.frame))
        let last = try #require(drawn.max())
        #expect(last >= 90)
        let dequeued = try String(contentsOfFile: times, encoding: .utf8).split(separator: "\n")
            .compactMap { Int($0.split(separator: " ").first ?? "") }
        // The frames of the still stretch (from the twentieth).
        let due = dequeued.filter { $0 >= 20 && $0 < last }.sorted()
        #expect(due.count >= 60)
        let undrawnPairs = zip(due, due.dropFirst()).filter { !drawn.contains($0) && !drawn.contains($1) }
        // A loaded machine may replace a frame before the screen takes it; not one in ten.
        #expect(undrawnPairs.count * 10 <= due.count, "two in a row undrawn: \(undrawnPairs)")
        // Some are left undecoded: a still scene costs less than a moving one.
        #expect(due.filter { !drawn.contains($0) }.count * 4 >= due.count)
    }

    /// A code moving on a still desk, from an MJPEG camera: while only the followed code moves,
    /// every other frame is decoded (drawn), hardly ever two in a row left out, and the code is
    /// read.
    @Test func aFollowedCodeOnAStillSceneIsDecodedEveryOtherFrame() throws {
        let folder = TemporaryDirectory("followed")
        let times = folder.path + "/times"
        let desk = Frame.plasma(width: 640, height: 480, seed: 5)
        let matrix = try #require(QRMatrix(text: "https://example.org/followed"))
        let frames = (0..<60).map { n in
            desk.drawingModules(
                matrix.grid,
                at: ModulePlacement(
                    centreX: 320 + 60 * sin(Double(n) / 60 * 2 * .pi), centreY: 240, moduleSize: 4))
        }
        let camera = FakeCamera(
            "/dev/video0:mjpeg", payload: nil,
            settings: [
                "QRTUI_FAKE_CLIP": folder.write("followed.y4m", Y4MEncoder.encode(frames)), "QRTUI_FAKE_SIGMA": "3",
                "QRTUI_FAKE_TIMES": times, "QRTUI_FAKE_MARKS": "1",
            ])
        let output = try Self.screen(camera) { Self.lastFrame($0) >= 150 }
        #expect(String(decoding: output, as: UTF8.self).contains("example.org/followed"))
        let drawn = Set(Self.marks(output).map(\.frame))
        let last = try #require(drawn.max())
        let dequeued = try String(contentsOfFile: times, encoding: .utf8).split(separator: "\n")
            .compactMap { Int($0.split(separator: " ").first ?? "") }
        // Past the first two seconds (the code read, then followed a third of a second).
        let due = dequeued.filter { $0 >= 60 && $0 < last }.sorted()
        #expect(due.count >= 60)
        let undrawn = due.filter { !drawn.contains($0) }
        #expect(undrawn.count * 4 >= due.count, "\(undrawn.count) of \(due.count) frames left undecoded")
        let undrawnPairs = zip(due, due.dropFirst()).filter { !drawn.contains($0) && !drawn.contains($1) }
        #expect(undrawnPairs.count * 10 <= due.count, "two in a row undrawn: \(undrawnPairs)")
    }

    /// A code on a desk, then the same scene two pixels to the right: the picture of the frame
    /// after the shift at the latest (10 frames a second, so that a loaded machine keeps up)
    /// carries the redrawn edges, where the still frames before it carried next to nothing.
    @Test(arguments: ["mjpeg", "grey"]) func aSceneShiftedByTwoPixelsIsDrawnWithinAFrame(_ format: String) throws {
        let folder = TemporaryDirectory("shifted")
        let scene = CodeFixtures.qrScene("https://example.org/desk", width: 640, height: 480, moduleSize: 6)
        let shifted = Frame(
            width: 640, height: 480,
            luma: (0..<480).flatMap { y in (0..<640).map { x in scene[max(0, x - 2), y] } })
        let sequence = [
            folder.write("still.pgm", NetpbmCodec.encode(scene)) + ":40",
            folder.write("shifted.pgm", NetpbmCodec.encode(shifted)) + ":40",
        ]
        let camera = FakeCamera(
            "/dev/video0:\(format)", payload: nil,
            settings: [
                "QRTUI_FAKE_SEQUENCE": sequence.joined(separator: ","), "QRTUI_FAKE_SIGMA": "6",
                "QRTUI_FAKE_MARKS": "1",
            ])
        let output = try Self.screen(camera, arguments: ["--fps", "10"]) { Self.lastFrame($0) >= 45 }
        let marks = Self.marks(output)
        let after = try #require(marks.first { $0.frame >= 40 })
        #expect(after.frame <= 41, "the shift at frame 40 was first drawn with frame \(after.frame)")
        let still = marks.filter { (25..<40).contains($0.frame) }.map(\.bytes).sorted()
        let stillMedian = try #require(still.isEmpty ? nil : still[still.count / 2])
        #expect(after.bytes > 20 * max(stillMedian, 10), "shift: \(after.bytes) bytes, still: \(still)")
    }
}
