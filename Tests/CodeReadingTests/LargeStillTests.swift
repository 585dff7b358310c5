import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// Stills of many megapixels are read once at full size as zbarimg reads them, then within a
/// counted budget: shrunk when huge, and at full size where a code may be. Every thorough
/// reading ends when its limit is reached.
@Suite struct LargeStillTests {
    let scanner = ZbarEngine()

    /// A code of `moduleSize` pixels per module in the middle of a picture of about 18
    /// megapixels of plain paper.
    func hugePicture(_ text: String, moduleSize: Int) throws -> Frame {
        let code = try #require(QRMatrix(text: text, level: .medium)).render(
            moduleSize: moduleSize, dark: 30, light: 220)
        let margin = (4300 - code.width) / 2
        return code.padded(margin: margin, value: 200)
    }

    /// A 12-megapixel photo (see `CodeFixtures.busyPhoto`), maybe with a code at (2000, 1500).
    func photo(code: Frame? = nil) -> Frame {
        let picture = CodeFixtures.busyPhoto()
        return code.map { picture.drawing($0, centreX: 2000, centreY: 1500) } ?? picture
    }

    /// Without a code, a large photo costs little more than zbarimg's one look at it.
    @Test func aPhotoWithoutACodeCostsLittleMoreThanOneLook() {
        let frame = photo()
        #expect(LargeStill.applies(to: frame.bounds))
        let reading = ThoroughScan().scan(frame, with: scanner)
        #expect(reading.codes.isEmpty)
        let area = Double(frame.width * frame.height)
        #expect(reading.passesRun.first == .plain && reading.passesRun.count > 1)
        #expect(reading.work >= area && reading.work <= area * (1 + LargeStill.extraShare))
    }

    /// What the whole picture's one look misses is looked for where a code may be: a light
    /// code on dark in a large photo.
    @Test func aLightCodeOnDarkInALargePhotoIsFoundWhereItLies() throws {
        let code = try #require(QRMatrix(text: "light on dark", level: .medium)).render(
            moduleSize: 5, dark: 230, light: 25)
        let frame = photo(code: code)
        #expect(ZbarEngine().codes(in: frame).isEmpty)
        let reading = ThoroughScan().scan(frame, with: scanner)
        #expect(reading.codes.map(\.text) == ["light on dark"])
        let corners = try #require(reading.codes.first?.corners)
        #expect(corners.allSatisfy { abs($0.x - 2000) < 150 && abs($0.y - 1500) < 150 })
        #expect(reading.work <= Double(frame.width * frame.height) * (1 + LargeStill.extraShare))
    }

    @Test func aLargeCodeIsReadInAHugePicture() throws {
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
        #expect(
            ThoroughScan().scanWhole(frame.shrunk(by: factor), with: scanner, limit: nil, passes: [.plain]).codes
                .isEmpty)
        let reading = ThoroughScan().scan(frame, with: scanner)
        #expect(reading.codes.map(\.text) == ["small code, 2 px modules"])
        let corners = try #require(reading.codes.first?.corners)
        #expect(corners.allSatisfy { abs($0.x - frame.width / 2) < 60 && abs($0.y - frame.height / 2) < 60 })
    }

    /// Beyond any camera's photo, even the first look reads the picture shrunk (a full-size
    /// look at 100 megapixels costs seconds); a small code is still read where it lies, and the
    /// whole reading costs at most half as much again as that first look.
    /// (In the middle and near a corner.)
    @Test(arguments: [(2500, 2500), (300, 4600)])
    func aPictureBeyondAnyPhotoIsFirstReadShrunk(x: Int, y: Int) throws {
        let code = try #require(QRMatrix(text: "small code, huge picture", level: .medium)).render(
            moduleSize: 2, dark: 30, light: 220)
        let frame = Frame.filled(width: 5000, height: 5000, value: 200).drawing(
            code, centreX: Double(x), centreY: Double(y))
        let first = LargeStill.firstPicture(of: frame, in: frame.bounds).picture
        #expect(frame.width * frame.height > LargeStill.fullSizeAtMost)
        #expect(first.width < frame.width && first.width * first.height <= LargeStill.fullSizeAtMost)
        let reading = ThoroughScan().scan(frame, with: scanner)
        #expect(reading.codes.map(\.text) == ["small code, huge picture"])
        let corners = try #require(reading.codes.first?.corners)
        #expect(corners.allSatisfy { abs($0.x - x) < 60 && abs($0.y - y) < 60 })
        #expect(reading.work <= Double(first.width * first.height) * (1 + LargeStill.extraShare))
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
        let frame = Frame(
            width: 5, height: 3,
            luma: [
                0, 30, 60, 90, 255,
                30, 60, 90, 120, 255,
                9, 9, 9, 9, 9,
            ])
        let small = frame.shrunk(by: 2)
        #expect(small.width == 2 && small.height == 1)
        #expect(small.luma == [30, 90])
    }
}
