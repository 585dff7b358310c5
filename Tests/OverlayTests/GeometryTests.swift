import Testing

@testable import Overlay

@Suite struct ViewTransformTests {
    @Test func fillCoversTheScreenAndCropsTheFrame() {
        // 1280x720 on 160x47 cells of 1:2: across 160*0.5/1280 = 0.0625, down 47/720 = 0.0653.
        let t = ViewTransform(frameWidth: 1280, frameHeight: 720, columns: 160, rows: 47, cellAspect: 0.5)
        let scale = 47.0 / 720
        #expect(abs(t.pixelsPerRow - 1 / scale) < 1e-9)
        #expect(abs(t.pixelsPerColumn - 0.5 / scale) < 1e-9)
        #expect(t.originY == 0)
        #expect(t.originX > 0)  // the sides are cropped
        #expect(abs(t.visiblePixels.width - 160 * t.pixelsPerColumn) < 1e-6)
    }

    @Test func fitShowsTheWholeFrameWithBars() {
        let t = ViewTransform(frameWidth: 1280, frameHeight: 720, columns: 160, rows: 47, cellAspect: 0.5, mode: .fit)
        #expect(t.originX == 0)
        #expect(t.originY < 0)
        #expect(t.visiblePixels == Rect(x: 0, y: 0, width: 1280, height: 720))
    }

    @Test(arguments: [(0.5, ViewTransform.Mode.fill), (0.5, .fit), (0.45, .fill), (0.61, .fit)])
    func roundTripCellsToPixelsToCells(aspect: Double, mode: ViewTransform.Mode) {
        let t = ViewTransform(
            frameWidth: 1920, frameHeight: 1080, columns: 117, rows: 39, cellAspect: aspect, mode: mode)
        for cells in [
            CellRect(column: 3, row: 2, width: 40, height: 17), CellRect(column: 0, row: 0, width: 117, height: 39),
            CellRect(column: 50, row: 30, width: 1, height: 1),
        ] {
            #expect(t.cellRect(for: t.pixelRect(for: cells)) == cells)
        }
        let p = Point(x: 333.3, y: 777.7)
        let back = t.pixel(for: t.cell(for: p))
        #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
    }

    @Test func cellAspectFromPixelSizeChangesTheMapping() {
        let tall = ViewTransform(frameWidth: 100, frameHeight: 100, columns: 50, rows: 50, cellAspect: 0.5, mode: .fit)
        let square = ViewTransform(frameWidth: 100, frameHeight: 100, columns: 50, rows: 50, cellAspect: 1, mode: .fit)
        #expect(tall.pixelsPerRow == 2 * tall.pixelsPerColumn)
        #expect(square.pixelsPerRow == square.pixelsPerColumn)
    }
}

@Suite struct ScanAreaTests {
    let transform = ViewTransform.preview(
        frameWidth: 1280, frameHeight: 720, columns: 120, rows: 40,
        cellAspect: 0.5, mode: .fill)

    @Test func startsAsACentredSquareOfSixtyPercent() {
        let area = ScanArea.initial(frameWidth: 1280, frameHeight: 720)
        #expect(area.rect == Rect(x: 424, y: 144, width: 432, height: 432))
    }

    /// A small frame's square would cut the usual barcode (an EAN-13 at 3.5 px a module): its
    /// area starts as wide as that code.
    @Test func aSmallFramesAreaStartsAsWideAsTheUsualBarcode() {
        let area = ScanArea.initial(frameWidth: 640, frameHeight: 480)
        #expect(area.rect == Rect(x: 120, y: 96, width: 400, height: 288))
        #expect(ScanArea.initial(frameWidth: 320, frameHeight: 240).rect.width == 288)  // within the frame
    }

    @Test func movesByWholeCells() {
        var area = ScanArea.initial(frameWidth: 1280, frameHeight: 720)
        let before = area.cells(in: transform)
        area.move(columns: 2, rows: 0, in: transform)
        area.move(columns: 0, rows: -1, in: transform)
        let after = area.cells(in: transform)
        #expect(after.column == before.column + 2 && after.row == before.row - 1)
        #expect(after.width == before.width && after.height == before.height)
    }

    @Test func neverLeavesThePictureAndKeepsRoomForBrackets() {
        var area = ScanArea.initial(frameWidth: 1280, frameHeight: 720)
        for _ in 0..<200 { area.move(columns: -3, rows: -3, in: transform) }
        #expect(area.cells(in: transform).column == 1 && area.cells(in: transform).row == 1)
        for _ in 0..<200 { area.move(columns: 5, rows: 5, in: transform) }
        let cells = area.cells(in: transform)
        #expect(cells.maxColumn == transform.columns - 1 && cells.maxRow == transform.rows - 1)
        #expect(area.rect.maxX <= 1280 && area.rect.maxY <= 720)
    }

    @Test func resizesAboutItsCentreWithinLimits() {
        var area = ScanArea.initial(frameWidth: 1280, frameHeight: 720)
        let centre = area.rect.centre
        area.resize(columns: 2, rows: 1, in: transform)
        #expect(abs(area.rect.centre.x - centre.x) < 1e-6 && abs(area.rect.centre.y - centre.y) < 1e-6)
        #expect(
            area.cells(in: transform).width == ScanArea.initial(frameWidth: 1280, frameHeight: 720).cells(in: transform)
                .width + 4)
        for _ in 0..<100 { area.resize(columns: -3, rows: -3, in: transform) }
        #expect(area.rect.width >= ScanArea.minimumSide && area.rect.height >= ScanArea.minimumSide)
        for _ in 0..<100 { area.resize(columns: 3, rows: 3, in: transform) }
        #expect(area.rect.width <= transform.visiblePixels.width && area.rect.height <= 720)
    }

    @Test func clickCentresTheArea() {
        var area = ScanArea.initial(frameWidth: 1280, frameHeight: 720)
        area.centre(onColumn: 30, row: 20, in: transform)
        let cell = transform.cell(for: area.rect.centre)
        #expect(abs(cell.x - 30.5) < 0.01 && abs(cell.y - 20.5) < 0.01)
        // Near the edge it goes as far as it can, keeping room for the brackets.
        area.centre(onColumn: 0, row: 0, in: transform)
        #expect(area.cells(in: transform).column == 1 && area.cells(in: transform).row == 1)
    }

    @Test func survivesATinyScreen() {
        let tiny = ViewTransform.preview(
            frameWidth: 1280, frameHeight: 720, columns: 20, rows: 6, cellAspect: 0.5, mode: .fill)
        var area = ScanArea.initial(frameWidth: 1280, frameHeight: 720)
        area.clamp(to: tiny)
        area.move(columns: 10, rows: 10, in: tiny)
        area.resize(columns: 10, rows: 10, in: tiny)
        let visible = tiny.visiblePixels
        #expect(area.rect.x >= visible.x - 1e-6 && area.rect.maxX <= visible.maxX + 1e-6)
        #expect(area.rect.y >= visible.y - 1e-6 && area.rect.maxY <= visible.maxY + 1e-6)
    }
}
