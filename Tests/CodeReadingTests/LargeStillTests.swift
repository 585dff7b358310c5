@testable import CodeReading
import CodeFixtures
import FrameCore
import PictureOps
import Testing

/// Huge stills are read shrunk first, then at full size where a code may be; every
/// thorough reading ends when its limit is reached.
@Suite struct LargeStillTests {
    let scanner = CodeScanner()

    /// A code of `moduleSize` pixels per module in the middle of a picture of about 18
    /// megapixels of plain paper.
    func hugePicture(_ text: String, moduleSize: Int) throws -> Frame {
        let code = try #require(QRMatrix(text: text, level: .medium)).render(moduleSize: moduleSize, dark: 30, light: 220)
        let margin = (4300 - code.width) / 2
        return code.padded(margin: margin, value: 200)
    }

    @Test func aLargeCodeIsReadFromTheShrunkPicture() throws {
        let frame = try hugePicture("large code in a huge picture", moduleSize: 24)
        #expect(LargeStill.applies(to: frame.bounds))
        let reading = ThoroughScan().scan(frame, with: scanner)
        #expect(reading.codes.map(\.text) == ["large code in a huge picture"])
        // Corners in the huge picture's pixels: the code lies around its middle.
        let corners = try #require(reading.codes.first?.corners)
        #expect(corners.allSatisfy { abs($0.x - frame.width / 2) < 500 && abs($0.y - frame.height / 2) < 500 })
        #expect(corners.contains { abs($0.x - frame.width / 2) > 200 })
    }

    @Test func aSmallCodeIsReadAtFullSizeWhereItLies() throws {
        let frame = try hugePicture("small code, 2 px modules", moduleSize: 2)
        // Shrunk by the factor a huge still gets, its modules are lost.
        let factor = LargeStill.factor(for: frame.bounds)
        #expect(factor >= 2)
        #expect(ThoroughScan().scanWhole(frame.shrunk(by: factor), with: scanner, limit: nil).codes.isEmpty)
        let reading = ThoroughScan().scan(frame, with: scanner)
        #expect(reading.codes.map(\.text) == ["small code, 2 px modules"])
        let corners = try #require(reading.codes.first?.corners)
        #expect(corners.allSatisfy { abs($0.x - frame.width / 2) < 60 && abs($0.y - frame.height / 2) < 60 })
    }

    @Test func aReachedLimitEndsAThoroughReading() {
        let frame = CodeFixtures.qrScene("never looked at", moduleSize: 4)
        let past = ReadingLimit(deadline: MonotonicClock.now() - 1)
        let late = ThoroughScan().scan(frame, with: scanner, limit: past)
        #expect(late.codes.isEmpty && late.passesRun.isEmpty)
        let stopped = ReadingLimit()
        #expect(!stopped.reached)
        stopped.stop()
        #expect(stopped.reached)
        #expect(CodeReader().read(frame, limit: stopped).codes.isEmpty)
        // Without a limit reached, the same picture reads.
        #expect(CodeReader().read(frame, limit: ReadingLimit()).codes.map(\.text) == ["never looked at"])
    }

    @Test func shrinkingAveragesWholeBlocks() {
        let frame = Frame(width: 5, height: 3, luma: [0, 30, 60, 90, 255,
                                                       30, 60, 90, 120, 255,
                                                       9, 9, 9, 9, 9])
        let small = frame.shrunk(by: 2)
        #expect(small.width == 2 && small.height == 1)
        #expect(small.luma == [30, 90])
    }
}
