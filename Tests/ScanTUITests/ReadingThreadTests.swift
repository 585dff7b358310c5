import CaptureKit
import CodeFixtures
import CodeReading
import FrameCore
import Testing

@testable import ScanTUI

@Suite struct ReadingThreadTests {
    @Test func stoppingEndsAnIdleWorker() {
        let worker = ReadingThread(policy: ReadingPolicy())
        #expect(worker.stop(timeout: 10))
    }

    @Test func aJobIsReadAndItsAreaKept() {
        let worker = ReadingThread(policy: ReadingPolicy())
        let frame = CodeFixtures.qrScene("worker", width: 320, height: 240, moduleSize: 4)
        let area = PixelRect(x: 40, y: 20, width: 240, height: 200)
        worker.submit(ScanJob(frame: frame, area: area, kind: .still))
        guard case .value(let reading)? = worker.output.take(until: MonotonicClock.now() + 20) else {
            Issue.record("no reading")
            return
        }
        #expect(reading.reading.codes.map(\.text) == ["worker"])
        #expect(reading.reading.area == area && reading.job.area == area)
        #expect(worker.stop(timeout: 10))
    }
}
