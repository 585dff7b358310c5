import Testing

@testable import Overlay

/// The picture a terminal of pixels would draw lies where the characters draw it: its cells,
/// its undimmed area and brackets, and each code's corners.
@Suite struct FramePictureTests {
    /// The characters drawn for the scene on a screen of `columns` x 6, and its picture.
    static func drawn(columns: Int, mode: ViewTransform.Mode) throws -> (CellGrid, FramePicture) {
        let scene = PictureScenes.scene(columns: columns, rows: 6, mode: mode)
        var shader = Shader()
        return (
            Screen.render(scene, columns: columns, rows: 6, shader: &shader),
            try #require(FramePicture(scene, columns: columns, rows: 6))
        )
    }

    @Test func theUndimmedAreaIsTheOneTheCharactersLeaveUndimmed() throws {
        let (grid, picture) = try Self.drawn(columns: 20, mode: .fill)
        #expect(picture.cells == CellRect(column: 0, row: 0, width: 20, height: 5))
        let undimmed = try #require(picture.undimmed.map { picture.transform.cellRect(for: $0) })
        #expect(picture.brackets == picture.undimmed)
        for row in 0..<5 {
            for column in 0..<20 {
                let cell = grid[column, row]
                // Brackets are drawn undimmed outside the area; every other cell is dimmed
                // exactly where the picture of pixels is.
                guard !"┏┓┗┛━┃".contains(cell.text) else { continue }
                #expect(
                    cell.style.attributes.contains(.dim) == !undimmed.contains(column: column, row: row),
                    "cell \(column),\(row)")
            }
        }
    }

    @Test func aCodesCornersFallOnTheCellsItsOutlineJoins() throws {
        let picture = try #require(
            FramePicture(PictureScenes.scene(columns: 20, rows: 6, mode: .fill), columns: 20, rows: 6))
        // The outline joins cells (8,1)-(8,3)-(13,3)-(13,1) (ScreenTests); at 10x20 screen
        // pixels a cell, its corners lie in those cells' pixels.
        let corners = picture.outlines[0].map { picture.screenPixel(for: $0, cellWidth: 10, cellHeight: 20) }
        let cells = corners.map { (Int($0.x / 10), Int($0.y / 20)) }
        #expect(cells.map(\.0) == [8, 8, 13, 13])
        #expect(cells.map(\.1) == [1, 3, 3, 1])
    }

    @Test func aFittedPictureCoversOnlyItsOwnCells() throws {
        // 40 columns of 1:2 cells for a 40x20 frame in 5 rows: 20 columns wide, centred.
        let (grid, picture) = try Self.drawn(columns: 40, mode: .fit)
        #expect(picture.cells == CellRect(column: 10, row: 0, width: 20, height: 5))
        let drawn = (0..<40).filter { column in (0..<5).contains { grid[column, $0].text != " " } }
        #expect(drawn.first == picture.cells.column && drawn.last == picture.cells.maxColumn - 1)
        #expect(grid[picture.cells.column, 0].text == "@" && grid[picture.cells.maxColumn - 1, 0].text == "@")
        #expect(grid[picture.cells.column - 1, 2].text == " " && grid[picture.cells.maxColumn, 2].text == " ")
        // Its left edge in screen pixels is the picture's first pixel.
        #expect(picture.screenPixel(for: Point(x: 0, y: 0), cellWidth: 10, cellHeight: 20) == Point(x: 0, y: 0))
    }

    @Test func aStillReadWholeIsNotDimmedAndNoPictureWaitsForNone() throws {
        var scene = PictureScenes.scene(columns: 20, rows: 6, mode: .fill)
        scene.readsWhole = true
        let picture = try #require(FramePicture(scene, columns: 20, rows: 6))
        #expect(picture.undimmed == nil)
        #expect(picture.brackets != nil)
        scene.image = nil
        #expect(FramePicture(scene, columns: 20, rows: 6) == nil)
        #expect(FramePicture(PictureScenes.scene(columns: 20, rows: 1, mode: .fill), columns: 20, rows: 1) == nil)
    }
}
