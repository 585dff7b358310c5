import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// A still holds as many QR codes as it holds, and each is read once, with its own corners
/// (see `CandidateWindows`).
@Suite struct ManyCodesTests {
    struct Placed {
        let text: String
        let x: Double
        let y: Double
    }

    /// `codes` drawn as a camera sees them onto a page of `width`x`height`, lit from one
    /// side, a little out of focus and noisy: as a phone photographs a sheet of labels.
    func page(width: Int, height: Int, _ codes: [(Placed, moduleSize: Double, degrees: Double)]) throws -> Frame {
        var picture = Frame.plasma(width: width, height: height, seed: 7).lit(from: 0.7, to: 1.0)
        for (code, moduleSize, degrees) in codes {
            let matrix = try #require(QRMatrix(text: code.text, level: .medium))
            let grid = ModuleGrid(columns: matrix.size, rows: matrix.size, dark: matrix.modules)
            picture = picture.drawingModules(
                grid, at: ModulePlacement(centreX: code.x, centreY: code.y, moduleSize: moduleSize, degrees: degrees),
                dark: 50, light: 200)
        }
        return picture.blurred(sigma: 1.2).withNoise(amplitude: 8, seed: 5)
    }

    /// The texts read, each with its corners' middle.
    func reads(_ frame: Frame) -> [(text: String, x: Int, y: Int)] {
        CodeReader().read(frame).codes.map { code in
            let n = max(1, code.corners.count)
            return (code.text, code.corners.map(\.x).reduce(0, +) / n, code.corners.map(\.y).reduce(0, +) / n)
        }
    }

    func expectEachReadOnceWhereItLies(_ placed: [Placed], in frame: Frame, within reach: Double) {
        let found = reads(frame)
        #expect(found.count == placed.count, "\(found.map(\.text))")
        for code in placed {
            let here = found.filter {
                $0.text == code.text && abs(Double($0.x) - code.x) < reach && abs(Double($0.y) - code.y) < reach
            }
            #expect(here.count == 1, "\(code.text) at \(code.x), \(code.y): \(here.count) reads")
        }
    }

    /// A sheet of 20 labels, each a little turned: all 20, where a look at the whole
    /// reads a few.
    @Test func aSheetOfTwentyLabelsIsReadWhole() throws {
        let placed: [Placed] = (0..<20).map { (index: Int) -> Placed in
            let x: Double = 260 + Double(index % 5) * 470
            let y: Double = 260 + Double(index / 5) * 470
            return Placed(text: "label \(index + 1) of the sheet", x: x, y: y)
        }
        let frame = try page(
            width: 2400, height: 1900,
            placed.enumerated().map { ($1, moduleSize: 3.2, degrees: Double($0 % 7) * 2 - 6) })
        expectEachReadOnceWhereItLies(placed, in: frame, within: 80)
    }

    /// Three codes turned by 0, 30 and 60 degrees in one picture.
    @Test func threeCodesAtThreeAnglesAreAllRead() throws {
        let placed = [
            Placed(text: "upright", x: 350, y: 400), Placed(text: "turned by thirty", x: 1000, y: 400),
            Placed(text: "turned by sixty", x: 1650, y: 400),
        ]
        let frame = try page(
            width: 2000, height: 800, zip(placed, [0.0, 30, 60]).map { ($0, moduleSize: 4, degrees: $1) })
        expectEachReadOnceWhereItLies(placed, in: frame, within: 60)
    }

    /// One payload printed at three places is three codes, each with its own corners.
    @Test func theSamePayloadAtThreePlacesIsReadAtEach() throws {
        let placed = [350.0, 1000, 1650].map { Placed(text: "the same label", x: $0, y: 400) }
        let frame = try page(width: 2000, height: 800, placed.map { ($0, moduleSize: 4, degrees: 3) })
        expectEachReadOnceWhereItLies(placed, in: frame, within: 60)
    }
}
