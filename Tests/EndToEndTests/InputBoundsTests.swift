import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import Testing

/// `--timeout` is a deadline whatever the input does, what is not a picture costs a few
/// kilobytes, and a file reads the same on every run. (How close to the deadline qrtui ends is
/// measured by `qrtui-bench --deadlines`, not here.)
@Suite struct InputBoundsTests {
    let directory = TemporaryDirectory("bounds")

    func expectNothingWithin(
        _ arguments: [String], seconds: String = "1",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let run = try QRTUIProcess.run(arguments + ["--no-preview", "--timeout", seconds], deadline: 30)
        #expect(!run.timedOut, "qrtui ran past the test's own deadline", sourceLocation: sourceLocation)
        #expect(run.status == 4, sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(run.stderrLines == ["qrtui: no code found within \(seconds) s"], sourceLocation: sourceLocation)
    }

    /// A long thin picture is a few hundred bytes of PNG: no view of it (a turned one, whose
    /// canvas would hold it at an angle) may take more than a few times its own pixels.
    @Test(arguments: [(65535, 1), (1, 65535), (65535, 8), (75, 65280), (30000, 10)])
    func aLongThinPictureCostsWhatItsPixelsDo(width: Int, height: Int) throws {
        let path = directory.write(
            "thin-\(width)x\(height).png", PNGCodec.encode(Frame.filled(width: width, height: height, value: 200)))
        let run = try QRTUIProcess.run(["--no-preview", "-q", path], deadline: 60)
        #expect(!run.timedOut && run.status == 4)
        // The base (the runtime, zbar) and about a megabyte of pixels: far under 200 MB.
        #expect(run.peakKilobytes > 0 && run.peakKilobytes < 200_000, "peak \(run.peakKilobytes) kB")
    }

    @Test func aFIFONobodyOpensEndsAtTheDeadline() throws {
        // Opening a FIFO without a writer blocks in open(2) itself.
        let fifo = directory.path + "/nobody.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        try expectNothingWithin(["-i", fifo])
    }

    @Test func aStreamThatStallsInsideAFrameEndsAtTheDeadline() throws {
        let fifo = directory.path + "/stalled.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Held open for reading and writing here, so that qrtui's open succeeds and its read
        // of the frame's remaining bytes blocks.
        let holder = open(fifo, O_RDWR)
        #expect(holder >= 0)
        defer { close(holder) }
        let start = Array("YUV4MPEG2 W320 H240 F30:1 C420jpeg\nFRAME\n".utf8) + [UInt8](repeating: 128, count: 1000)
        #expect(write(holder, start, start.count) == start.count)
        try expectNothingWithin(["-i", fifo])
    }

    @Test func aHugeStillEndsAtTheDeadline() throws {
        // 8192 x 8192 of noise: reading it whole takes far longer than the timeout.
        let path = directory.path + "/noise.pgm"
        let side = 8192
        #expect(FileManager.default.createFile(atPath: path, contents: Data("P5\n\(side) \(side)\n255\n".utf8)))
        let file = try #require(FileHandle(forWritingAtPath: path))
        let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
        file.seekToEndOfFile()
        for _ in 0..<side / 512 { file.write(random.readData(ofLength: side * 512)) }
        try file.close()
        try expectNothingWithin(["-i", path], seconds: "2")
    }

    @Test func urandomIsRefusedByItsFirstBytes() throws {
        let run = try QRTUIProcess.run(["-i", "/dev/urandom", "--no-preview"], deadline: 20)
        #expect(run.status == 1 && !run.timedOut)
        #expect(
            run.stderrLines == [
                "qrtui: /dev/urandom: unsupported: not a PNG, JPEG, PGM/PPM, WebP, GIF, BMP, TIFF image or Y4M stream (by its first bytes)"
            ])
    }

    /// Random bytes through a FIFO whose pipe holds 4 KB: whatever the writer got in is what
    /// qrtui read, give or take the pipe.
    @Test func randomBytesArePulledOnlyAFewKilobytesDeep() throws {
        let fifo = directory.path + "/random.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        signal(SIGPIPE, SIG_IGN)
        let written = Counter()
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            guard fd >= 0 else { return }
            let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's module does not export
            _ = fcntl(fd, setPipeSize, 4096)
            let chunk = (0..<1024).map { _ in UInt8.random(in: 0...255) }
            // The cap only ends a writer whose reader never stops.
            while written.value < 64 << 20, write(fd, chunk, chunk.count) > 0 { written.add(chunk.count) }
            close(fd)
            written.finish()
        }
        writer.start()
        let run = try QRTUIProcess.run(["-i", fifo, "--no-preview"], deadline: 20)
        #expect(run.status == 1 && !run.timedOut)
        #expect(run.stderr.contains("unsupported: not a PNG, JPEG"))
        #expect(written.waitUntilFinished(seconds: 10))
        #expect(written.value <= 16 << 10, "qrtui let \(written.value) bytes in")
    }

    /// A clip where a small, turned code grows into view: what is read, and in which frame,
    /// must not depend on how fast the machine happened to be.
    @Test func aFileGivesTheSameOutputOnEveryRun() throws {
        let frames = (0..<14).map { index in
            CodeFixtures.qrScene(
                "run \(index / 7)", width: 640, height: 360, moduleSize: 2, degrees: 20,
                scale: 0.6 + 0.1 * Double(index % 7), noise: 8)
        }
        let path = directory.write("grow.y4m", Y4MEncoder.encode(frames))
        // Byte for byte but the wall-clock `time` each line carries (when it was read).
        func reading(_ run: QRTUIRun) -> String { run.stdoutText.replacing(/,"time":"[^"]*"/, with: "") }
        let first = try QRTUIProcess.run(["-i", path, "--no-preview", "--format", "json"])
        #expect(first.status == 0)
        #expect(first.stdoutText.contains("\"text\":\"run 0\""))
        #expect(first.stdoutText.contains("\"time\":\"") && !reading(first).contains("\"time\""))
        for _ in 1..<20 {
            let again = try QRTUIProcess.run(["-i", path, "--no-preview", "--format", "json"])
            #expect(reading(again) == reading(first))
            #expect(again.status == first.status)
        }
    }
}

/// A count shared with a writer thread.
final class Counter: @unchecked Sendable {  // guarded by its lock
    private let condition = NSCondition()
    private var count = 0, finished = false

    var value: Int { condition.withLock { count } }
    func add(_ amount: Int) { condition.withLock { count += amount } }
    func finish() {
        condition.withLock {
            finished = true
            condition.broadcast()
        }
    }

    func waitUntilFinished(seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        return condition.withLock {
            while !finished { if !condition.wait(until: deadline) { return finished } }
            return true
        }
    }
}
