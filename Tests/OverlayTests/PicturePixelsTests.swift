import Testing

@testable import Overlay

/// The picture in a terminal's own pixels: scaled by area, dimmed outside the scan area, the
/// brackets and outline drawn where the characters draw them.
@Suite struct PicturePixelsTests {
    static func picture(flash: Bool = false) throws -> FramePicture {
        var scene = PictureScenes.scene(columns: 20, rows: 6, mode: .fill)
        scene.flash = flash
        return try #require(FramePicture(scene, columns: 20, rows: 6))
    }

    @Test func outsideTheAreaIsDimmedAndTheMarksAreWhiteAndGreen() throws {
        let pixels = PicturePixels(try Self.picture(), cellWidth: 10, cellHeight: 20)
        #expect(pixels.width == 200 && pixels.height == 100)
        // The area is cells 5..<15 x 1..<4: pixels 50..<150 x 20..<80.
        #expect(pixels.pixel(100, 50) == (255, 255, 255))  // inside, white as the frame
        #expect(pixels.pixel(2, 95) == (102, 102, 102))  // outside: 0.4 of white
        #expect(pixels.pixel(47, 17) == PicturePixels.white)  // the top-left bracket's corner
        #expect(pixels.pixel(47, 50) == (102, 102, 102))  // between the arms: dimmed picture
        // The code's corner (16, 6) is cell (8, 1.5): pixel (80, 30); its edge runs down to (80, 70).
        #expect(pixels.pixel(80, 30) == PicturePixels.green && pixels.pixel(80, 50) == PicturePixels.green)
        #expect(pixels.pixel(90, 50) == (255, 255, 255))  // inside the outline
    }

    @Test func theBracketsTurnGreenForAMomentAfterARead() throws {
        let pixels = PicturePixels(try Self.picture(flash: true), cellWidth: 10, cellHeight: 20)
        #expect(pixels.pixel(47, 17) == PicturePixels.green)
    }

    @Test func areaAveragingTakesAFinePatternAway() throws {
        // A checkerboard of single pixels, two frame pixels to a screen pixel: an even grey
        // (a screen's moiré goes the same way), where sampling would keep black and white.
        let checker = (0..<800).map { index -> UInt8 in (index % 40 + index / 40) % 2 == 0 ? 0 : 255 }
        var scene = PictureScenes.scene(columns: 20, rows: 6, mode: .fill)
        (scene.image, scene.scanArea, scene.outlines) = (GreyImage(width: 40, height: 20, pixels: checker), nil, [])
        let pixels = PicturePixels(try #require(FramePicture(scene, columns: 20, rows: 6)), cellWidth: 1, cellHeight: 2)
        #expect(pixels.width == 20 && pixels.height == 10)
        let values = Set((0..<10).flatMap { y in (0..<20).map { pixels.pixel($0, y).0 } })
        #expect(values == [128])
    }

    /// Rows and columns of a picture that lie wholly outside the frame (the cells a fitted
    /// frame reaches in part) are black, above, below and beside it alike.
    @Test func whatLiesOutsideTheFrameIsBlack() {
        let white = GreyImage(width: 10, height: 10, pixels: Array(repeating: 255, count: 100))
        let scaled = AreaScaling.scaled(white, from: Rect(x: -5, y: -5, width: 20, height: 20), toWidth: 4, height: 4)
        #expect(scaled == [0, 0, 0, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 0, 0, 0])
    }

    /// A fitted frame's picture covers every cell the frame reaches, in part too.
    @Test func aFittedPictureCoversTheCellsItReachesInPart() throws {
        let scene = PictureScenes.scene(columns: 23, rows: 8, mode: .fit)
        let picture = try #require(FramePicture(scene, columns: 23, rows: 8))
        let transform = try #require(scene.transform)
        let visible = transform.visiblePixels
        let first = transform.cell(for: Point(x: visible.x, y: visible.y))
        let last = transform.cell(for: Point(x: visible.maxX, y: visible.maxY))
        #expect(Double(picture.cells.column) <= first.x && Double(picture.cells.row) <= first.y)
        #expect(Double(picture.cells.column + picture.cells.width) >= last.x)
        #expect(Double(picture.cells.row + picture.cells.height) >= last.y)
        let pixels = PicturePixels(picture, cellWidth: 10, cellHeight: 20)
        #expect(pixels.width == picture.cells.width * 10 && pixels.height == picture.cells.height * 20)
    }
}
