import CaptureKit
import CodeFixtures
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
