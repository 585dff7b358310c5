import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// The parts of frames taken together: a large window's shift found on a grid of its pixels,
/// windows looked for only once the scene's whole scan has told, and the grid twice as fine.
@Suite struct FusionPartsTests {
    /// A window too large to measure whole (`FrameShift.samples`): its shift is found as well.
    @Test(arguments: [(1.5, -0.5), (-2.25, 2.75)])
    func aLargeWindowsShiftIsFoundOnAGridOfItsPixels(dx: Double, dy: Double) throws {
        let grid = try #require(QRMatrix(text: "a large window of a large code", level: .medium)).grid
        let backdrop = Frame.filled(width: 720, height: 520, value: 120)
        let draw = { (x: Double, y: Double) in
            backdrop.drawingModules(
                grid, at: ModulePlacement(centreX: x, centreY: y, moduleSize: 9), dark: 60, light: 180)
        }
        let window = PixelRect(x: 60, y: 60, width: 600, height: 400)
        #expect(window.width * window.height > 4 * FrameShift.samples)
        let reference = draw(360, 260)
        let mean = (0..<window.height).flatMap { row in
            (0..<window.width).map { Float(reference[window.x + $0, window.y + row]) }
        }
        var noise = SensorNoise(sigma: 10, seed: 4)
        let shift = FrameShift.estimate(noise.applied(to: draw(360 + dx, 260 + dy)), against: mean, in: window)
        #expect(abs(shift.dx - dx) < 0.3 && abs(shift.dy - dy) < 0.3, "\(shift)")
    }

    /// Windows are looked for only while the caller lets it (a live scene's whole scan under way
    /// tells first), then at once, from the frames summed meanwhile.
    @Test func windowsWaitUntilTheSearchIsLetRun() {
        let frames = FaintClip(seed: FrameFusionTests.stillSeed, frames: 10, width: 640, height: 360).frames()
        var fusion = FrameFusion()
        var dues = 0
        for frame in frames.prefix(9) {
            let scene = frame.blockStatistics(in: frame.bounds, blockSize: LiveReader.blockSize, rowStep: 4)
            dues += fusion.add(frame, in: frame.bounds, scene: scene, searching: false).count
        }
        #expect(dues == 0 && fusion.stacks.isEmpty && !fusion.idle)
        let last = frames[9]
        let scene = last.blockStatistics(in: last.bounds, blockSize: LiveReader.blockSize, rowStep: 4)
        let found = fusion.add(last, in: last.bounds, scene: scene)
        #expect(!fusion.stacks.isEmpty && found.count == fusion.stacks.count)
        #expect(fusion.stacks.allSatisfy { $0.count == 10 }, "\(fusion.stacks.map(\.count))")
    }

    /// Four frames half a pixel apart each way fall on every pixel of the fine grid: the picture
    /// they make is the one twice as fine that each frame samples.
    @Test func framesHalfAPixelApartMakeThePictureTwiceAsFine() {
        let (width, height) = (24, 16)
        let fine = (0..<(4 * width * height)).map { UInt8(truncatingIfNeeded: ($0 * 37 + $0 / (2 * width) * 11) % 200 + 20) }
        // A frame moved by (dx, dy) shows at its pixel x the fine pixel 2(x - dx) + 1.
        let frame = { (dx: Int, dy: Int) in
            Frame(
                width: width, height: height,
                luma: (0..<(width * height)).map { index in
                    let (x, y) = (index % width, index / width)
                    let (fx, fy) = (min(2 * width - 1, 2 * x + 1 - dx), min(2 * height - 1, 2 * y + 1 - dy))
                    return fine[fy * 2 * width + fx]
                })
        }
        var stack = FineStack(width: width, height: height)
        let window = PixelRect(x: 0, y: 0, width: width, height: height)
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            stack.add(frame(dx, dy), window: window, shift: FrameShift(dx: Double(dx) / 2, dy: Double(dy) / 2, residual: 0))
        }
        #expect(stack.moved == 3)
        let picture = stack.picture(filling: [Float](repeating: 0, count: width * height))
        #expect(picture.width == 2 * width && picture.height == 2 * height)
        #expect(picture.packed.luma == fine)
    }
}
