import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import SystemCalls
import Testing

@Suite struct Y4MSourceTests {
    let directory = TemporaryDirectory("y4m")

    func frames(_ count: Int, width: Int = 8, height: Int = 6) -> [Frame] {
        (0..<count).map { n in
            Frame(width: width, height: height, luma: (0..<(width * height)).map { UInt8(($0 + n * 7) % 256) })
        }
    }

    @Test func monoStreamGivesEveryFrameThenEnds() throws {
        let input = frames(3)
        let source = try Y4MSource(path: directory.write("a.y4m", Y4MEncoder.encode(input, framesPerSecond: 25)))
        #expect(source.framesPerSecond == 25)
        for (n, expected) in input.enumerated() {
            let frame = try #require(try source.nextFrame())
            #expect(frame.sequence == n)
            #expect(frame.luma == expected.luma)
            #expect(abs(frame.timestamp - Double(n) / 25) < 1e-9)
        }
        #expect(try source.nextFrame() == nil)
    }

    @Test func chromaPlanesOf420AreSkipped() throws {
        // 5x3 4:2:0: chroma planes are 3x2 each; fill them with a marker value.
        var bytes = Array("YUV4MPEG2 W5 H3 F30000:1001 Ip A0:0 C420jpeg XYSCSS=420JPEG\n".utf8)
        for n in 0..<2 {
            bytes +=
                Array("FRAME Ixyz\n".utf8) + (0..<15).map { UInt8($0 + n * 100) } + [UInt8](repeating: 0xEE, count: 12)
        }
        let source = try Y4MSource(path: directory.write("c.y4m", bytes))
        #expect(try source.nextFrame()?.luma == (0..<15).map { UInt8($0) })
        #expect(try source.nextFrame()?.luma == (0..<15).map { UInt8($0 + 100) })
        #expect(try source.nextFrame() == nil)
        #expect(abs((source.framesPerSecond ?? 0) - 29.97) < 0.01)
    }

    @Test func truncatedFrameIsAnError() throws {
        let whole = Y4MEncoder.encode(frames(2))
        let source = try Y4MSource(path: directory.write("t.y4m", Array(whole.dropLast(5))))
        _ = try source.nextFrame()
        #expect {
            _ = try source.nextFrame()
        } throws: { error in
            (error as? CaptureError)?.description.contains("truncated Y4M: frame 1 has 43 of 48 bytes") == true
        }
    }

    @Test func absurdSizeInHeaderIsRefused() {
        let path = directory.write("h.y4m", Array("YUV4MPEG2 W100000 H100000 F30:1 C420jpeg\nFRAME\n".utf8))
        #expect(
            throws: CaptureError.picture(.tooLarge(path: path, width: 100_000, height: 100_000, limit: 100_000_000))
        ) {
            _ = try Y4MSource(path: path)
        }
    }

    @Test func badHeadersAreMalformedOrUnsupported() {
        let noSize = directory.write("n.y4m", Array("YUV4MPEG2 F30:1\n".utf8))
        #expect(throws: CaptureError.picture(.malformed(path: noSize, detail: "invalid size 0x0"))) {
            _ = try Y4MSource(path: noSize)
        }
        let tenBit = directory.write("p.y4m", Array("YUV4MPEG2 W4 H4 C420p10\n".utf8))
        #expect(throws: CaptureError.self) { _ = try Y4MSource(path: tenBit) }
        let garbage = directory.write("g.y4m", Array("YUV4MPEG2 W2 H2 Cmono\nJUNK\n".utf8))
        #expect(throws: CaptureError.malformed(path: garbage, detail: "frame 0: expected FRAME, found other data")) {
            _ = try Y4MSource(path: garbage).nextFrame()
        }
        let endless = directory.write(
            "e.y4m", Array("YUV4MPEG2 W2 H2 Cmono".utf8) + [UInt8](repeating: 0x41, count: 9000))
        #expect(throws: CaptureError.malformed(path: endless, detail: "header line longer than 4096 bytes")) {
            _ = try Y4MSource(path: endless)
        }
    }

    @Test func inputOpenerTellsImagesFromVideo() throws {
        let still = try InputOpener.open(path: directory.write("s.bin", PNGCodec.encode(frames(1)[0])))
        #expect(still.kind == .still)
        #expect(try still.nextFrame()?.luma == frames(1)[0].luma)
        #expect(try still.nextFrame() == nil)
        let video = try InputOpener.open(path: directory.write("v.bin", Y4MEncoder.encode(frames(2))))
        #expect(video.kind == .recorded)
    }

    @Test func loopingRestartsWithRisingSequenceAndTime() throws {
        let path = directory.write("l.y4m", Y4MEncoder.encode(frames(2), framesPerSecond: 10))
        let source = try LoopingSource { () throws(CaptureError) in try InputOpener.open(path: path) }
        var seen = [Frame]()
        for _ in 0..<5 { seen.append(try #require(try source.nextFrame())) }
        #expect(seen.map(\.sequence) == [0, 1, 2, 3, 4])
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
        #expect(seen[2].luma == seen[0].luma && seen[3].luma == seen[1].luma)
    }
}

/// A pipe whose frames come at the pace of the world is read as a camera; a file, or a pipe
/// faster than real time, as a recording (its work counted, the same on every run).
@Suite struct PacedPipeTests {
    let directory = TemporaryDirectory("paced")

    /// A Y4M stream of `count` frames written into a pipe, `interval` seconds apart (0: at once).
    func pipe(_ count: Int, interval: Double) throws -> (source: Y4MSource, writer: DispatchSemaphore) {
        let ends = try Syscall.pipe()
        let frames = (0..<count).map { _ in Frame.filled(width: 64, height: 48, value: 100) }
        let bytes = Y4MEncoder.encode(frames, framesPerSecond: 30)
        let header = bytes.firstIndex(of: 0x0A)! + 1
        let frameBytes = (bytes.count - header) / count
        let writer = DispatchSemaphore(value: 0)
        try SystemThread.start("writer") {
            defer { writer.signal() }
            try? Syscall.writeAll(ends.write, Array(bytes[..<header]))
            let start = MonotonicClock.now()
            for n in 0..<count {
                MonotonicClock.sleep(until: start + Double(n) * interval)
                let frame = bytes[(header + n * frameBytes)..<(header + (n + 1) * frameBytes)]
                try? Syscall.writeAll(ends.write, Array(frame))
            }
            Syscall.close(ends.write)
        }
        let source = try Y4MSource(path: "/proc/self/fd/\(ends.read)")
        Syscall.close(ends.read)
        return (source, writer)
    }

    func readAll(_ source: Y4MSource) throws -> [Bool] {
        var paced = [Bool]()
        while try source.nextFrame() != nil { paced.append(source.arrivesPaced) }
        return paced
    }

    @Test func framesAtThirtyASecondAreReadAsACamera() throws {
        let (source, writer) = try pipe(14, interval: 1.0 / 30)
        let paced = try readAll(source)
        writer.wait()
        #expect(paced.count == 14)
        #expect(paced.prefix(7).allSatisfy { !$0 })  // eight frames tell
        #expect(paced.suffix(4).allSatisfy { $0 })
    }

    @Test func aFastPipeAndAFileAreRecordings() throws {
        let (source, writer) = try pipe(14, interval: 0)
        let fast = try readAll(source)
        writer.wait()
        #expect(fast.count == 14 && fast.allSatisfy { !$0 })
        let frames = (0..<14).map { _ in Frame.filled(width: 64, height: 48, value: 100) }
        let file = try Y4MSource(path: directory.write("f.y4m", Y4MEncoder.encode(frames, framesPerSecond: 30)))
        #expect(try readAll(file).allSatisfy { !$0 })
    }
}
