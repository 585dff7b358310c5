import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import Overlay

/// A still scene's sensor noise draws nothing; a real change is drawn in the very next frame.
@Suite struct NoiseFloorTests {
    /// A code on a desk: soft light and sharp modules.
    let scene = Frame.plasma(width: 1280, height: 720, seed: 5).drawingModules(
        QRMatrix(text: "https://example.org/desk")!.grid, at: ModulePlacement(centreX: 640, centreY: 360, moduleSize: 6)
    )
    let transform = ViewTransform.preview(
        frameWidth: 1280, frameHeight: 720, columns: 160, rows: 48, cellAspect: 0.5, mode: .fill)

    func image(_ frame: Frame) -> GreyImage {
        GreyImage(width: frame.width, height: frame.height, pixels: frame.packed.luma)
    }

    /// The cells a frame draws differently from the one before (toned ASCII, as a 256-colour
    /// terminal shows it, or `glyphs`).
    func changedCells(_ frames: [Frame], glyphs: GlyphSet = .ascii) -> [Int] {
        var shader = Shader()
        var last: CellGrid?
        return frames.map { frame in
            var grid = CellGrid(width: 160, height: 47)
            let toned = glyphs == .ascii
            let samples = shader.sample(image(frame), transform: transform, glyphs: glyphs, toned: toned)
            PictureLayer.draw(samples, glyphs: glyphs, toned: toned, undimmed: nil, memo: &shader.memo, into: &grid)
            defer { last = grid }
            return last.map { before in zip(before.cells, grid.cells).filter { $0 != $1 }.count } ?? grid.cells.count
        }
    }

    /// Fresh normal noise of σ 12 in every frame: after the first few frames, hardly a cell of
    /// 7,520 is drawn again, in every glyph set.
    @Test(arguments: GlyphSet.allCases) func aStillSceneUnderNoiseDrawsNextToNothing(_ glyphs: GlyphSet) {
        var noise = SensorNoise(sigma: 12, seed: 3)
        let frames = (0..<24).map { _ in noise.applied(to: scene) }
        let changed = changedCells(frames, glyphs: glyphs)
        let settled = changed.dropFirst(8)
        #expect(settled.reduce(0, +) <= settled.count * 8, "\(glyphs): \(changed)")
    }

    /// Without the noise followed (a fixed tolerance), the same frames redraw much of the screen:
    /// what the test above rules out.
    @Test func aFixedToleranceRedrawsTheNoise() {
        var noise = SensorNoise(sigma: 12, seed: 3)
        let frames = (0..<12).map { _ in noise.applied(to: scene) }
        var shader = Shader(tolerance: 6)
        shader.noise = NoiseFloor()
        var moved = 0
        for frame in frames {
            let samples = shader.sample(image(frame), transform: transform, glyphs: .ascii, toned: true)
            moved = samples.resampled?.cells.filter { $0 }.count ?? moved
            shader.noise = NoiseFloor()  // forgotten each frame: the tolerance stays 6
        }
        #expect(moved > 500)
    }

    /// A shift of 2 pixels (the code's edges move), a hand coming in, a light switched on: drawn
    /// in that very frame.
    @Test func realChangeIsDrawnInTheNextFrame() {
        var noise = SensorNoise(sigma: 6, seed: 9)
        let still = (0..<12).map { _ in noise.applied(to: scene) }
        let shifted = noise.applied(to: scene.cropped(to: PixelRect(x: 2, y: 0, width: 1278, height: 720)).padded())
        var hand = scene.packed.luma
        for y in 200..<520 { for x in 300..<560 { hand[y * 1280 + x] = 60 } }
        let withHand = noise.applied(to: Frame(width: 1280, height: 720, luma: hand))
        let lit = noise.applied(
            to: Frame(width: 1280, height: 720, luma: scene.packed.luma.map { UInt8(min(255, Int($0) + 40)) }))
        for (name, changed, least) in [("2 px shift", shifted, 150), ("a hand", withHand, 200), ("light", lit, 6000)] {
            let counts = changedCells(still + [changed])
            #expect(counts.last! >= least, "\(name): \(counts)")
        }
    }

    /// The spread found is that of the differences: σ √2 for noise of σ on each sample.
    @Test func theFloorMeasuresTheNoise() {
        var floor = NoiseFloor()
        var random = SplitMix(seed: 1)
        func samples() -> [Int16] {
            (0..<20000).map { _ in
                // Twelve uniforms less six: close to normal, of σ 1; scaled to σ 3 about 128.
                let sum = (0..<12).reduce(0.0) { total, _ in total + Double(random.next() >> 11) / Double(1 << 53) }
                return Int16((128 + 3 * (sum - 6)).rounded())
            }
        }
        for _ in 0..<3 { floor.observe(samples()) }
        #expect(abs(floor.spread - 3 * 2.0.squareRoot()) < 0.3, "\(floor.spread)")
        // The same picture again says nothing.
        let same = samples()
        floor.observe(same)
        let before = floor.spread
        floor.observe(same)
        #expect(floor.spread == before)
    }
}

extension Frame {
    /// This frame widened to 1280 by repeating its last column (a shifted scene's edge).
    fileprivate func padded() -> Frame {
        let source = packed
        var luma = [UInt8]()
        for y in 0..<height {
            let row = Array(source.luma[(y * width)..<(y * width + width)])
            luma += row + Array(repeating: row.last!, count: 1280 - width)
        }
        return Frame(width: 1280, height: height, luma: luma)
    }
}
