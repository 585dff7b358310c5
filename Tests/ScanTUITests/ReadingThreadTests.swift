import CaptureKit
import CodeFixtures
import CodeReading
import FrameCore
import Testing

@testable import ScanPipeline

@Suite struct ReadingThreadTests {
    @Test func stoppingEndsAnIdleWorker() {
        let worker = ReadingThread(policy: ReadingPolicy())
        #expect(worker.stop(timeout: 10))
    }

    /// The next reading the worker hands over (nil, recorded: none within 20 s).
    func nextReading(_ worker: ReadingThread) -> PipelineReading? {
        guard case .read(let reading)? = worker.output.take(until: MonotonicClock.now() + 20) else {
            Issue.record("no reading")
            return nil
        }
        return reading
    }

    @Test func aJobIsReadAndItsAreaKept() {
        let worker = ReadingThread(policy: ReadingPolicy())
        let frame = CodeFixtures.qrScene("worker", width: 320, height: 240, moduleSize: 4)
        let area = PixelRect(x: 40, y: 20, width: 240, height: 200)
        worker.submit(ScanJob(frame: frame, area: area, kind: .still))
        guard let reading = nextReading(worker) else { return }
        #expect(reading.reading.codes.map(\.text) == ["worker"])
        #expect(reading.reading.area == area && reading.job.area == area)
        #expect(worker.stop(timeout: 10))
    }

    /// One rule for both front ends: a code in sight is announced once, and again only after it
    /// was out of sight a while (the frames' own times).
    @Test func theReadingsAnnounceACodeOnceWhileItStaysInSight() {
        let worker = ReadingThread(policy: ReadingPolicy())
        let scene = CodeFixtures.qrScene("gate", width: 320, height: 240, moduleSize: 4)
        let blank = Frame.filled(width: 320, height: 240, value: 200)
        var announced = [[String]]()
        for (picture, time) in [(scene, 0.0), (scene, 0.1), (blank, 0.2), (scene, 0.3), (blank, 1), (scene, 3.5)] {
            let frame = Frame(width: 320, height: 240, sequence: announced.count, timestamp: time, luma: picture.luma)
            worker.submit(ScanJob(frame: frame, kind: .live))
            guard let reading = nextReading(worker) else { return }
            announced.append(reading.announced.map(\.text))
        }
        #expect(announced == [["gate"], [], [], [], [], ["gate"]])
        #expect(worker.stop(timeout: 10))
    }
}
