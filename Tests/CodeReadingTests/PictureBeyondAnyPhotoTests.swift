import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// A picture larger than any camera's photo. Kept out of `LargeStillTests`, which runs under
/// AddressSanitizer: there its two pictures of 25 megapixels took two minutes.
@Suite struct PictureBeyondAnyPhotoTests {
    let scanner = ZbarEngine()

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
}
