import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// The mean of the frames a scene stayed still in (`SteadyMean`): less noise than any frame,
/// and never two scenes mixed.
@Suite struct SteadyMeanTests {
    let area = PixelRect(x: 64, y: 48, width: 320, height: 240)

    func scene(_ text: String) throws -> Frame {
        let code = try #require(QRMatrix(text: text, level: .medium)).render(moduleSize: 4, dark: 30, light: 220)
        return Frame.filled(width: 480, height: 360, value: 200).drawing(code, centreX: 224, centreY: 168)
    }

    /// Root mean square of the area's difference from `clean`.
    func error(_ frame: Frame, against clean: Frame) -> Double {
        var sum = 0.0
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                let difference = Double(frame[x, y]) - Double(clean[x, y])
                sum += difference * difference
            }
        }
        return (sum / Double(area.width * area.height)).squareRoot()
    }

    func stats(_ frame: Frame) -> BlockStatistics {
        frame.blockStatistics(in: area, blockSize: LiveReader.blockSize, rowStep: LiveReader.rowStep)
    }

    @Test func theMeanOfEightFramesHasLessNoiseThanOne() throws {
        let clean = try scene("steady")
        var noise = SensorNoise(sigma: 8, seed: 3)
        var mean = SteadyMean()
        let frames = (0..<SteadyMean.most).map { noise.applied(to: clean.renumbered(sequence: $0, timestamp: 0)) }
        #expect(mean.picture(over: frames[0], in: area) == nil)  // no mean of nothing
        for frame in frames { mean.add(frame, in: area, scene: stats(frame)) }
        let picture = try #require(mean.picture(over: frames[7], in: area))
        let one = error(frames[7], against: clean)
        // √8 less noise, but for rounding to whole levels.
        #expect(one > 7 && error(picture, against: clean) < one / 2.5, "\(one) \(error(picture, against: clean))")
        // Outside the area, the frame as it is.
        #expect(picture[10, 10] == frames[7][10, 10] && picture[470, 350] == frames[7][470, 350])
    }

    /// Another code in the same place: the mean starts again from the frame it came in, so
    /// it is that code's frames alone, never a mix of the two.
    @Test func aSceneThatChangedStartsTheMeanAgain() throws {
        let (first, second) = (try scene("the first code"), try scene("another code here"))
        var noise = SensorNoise(sigma: 3, seed: 4)
        var mean = SteadyMean()
        for index in 0..<4 {
            let frame = noise.applied(to: first.renumbered(sequence: index, timestamp: 0))
            mean.add(frame, in: area, scene: stats(frame))
        }
        var last = second
        for index in 4..<7 {
            last = noise.applied(to: second.renumbered(sequence: index, timestamp: 0))
            mean.add(last, in: area, scene: stats(last))
        }
        #expect(mean.count == 3)
        let picture = try #require(mean.picture(over: last, in: area))
        #expect(error(picture, against: second) < 3)
        #expect(ZbarEngine().codes(in: picture).map(\.text) == ["another code here"])
    }
}
