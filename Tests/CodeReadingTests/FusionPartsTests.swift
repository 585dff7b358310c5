import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// The parts of frames taken together: a large window's shift found on a grid of its pixels.
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
}
