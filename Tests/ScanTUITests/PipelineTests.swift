import CaptureKit
import CodeFixtures
import CodeReading
import FrameCore
import ScanOptions
import SystemCalls
import Testing

@testable import ScanPipeline

/// One topology for both front ends: capture → reading → the announcing rule.
@Suite struct PipelineTests {
    /// A clip of `count` frames of one QR code, and a pipeline on it.
    func pipeline(_ directory: TemporaryDirectory, frames count: Int, onScreen: Bool) -> Pipeline {
        let scene = CodeFixtures.qrScene("topology", width: 320, height: 240, moduleSize: 4)
        let path = directory.write("clip.y4m", Y4MEncoder.encode(Array(repeating: scene, count: count)))
        let choice = SourceFactory.Choice.input(path, loop: false)
        return Pipeline(Pipeline.Setup(Options(input: path), choice: choice), onScreen: onScreen)
    }

    /// Headless: every frame of a file is read, in order, and the end comes after the last.
    @Test func headlessReadsEveryFrameThenEnds() {
        let directory = TemporaryDirectory()
        let pipeline = pipeline(directory, frames: 12, onScreen: false)
        var sequences = [Int]()
        var announced = [String]()
        loop: while let event = pipeline.output.take(until: MonotonicClock.now() + 30) {
            switch event {
            case .read(let done):
                sequences.append(done.job.frame.sequence)
                announced += done.announced.map(\.text)
                #expect(done.job.area == nil)
            case .notice: continue
            case .ended: break loop
            case .failed(let error):
                Issue.record("failed: \(error)")
                break loop
            }
        }
        #expect(sequences == Array(0..<12))
        #expect(announced == ["topology"])
        #expect(pipeline.stop(reading: 10, capture: 10))
    }

    /// On screen, the frames come to the screen first, the source's kind before them, and none
    /// is read until the screen says where (none shown before the one seen then); from then on,
    /// in that area.
    @Test func theScreenSteersWhereFramesAreRead() throws {
        let directory = TemporaryDirectory()
        let pipeline = pipeline(directory, frames: 40, onScreen: true)
        let pictures = try #require(pipeline.pictures)
        guard case .notice(.recorded)? = pictures.take(until: MonotonicClock.now() + 20) else {
            Issue.record("the kind first")
            return
        }
        guard case .value(let seen)? = pictures.take(until: MonotonicClock.now() + 20) else {
            Issue.record("no picture")
            return
        }
        let area = PixelRect(x: 20, y: 10, width: 280, height: 220)
        pipeline.steer(ScanSteering(area: area, readsFrames: true))
        var readings = [PipelineReading]()
        while readings.count < 3, let done = nextReading(pipeline.output) { readings.append(done) }
        #expect(readings.count == 3)
        #expect(readings.allSatisfy { $0.job.area == area && $0.job.frame.sequence >= seen.sequence })
        #expect(readings.flatMap(\.announced).map(\.text) == ["topology"])
        #expect(pipeline.stop(reading: 10, capture: 10))
    }

    /// A frame the screen asks for is read in its own area, even while the source's frames
    /// are not (a paused picture).
    @Test func aFrameAskedForIsReadWhilePaused() throws {
        let directory = TemporaryDirectory()
        let pipeline = pipeline(directory, frames: 40, onScreen: true)
        let pictures = try #require(pipeline.pictures)
        var frame: Frame?
        while frame == nil, let item = pictures.take(until: MonotonicClock.now() + 20) {
            if case .value(let shown) = item { frame = shown }
        }
        let shown = try #require(frame)
        let area = PixelRect(x: 0, y: 0, width: 320, height: 240)
        pipeline.read(ScanJob(frame: shown, area: area, kind: .recorded))
        let done = nextReading(pipeline.output)
        #expect(done?.job.frame.sequence == shown.sequence && done?.job.area == area)
        #expect(done?.announced.map(\.text) == ["topology"])
        #expect(pipeline.stop(reading: 10, capture: 10))
    }
}

/// A caller's own source (a benchmark's clip) through the program's pipeline: its reading and
/// its one rule for announcing, not a copy of them.
@Suite struct GivenSourceTests {
    /// Frames of a camera's kind handed over at once, each once.
    final class Frames: FrameSource, @unchecked Sendable {  // taken by the capture thread alone
        let name = "frames"
        let kind = SourceKind.live
        let framesPerSecond: Double? = 30
        private var left: [Frame]

        init(_ frames: [Frame]) { left = frames }

        func nextFrame() throws(CaptureError) -> Frame? { left.isEmpty ? nil : left.removeFirst() }
    }

    /// `count` noisy frames of `scene` from a camera, read losslessly in `area` with their work
    /// counted, through the program's pipeline: its readings until the source ended.
    func read(_ scene: Frame, frames count: Int, area: PixelRect?) -> (Pipeline, [PipelineReading]) {
        let frames = (0..<count).map { n in
            scene.withNoise(amplitude: 3, seed: UInt64(n) &+ 1).renumbered(sequence: n, timestamp: Double(n) / 30)
        }
        let source = Frames(frames)
        let given = Pipeline.Given(handOver: .lossless, area: area, countedWork: true) { () throws(CaptureError) in
            source
        }
        let pipeline = Pipeline(Pipeline.Setup(given: given, policy: ReadingPolicy()), onScreen: false)
        var readings = [PipelineReading]()
        loop: while let event = pipeline.output.take(until: MonotonicClock.now() + 30) {
            switch event {
            case .read(let done): readings.append(done)
            case .notice: continue
            case .ended: break loop
            case .failed(let error):
                Issue.record("failed: \(error)")
                break loop
            }
        }
        return (pipeline, readings)
    }

    /// A camera's frame with a new QR code: the code is announced as it is read, in a reading
    /// of that frame told before the frame's whole reading, which announces it no more.
    @Test func aCameraFramesNewQRCodeIsAnnouncedAsItIsRead() {
        let scene = CodeFixtures.qrScene("told early", width: 640, height: 360, moduleSize: 4)
        let (pipeline, readings) = read(scene, frames: 3, area: nil)
        let first = readings.first
        #expect(first?.partial == true && first?.job.frame.sequence == 0, "\(readings.map(\.partial))")
        #expect(first?.announced.map(\.text) == ["told early"])
        #expect(readings.filter { !$0.partial }.map(\.job.frame.sequence) == [0, 1, 2])
        #expect(readings.flatMap(\.announced).map(\.text) == ["told early"])
        #expect(pipeline.stop(reading: 10, capture: 10))
    }

    /// Six noisy frames of an EAN-13, read losslessly with their work counted in the area given:
    /// every frame is read there as a camera's (not as a still), and the 1D code is announced
    /// once by the program's rule, however many frames show it.
    @Test func aGivenSourceIsReadAndAnnouncedAsTheProgramDoes() {
        let scene = EAN13.scene("400638133393", moduleWidth: 3, width: 640, height: 360)
        let area = PixelRect(x: 40, y: 20, width: 560, height: 320)
        let (pipeline, readings) = read(scene, frames: 6, area: area)
        #expect(readings.map(\.job.frame.sequence) == Array(0..<6))
        #expect(readings.allSatisfy { $0.job.area == area && $0.job.kind == .live && !$0.job.realTime })
        #expect(readings.flatMap(\.announced).map(\.text) == ["4006381333931"])
        #expect(pipeline.stop(reading: 10, capture: 10))
    }
}
