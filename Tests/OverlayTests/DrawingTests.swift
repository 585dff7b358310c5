import Foundation
import Testing

@testable import Overlay

@Suite struct DrawingTests {
    @Test func bracketsSitJustOutsideTheFourCorners() {
        var grid = CellGrid(width: 20, height: 9)
        // 10x4 cells at (5,3); 1:2 cells: shorter side min(5, 4) = 4 -> arms of 1 row, 2 columns.
        Brackets.draw(
            around: CellRect(column: 5, row: 3, width: 10, height: 4), cellAspect: 0.5,
            unicode: true, style: .plain, into: &grid)
        #expect(
            grid.lines == [
                "                    ",
                "                    ",
                "    ┏━━      ━━┓    ",
                "    ┃          ┃    ",
                "                    ",
                "                    ",
                "    ┃          ┃    ",
                "    ┗━━      ━━┛    ",
                "                    ",
            ])
    }

    @Test func bracketArmsAreAQuarterOfTheShorterSide() {
        var grid = CellGrid(width: 44, height: 24)
        // 40x20 cells of 1:2: 20x20 screen units, a quarter is 5: 10 columns, 5 rows.
        Brackets.draw(
            around: CellRect(column: 2, row: 2, width: 40, height: 20), cellAspect: 0.5,
            unicode: false, style: .plain, into: &grid)
        #expect(
            grid.lines[1] == " +" + String(repeating: "-", count: 10) + String(repeating: " ", count: 20)
                + String(repeating: "-", count: 10) + "+ ")
        #expect((2..<7).allSatisfy { grid[1, $0].text == "|" } && grid[1, 7].text == " ")
    }

    /// An upright code's outline is one joined line: box corners where its sides meet.
    @Test func axisAlignedOutline() {
        var grid = CellGrid(width: 12, height: 6)
        let corners = [Point(x: 2, y: 1), Point(x: 2, y: 4), Point(x: 9, y: 4), Point(x: 9, y: 1)]
        Outline.draw(corners, cellAspect: 0.5, unicode: true, into: &grid)
        #expect(
            grid.lines == [
                "            ",
                "  ┌──────┐  ",
                "  │      │  ",
                "  │      │  ",
                "  └──────┘  ",
                "            ",
            ])
        var ascii = CellGrid(width: 12, height: 6)
        Outline.draw(corners, cellAspect: 0.5, unicode: false, into: &ascii)
        #expect(ascii.lines[1] == "  +------+  " && ascii.lines[4] == "  +------+  ")
        #expect(
            grid.mask(where: { $0.style.foreground == .green }) == [
                "............",
                "..########..",
                "..#......#..",
                "..#......#..",
                "..########..",
                "............",
            ])
    }

    @Test func rotatedOutlineFollowsTheEdges() {
        // A square of side 16 screen units turned by 30 degrees, centred at (24, 12) cells
        // (1:2 cells: x in cells = 2 * x in screen units).
        var grid = CellGrid(width: 48, height: 25)
        let angle = 30.0 * .pi / 180
        let corners = [(-8.0, -8.0), (-8.0, 8.0), (8.0, 8.0), (8.0, -8.0)].map { (u, v) -> Point in
            let x = u * cos(angle) - v * sin(angle)
            let y = u * sin(angle) + v * cos(angle)
            return Point(x: 24 + 2 * x, y: 12 + y)
        }
        Outline.draw(corners, cellAspect: 0.5, unicode: true, into: &grid)
        let green = grid.mask(where: { $0.style.foreground == .green })
        // Every corner is marked, every line cell lies on one of the four edges.
        for corner in corners { #expect(grid[Int(corner.x), Int(corner.y)].text == "+") }
        func distanceToEdges(_ c: Double, _ r: Double) -> Double {
            (0..<4).map { i -> Double in
                let a = corners[i]
                let b = corners[(i + 1) % 4]
                let (ax, ay, bx, by) = (a.x / 2, a.y, b.x / 2, b.y)  // back to square units
                let (px, py) = (c / 2, r)
                let t = max(
                    0,
                    min(
                        1,
                        ((px - ax) * (bx - ax) + (py - ay) * (by - ay))
                            / ((bx - ax) * (bx - ax) + (by - ay) * (by - ay))))
                let dx = px - (ax + t * (bx - ax))
                let dy = py - (ay + t * (by - ay))
                return (dx * dx + dy * dy).squareRoot()
            }.min()!
        }
        var count = 0
        for (row, line) in green.enumerated() {
            for (column, mark) in line.enumerated() where mark == "#" {
                count += 1
                #expect(
                    distanceToEdges(Double(column) + 0.5, Double(row) + 0.5) < 1.2, "stray cell at \(column),\(row)")
            }
        }
        #expect(count >= 4 * 14)  // four edges of about 16 units each, no gaps
        // Edges at 30 and 120 degrees use the two diagonals, not the straight glyphs.
        let glyphs = Set(grid.cells.filter { $0.style.foreground == .green && $0.text != "+" }.map(\.text))
        #expect(glyphs == ["╲", "╱"])
    }

    @Test(arguments: [
        (0.0, 0.0, "─"), (0.0, 5.0, "│"), (4.0, 2.0, "╲"), (4.0, -2.0, "╱"), (10.0, 1.0, "─"), (-4.0, -2.0, "╲"),
    ])
    func outlineGlyphFollowsTheScreenAngle(dx: Double, dy: Double, glyph: String) {
        #expect(Outline.glyph(dx: dx, dy: dy, cellAspect: 0.5, unicode: true) == glyph)
    }
}

@Suite struct PictureTests {
    /// 256 columns of a horizontal gradient 0...255.
    let gradient = GreyImage(width: 256, height: 8, pixels: (0..<(256 * 8)).map { UInt8($0 % 256) })
    func transform(_ columns: Int, _ rows: Int) -> ViewTransform {
        ViewTransform(frameWidth: 256, frameHeight: 8, columns: columns, rows: rows, cellAspect: 0.5, mode: .fit)
    }

    func render(_ glyphs: GlyphSet, columns: Int, rows: Int = 1) -> CellGrid {
        var shader = Shader()
        let samples = shader.sample(gradient, transform: transform(columns, rows), glyphs: glyphs)
        var grid = CellGrid(width: columns, height: rows)
        PictureLayer.draw(samples, glyphs: glyphs, undimmed: nil, into: &grid)
        return grid
    }

    @Test func asciiRampOnAGradient() {
        // 12 cells over 0...255: cell i averages about 256/12*(i+0.5), i.e. ramp index i.
        #expect(render(.ascii, columns: 12, rows: 1).lines == [" .,:-=+*o#%@"])
    }

    @Test func blockRampOnAGradient() {
        #expect(render(.blocks, columns: 5, rows: 1).lines == [" ░▒▓█"])
    }

    /// Toned ASCII through the shader: one cell of 4x8 pixels, lighter (200) where `light`
    /// says, drawn; and the cell drawn back as a terminal shows it.
    func toned(_ light: (Int, Int) -> Bool, area: CellRect? = nil) -> (cell: Cell, pixels: [Int], drawn: [Int]) {
        let pixels = (0..<8).flatMap { y in (0..<4).map { x in light(x, y) ? 200 : 20 } }
        let image = GreyImage(width: 4, height: 8, pixels: pixels.map(UInt8.init))
        let t = ViewTransform(frameWidth: 4, frameHeight: 8, columns: 1, rows: 1, cellAspect: 0.5, mode: .fit)
        var shader = Shader(tolerance: 0)
        let samples = shader.sample(image, transform: t, glyphs: .ascii, toned: true)
        #expect(samples.across == 4 && samples.down == 8)
        var grid = CellGrid(width: 1, height: 1)
        PictureLayer.draw(samples, glyphs: .ascii, toned: true, undimmed: area, into: &grid)
        let drawn = GlyphRaster.pixels([[grid[0, 0]]]) { color in if case .grey(let v) = color { Int(v) } else { nil } }
        return (grid[0, 0], pixels, drawn)
    }

    /// The character follows where the light lies: drawn back, the cell is lighter where the
    /// picture is (no character fills a cell, so not as light; and a font leaves a cell's
    /// outer columns and top row to the background, so no pattern asks for those alone).
    @Test func tonedASCIIFollowsTheTexture() {
        for (name, light) in [
            ("top", { (_: Int, y: Int) in y < 4 }), ("left", { (x: Int, _: Int) in x < 2 }),
            ("bottom row", { (_: Int, y: Int) in y == 7 }), ("middle column", { (x: Int, _: Int) in x == 2 }),
        ] {
            let result = toned(light)
            #expect(result.cell.text != " " && result.cell.style.foreground != result.cell.style.background, "\(name)")
            let mean = { (values: [Int]) in Double(values.reduce(0, +)) / Double(values.count) }
            let lightDrawn = zip(result.pixels, result.drawn).filter { $0.0 == 200 }.map(\.1)
            let darkDrawn = zip(result.pixels, result.drawn).filter { $0.0 == 20 }.map(\.1)
            #expect(mean(lightDrawn) > mean(darkDrawn) + 20, "\(name): '\(result.cell.text)'")
        }
        let flat = GreyImage(width: 4, height: 8, pixels: (0..<32).map { UInt8(100 + $0 % 10) })
        var shader = Shader(tolerance: 0)
        let t = ViewTransform(frameWidth: 4, frameHeight: 8, columns: 1, rows: 1, cellAspect: 0.5, mode: .fit)
        var grid = CellGrid(width: 1, height: 1)
        PictureLayer.draw(
            shader.sample(flat, transform: t, glyphs: .ascii, toned: true), glyphs: .ascii, toned: true,
            undimmed: nil, into: &grid)
        #expect(grid[0, 0] == Cell(" ", style: Style(background: .grey(108))))
    }

    /// Outside the scan area a toned cell is drawn from 40% of its greys and marked dim.
    @Test func tonedASCIIDimsOutsideTheArea() {
        let bright = toned({ x, _ in x < 2 })
        let dimmed = toned({ x, _ in x < 2 }, area: CellRect(column: 5, row: 5, width: 1, height: 1))
        #expect(dimmed.cell.style.attributes == .dim && bright.cell.style.attributes == [])
        let mean = { (values: [Int]) in Double(values.reduce(0, +)) / Double(values.count) }
        #expect(abs(mean(dimmed.drawn) - 0.4 * mean(bright.drawn)) < 15)
    }

    /// A cell whose samples and dimming are as they were is not matched again (the memo's),
    /// and one whose samples changed is.
    @Test func aStillCellIsKeptAChangedOneMatchedAgain() {
        let t = ViewTransform(frameWidth: 4, frameHeight: 8, columns: 1, rows: 1, cellAspect: 0.5, mode: .fit)
        var shader = Shader(tolerance: 0)
        func draw(_ light: (Int) -> Bool) -> Cell {
            let image = GreyImage(width: 4, height: 8, pixels: (0..<32).map { light($0) ? 200 : 20 })
            var grid = CellGrid(width: 1, height: 1)
            let samples = shader.sample(image, transform: t, glyphs: .ascii, toned: true)
            PictureLayer.draw(samples, glyphs: .ascii, toned: true, undimmed: nil, memo: &shader.memo, into: &grid)
            return grid[0, 0]
        }
        let top = draw { $0 < 16 }
        #expect(draw { $0 < 16 } == top)
        #expect(draw { $0 >= 16 } != top)
    }

    /// Frame after frame, only cells that changed are sampled and matched again, and what is
    /// drawn is what a fresh shader draws from the last frame: the kept cells and samples are
    /// the right ones, and the moved cells' samples are the picture's own. Also where the
    /// picture is narrower than the screen (fit mode), so that a row's first and last cells lie
    /// partly off it.
    @Test(arguments: [32, 30]) func drawingCellByCellEqualsDrawingAfresh(width: Int) {
        let (columns, rows) = (8, 3)
        let height = rows * 8
        let t = ViewTransform(
            frameWidth: width, frameHeight: height, columns: columns, rows: rows, cellAspect: 0.5, mode: .fit)
        func frame(_ seed: Int, brightBlock: ClosedRange<Int>?) -> GreyImage {
            var state = UInt64(seed)
            let pixels = (0..<(width * height)).map { i -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let column = (i % width + (32 - width) / 2) / 4
                let base: UInt8 = brightBlock?.contains(column) == true ? 150 : 10
                return base &+ UInt8(truncatingIfNeeded: state >> 60) &* 6
            }
            return GreyImage(width: width, height: height, pixels: pixels)
        }
        var shader = Shader(tolerance: 0)
        var grid = CellGrid(width: columns, height: rows)
        let area = CellRect(column: 1, row: 0, width: 4, height: 2)
        for (seed, block) in [(1, nil), (1, 2...3), (1, 5...7), (2, 5...7)] as [(Int, ClosedRange<Int>?)] {
            let image = frame(seed, brightBlock: block)
            grid = CellGrid(width: columns, height: rows)
            let samples = shader.sample(image, transform: t, glyphs: .ascii, toned: true)
            #expect(samples.values == Shader.average(image, transform: t, across: 4, down: 8).values)
            PictureLayer.draw(samples, glyphs: .ascii, toned: true, undimmed: area, memo: &shader.memo, into: &grid)
            var fresh = CellGrid(width: columns, height: rows)
            var freshShader = Shader(tolerance: 0)
            PictureLayer.draw(
                freshShader.sample(image, transform: t, glyphs: .ascii, toned: true), glyphs: .ascii, toned: true,
                undimmed: area, into: &fresh)
            #expect(grid == fresh, "frame \(seed) \(String(describing: block))")
        }
    }

    @Test func halfBlocksCarryTwoGreyLevels() {
        let image = GreyImage(width: 2, height: 4, pixels: [0, 0, 0, 0, 200, 200, 200, 200])
        var shader = Shader()
        let t = ViewTransform(frameWidth: 2, frameHeight: 4, columns: 1, rows: 1, cellAspect: 0.5, mode: .fit)
        let samples = shader.sample(image, transform: t, glyphs: .half)
        var grid = CellGrid(width: 1, height: 1)
        PictureLayer.draw(samples, glyphs: .half, undimmed: nil, into: &grid)
        #expect(grid[0, 0] == Cell("▀", style: Style(foreground: .grey(0), background: .grey(200))))
    }

    @Test func brailleDotsGrowWithBrightness() {
        // 256x64 is 4:1, exactly the shape of 8 cells of 1:2 in a row.
        // Steps: cell i is a flat 32i + 16.
        let steps: [UInt8] = (0..<(256 * 64)).map { (i: Int) -> UInt8 in UInt8(i % 256 / 32 * 32 + 16) }
        let image = GreyImage(width: 256, height: 64, pixels: steps)
        var shader = Shader()
        let t = ViewTransform(frameWidth: 256, frameHeight: 64, columns: 8, rows: 1, cellAspect: 0.5, mode: .fit)
        var grid = CellGrid(width: 8, height: 1)
        PictureLayer.draw(
            shader.sample(image, transform: t, glyphs: .braille), glyphs: .braille, undimmed: nil, into: &grid)
        let patterns = grid.cells.map { Int($0.text.unicodeScalars.first!.value) - 0x2800 }
        #expect(patterns.allSatisfy { (0...255).contains($0) })
        let dots = patterns.map { $0.nonzeroBitCount }
        // The 8 dot thresholds are 16, 48, ..., 240: a flat 32i + 16 lights i dots.
        #expect(dots == Array(0..<8))
    }

    @Test func areaAveragingNotPointSampling() {
        // Alternating black and white columns average to mid grey; point sampling would not.
        let stripes = GreyImage(width: 64, height: 2, pixels: (0..<128).map { $0 % 2 == 0 ? 0 : 254 })
        let t = ViewTransform(frameWidth: 64, frameHeight: 2, columns: 8, rows: 1, cellAspect: 0.5, mode: .fit)
        let samples = Shader.average(stripes, transform: t, across: 1, down: 1)
        #expect(samples.values.allSatisfy { $0 == 127 })
    }

    @Test func hysteresisHoldsNoiseAndFollowsRealChange() {
        var shader = Shader(tolerance: 6)
        let t = ViewTransform(frameWidth: 4, frameHeight: 4, columns: 1, rows: 1, cellAspect: 1, mode: .fit)
        func frame(_ v: UInt8) -> GreyImage { GreyImage(width: 4, height: 4, pixels: Array(repeating: v, count: 16)) }
        #expect(shader.sample(frame(100), transform: t, glyphs: .ascii).values == [100])
        #expect(shader.sample(frame(105), transform: t, glyphs: .ascii).values == [100])
        #expect(shader.sample(frame(94), transform: t, glyphs: .ascii).values == [100])
        #expect(shader.sample(frame(120), transform: t, glyphs: .ascii).values == [120])
    }

    @Test func fitBarsAreBlankAndOutsideTheAreaIsDimmed() {
        let image = GreyImage(width: 8, height: 8, pixels: Array(repeating: 255, count: 64))
        var shader = Shader()
        // 16x4 cells of 1:2 show the 8x8 frame 8 cells wide: 4 blank columns on each side.
        let t = ViewTransform(frameWidth: 8, frameHeight: 8, columns: 16, rows: 4, cellAspect: 0.5, mode: .fit)
        let samples = shader.sample(image, transform: t, glyphs: .ascii)
        var grid = CellGrid(width: 16, height: 4)
        PictureLayer.draw(
            samples, glyphs: .ascii, undimmed: CellRect(column: 6, row: 1, width: 4, height: 2), into: &grid)
        // White is "@" inside and out: outside, the dim attribute fades it (a sparser
        // character as well would leave nothing to see on an 8-colour terminal).
        #expect(grid.lines == ["    @@@@@@@@    ", "    @@@@@@@@    ", "    @@@@@@@@    ", "    @@@@@@@@    "])
        #expect(
            grid.mask(where: { $0.style.attributes.contains(.dim) })
                == ["....########....", "....##....##....", "....##....##....", "....########...."])
    }
}

@Suite struct ScreenTests {
    @Test func aWholeScreenComposesPictureMaskBracketsOutlineAndStatus() {
        // A 40x20 white frame on a 20x6 screen of 1:2 cells: 5 picture rows + the status line.
        // Fill: scale max(20*0.5/40, 5/20) = 0.25: 4 pixels per row, 2 per column, all visible.
        let image = GreyImage(width: 40, height: 20, pixels: Array(repeating: 255, count: 800))
        let transform = ViewTransform.preview(
            frameWidth: 40, frameHeight: 20, columns: 20, rows: 6, cellAspect: 0.5, mode: .fill)
        // Scan area: pixels 10..30 x 4..16 = columns 5..<15, rows 1..<4.
        let area = ScanArea(rect: Rect(x: 10, y: 4, width: 20, height: 12))
        let code: [Point] = [Point(x: 16, y: 6), Point(x: 16, y: 14), Point(x: 26, y: 14), Point(x: 26, y: 6)]
        let scene = Scene(
            image: image, transform: transform, scanArea: area, outlines: [code],
            status: .scanning, info: StatusInfo(source: "t"), glyphs: .ascii, unicode: true)
        var shader = Shader()
        let grid = Screen.render(scene, columns: 20, rows: 6, shader: &shader)
        // White is "@" everywhere (outside, the dim attribute fades it). Arms: the shorter side
        // is min(10 * 0.5, 3) = 3 rows, a quarter is 0.75: 1 row, 0.75 / 0.5 = 1.5 -> 2 columns.
        // The outline joins cells (8,1)-(8,3)-(13,3)-(13,1). Brackets are drawn undimmed.
        #expect(
            Array(grid.lines.prefix(5)) == [
                "@@@@┏━━@@@@@@━━┓@@@@",
                "@@@@┃@@@┌────┐@┃@@@@",
                "@@@@@@@@│@@@@│@@@@@@",
                "@@@@┃@@@└────┘@┃@@@@",
                "@@@@┗━━@@@@@@━━┛@@@@",
            ])
        #expect(
            Array(grid.mask(where: { $0.style.attributes.contains(.dim) }).prefix(5)) == [
                "####...######...####",
                "####............####",
                "#####..........#####",
                "####............####",
                "####...######...####",
            ])
        #expect(grid.lines[5].hasPrefix(" ◎ Scanning aim the"))
    }
}

@Suite struct StatusNoticeTests {
    /// What a key just did is never cut: where it does not fit beside the status, it takes a
    /// line of its own above it, and the source is left out first; a masked secret stays masked
    /// in the "last:" of a later scan.
    @Test func aLongNoticeTakesALineAboveNotCut() {
        var grid = CellGrid(width: 60, height: 3)
        let notice = "copied the Wi-Fi password: 7 bytes (OSC 52, tmux)"
        var info = StatusInfo(source: "/a/very/long/path/to/the/picture.png", notice: notice)
        info.lastCode = CodeSummary(
            type: "QR-Code", text: "WIFI:S:x;P:secret;;", byteCount: 19, meaning: "Wi-Fi x, password ••••••")
        StatusBar.draw(.scanning, info: info, unicode: true, row: 2, into: &grid)
        #expect(grid.lines[1].trimmingCharacters(in: .whitespaces) == notice)
        let line = grid.lines[2]
        #expect(line.contains("last: Wi-Fi x, password ••••••") && !line.contains("secret"))
        #expect(!line.contains("copied") && !line.contains("…"))
        #expect(line.trimmingCharacters(in: .whitespaces).hasSuffix("│ ? help"))
        #expect(grid.lines[0].trimmingCharacters(in: .whitespaces).isEmpty)  // the picture's row, untouched
    }

    /// A notice that fits beside the status stays on the status line, the source left out to make room.
    @Test func aNoticeThatFitsStaysOnTheLine() {
        var grid = CellGrid(width: 80, height: 3)
        let info = StatusInfo(source: "/a/very/long/path/to/the/picture.png", notice: "copied 5 bytes (OSC 52)")
        StatusBar.draw(.scanning, info: info, unicode: true, row: 2, into: &grid)
        #expect(grid.lines[2].contains("│ copied 5 bytes (OSC 52) │"))
        #expect(!grid.lines[2].contains("picture.png") && grid.lines[1].trimmingCharacters(in: .whitespaces).isEmpty)
    }

    /// A failure's advice that does not fit is given whole on the lines above, broken between words.
    @Test func aFailuresAdviceIsWrappedAboveNotCut() {
        var grid = CellGrid(width: 60, height: 5)
        let hint = "join the video group: sudo usermod -aG video $USER, then log in again"
        StatusBar.draw(
            .fail(reason: "cannot open /dev/video0: Permission denied", hint: hint), info: StatusInfo(source: "x"),
            unicode: true, row: 4, into: &grid)
        let above = grid.lines[0..<4].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(above.joined(separator: " ") == hint)
        #expect(grid.lines[4].contains("cannot open /dev/video0: Permission denied"))
    }
}
