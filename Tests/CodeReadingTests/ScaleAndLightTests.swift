import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// Codes at every scale of a large photo, and codes under light that changes across them.
@Suite struct ScaleAndLightTests {
    func grid(_ text: String) throws -> ModuleGrid {
        let matrix = try #require(QRMatrix(text: text, level: .medium))
        return ModuleGrid(columns: matrix.size, rows: matrix.size, dark: matrix.modules)
    }

    /// A close-up: one code at 60 px a module filling most of a 3000x4000 photo, a little
    /// blurred and noisy.
    @Test func aCodeAtSixtyPixelsAModuleInATwelveMegapixelPhotoIsRead() throws {
        let picture = Frame.plasma(width: 3000, height: 4000, seed: 3).lit(from: 0.8, to: 1.0)
            .drawingModules(
                try grid("close up"),
                at: ModulePlacement(centreX: 1500, centreY: 2000, moduleSize: 60, degrees: 4), dark: 40, light: 210
            ).blurred(sigma: 2).withNoise(amplitude: 6, seed: 2)
        #expect(CodeReader().read(picture).codes.map(\.text) == ["close up"])
    }

    /// A large code and a small one in one picture: both read.
    @Test func aLargeAndASmallCodeInOnePictureAreBothRead() throws {
        let picture = Frame.plasma(width: 3000, height: 2000, seed: 5).lit(from: 0.8, to: 1.0)
            .drawingModules(
                try grid("large one"), at: ModulePlacement(centreX: 1000, centreY: 1000, moduleSize: 50),
                dark: 40, light: 210
            )
            .drawingModules(
                try grid("small one"), at: ModulePlacement(centreX: 2500, centreY: 1000, moduleSize: 3), dark: 40,
                light: 210
            ).blurred(sigma: 0.8).withNoise(amplitude: 4, seed: 9)
        #expect(Set(CodeReader().read(picture).codes.map(\.text)) == ["large one", "small one"])
    }

    /// Half of a code in deep shadow, the other half lit: a threshold for the whole code
    /// cannot separate its modules, one for each module's neighbourhood can.
    @Test func aCodeHalfInShadowIsRead() throws {
        var picture = Frame.filled(width: 800, height: 600, value: 200).drawingModules(
            try grid("half in shadow"), at: ModulePlacement(centreX: 400, centreY: 300, moduleSize: 6), dark: 40,
            light: 220)
        // The shadow's edge runs down the code's middle: the light there is a fifth.
        picture = picture.mapped(columns: 0..<400) { UInt8(Int($0) / 5) }
        #expect(CodeReader().read(picture.blurred(sigma: 1)).codes.map(\.text) == ["half in shadow"])
    }

    /// A code as a screen shows it, photographed: a grid of pixels with dark gaps between
    /// them, a little turned, moiré where the grid beats against the camera's.
    @Test func aCodeOnAScreenIsRead() throws {
        let code = Frame.filled(width: 1200, height: 1200, value: 235).drawingModules(
            try grid("on a screen"), at: ModulePlacement(centreX: 600, centreY: 600, moduleSize: 24, degrees: 3),
            dark: 30, light: 235)
        let screen = code.mapped { x, y, value in x % 4 == 0 || y % 4 == 0 ? value / 3 : value }
        #expect(CodeReader().read(screen.blurred(sigma: 0.7)).codes.map(\.text) == ["on a screen"])
    }
}

extension Frame {
    /// Pixels of `columns` mapped through `transform`.
    fileprivate func mapped(columns: Range<Int>, _ transform: (UInt8) -> UInt8) -> Frame {
        mapped { x, _, value in columns.contains(x) ? transform(value) : value }
    }

    fileprivate func mapped(_ transform: (Int, Int, UInt8) -> UInt8) -> Frame {
        let source = packed.luma
        var out = source
        for y in 0..<height { for x in 0..<width { out[y * width + x] = transform(x, y, source[y * width + x]) } }
        return Frame(width: width, height: height, luma: out)
    }
}
