import CodeFixtures
import CodeReading
import FrameCore
import ScanOptions
import SystemCalls
import Testing

@testable import CaptureKit
@testable import ScanPipeline

@Suite struct ReadingThreadTests {
    /// A reading thread on jobs of the test's own.
    func worker() -> (ReadingThread, ScanFeed.Jobs) {
        let jobs = ScanFeed.Jobs(mode: .lossless)
        let thread = ReadingThread(
            jobs: jobs, policy: ReadingPolicy(), limit: ReadingLimit(), messages: MessageParts(), stillness: nil)
        return (thread, jobs)
    }

    /// A frame the camera decoded for the screen alone (a still scene's, `DecodePacing`) is
    /// drawn, not read; the frames around it are both.
    @Test func aFrameDecodedForTheScreenAloneIsDrawnNotRead() {
        let link = CameraLink(picturesShown: true)
        let pictures = Pipeline.Pictures(mode: .latestWins)
        let feed = ScanFeed(
            mode: .latestWins, pictures: pictures, steering: ScanSteering(area: nil, readsFrames: true), link: link)
        var (drawn, read) = ([Int](), [Int]())
        for (sequence, screenOnly) in [(0, false), (1, true), (2, false)] {
            link.decoded(sequence: sequence, forScreenOnly: screenOnly)
            let frame = Frame.filled(width: 64, height: 48, value: 90).renumbered(sequence: sequence, timestamp: 0)
            #expect(feed.deliver(frame, paced: false))
            if case .value(let frame)? = pictures.poll() { drawn.append(frame.sequence) }
            if case .value(let job)? = feed.jobs.poll() { read.append(job.frame.sequence) }
        }
        #expect(drawn == [0, 1, 2])
        #expect(read == [0, 2])
    }

    @Test func stoppingEndsAnIdleWorker() {
        #expect(worker().0.stop(timeout: 10))
    }

    @Test func aJobIsReadAndItsAreaKept() {
        let (worker, jobs) = worker()
        let frame = CodeFixtures.qrScene("worker", width: 320, height: 240, moduleSize: 4)
        let area = PixelRect(x: 40, y: 20, width: 240, height: 200)
        jobs.publish(ScanJob(frame: frame, area: area, kind: .still))
        guard let reading = nextReading(worker.output) else { return }
        #expect(reading.reading.codes.map(\.text) == ["worker"])
        #expect(reading.reading.area == area && reading.job.area == area)
        #expect(worker.stop(timeout: 10))
    }

    /// One rule for both front ends: a code in sight is announced once, and again only after it
    /// was out of sight a while (the frames' own times).
    @Test func theReadingsAnnounceACodeOnceWhileItStaysInSight() {
        let (worker, jobs) = worker()
        let scene = CodeFixtures.qrScene("gate", width: 320, height: 240, moduleSize: 4)
        let blank = Frame.filled(width: 320, height: 240, value: 200)
        var announced = [[String]]()
        for (picture, time) in [(scene, 0.0), (scene, 0.1), (blank, 0.2), (scene, 0.3), (blank, 1), (scene, 3.5)] {
            let frame = Frame(width: 320, height: 240, sequence: announced.count, timestamp: time, luma: picture.luma)
            jobs.publish(ScanJob(frame: frame, kind: .live))
            // A new 2D code is told as it is read, in a reading of its own before the frame's whole one.
            var told = [String]()
            guard let reading = nextReading(worker.output, telling: { told += $0.announced.map(\.text) }) else {
                return
            }
            announced.append(told + reading.announced.map(\.text))
        }
        #expect(announced == [["gate"], [], [], [], [], ["gate"]])
        #expect(worker.stop(timeout: 10))
    }

    /// The source's end is said once, after its last reading, and the thread reads on: a
    /// screen still asks for its still to be read again in a new area.
    @Test func theEndComesOnceAndReadingGoesOn() {
        let (worker, jobs) = worker()
        let frame = CodeFixtures.qrScene("after", width: 320, height: 240, moduleSize: 4)
        jobs.publish(ScanJob(frame: frame, kind: .still))
        jobs.finish(nil)
        // The code as soon as it is read, then the whole reading, then the end.
        guard case .read(let early)? = worker.output.take(until: MonotonicClock.now() + 20) else {
            Issue.record("no reading")
            return
        }
        #expect(early.partial && early.announced.map(\.text) == ["after"])
        let whole = nextReading(worker.output)
        #expect(whole?.reading.codes.map(\.text) == ["after"] && whole?.announced.isEmpty == true)
        guard case .ended? = worker.output.take(until: MonotonicClock.now() + 20) else {
            Issue.record("no end after the reading")
            return
        }
        let area = PixelRect(x: 0, y: 0, width: 100, height: 100)
        jobs.publish(ScanJob(frame: frame, area: area, kind: .still))
        #expect(nextReading(worker.output)?.job.area == area)
        #expect(worker.output.poll() == nil)
        #expect(worker.stop(timeout: 10))
    }
}

/// The next whole reading `output` hands over (nil, recorded: none within 20 s): a still's
/// codes told as its scan goes come first, in readings of their own (`partial`).
/// The next whole reading of a frame; `telling` hears the partial ones before it.
func nextReading(_ output: PipelineOutput, telling: (PipelineReading) -> Void = { _ in }) -> PipelineReading? {
    while let event = output.take(until: MonotonicClock.now() + 20) {
        switch event {
        case .read(let reading) where reading.partial:
            telling(reading)
            continue
        case .read(let reading): return reading
        case .notice: continue
        case .ended, .failed:
            Issue.record("the source ended before a reading: \(event)")
            return nil
        }
    }
    Issue.record("no reading")
    return nil
}
