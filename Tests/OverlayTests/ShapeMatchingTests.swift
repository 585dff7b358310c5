import CodeFixtures
import FrameCore
import Testing

@testable import Overlay

/// Toned ASCII chooses each cell's character by the shape of its pixels (as chafa does), so a
/// code's modules keep their edges where one grey a cell turns them to mush.
@Suite struct ShapeMatchingTests {
    /// One cell of 4x8 samples, drawn and drawn back.
    func drawn(_ pattern: (Int, Int) -> Int16) -> (cell: Cell, pixels: [Int]) {
        let values = (0..<8).flatMap { y in (0..<4).map { x in pattern(x, y) } }
        let samples = SampleGrid(columns: 1, rows: 1, across: 4, down: 8, values: values)
        let cell = values.withUnsafeBufferPointer { TonedASCII.cell($0, samples, column: 0, row: 0, dim: false) }
        let pixels = GlyphRaster.pixels([[cell]]) { color in if case .grey(let v) = color { Int(v) } else { nil } }
        return (cell, pixels)
    }

    func correlation(_ a: [Int], _ b: [Int]) -> Double {
        let ma = Double(a.reduce(0, +)) / Double(a.count)
        let mb = Double(b.reduce(0, +)) / Double(b.count)
        let cov = zip(a, b).map { (Double($0) - ma) * (Double($1) - mb) }.reduce(0, +)
        let va = a.map { (Double($0) - ma) * (Double($0) - ma) }.reduce(0, +)
        let vb = b.map { (Double($0) - mb) * (Double($0) - mb) }.reduce(0, +)
        return cov / (va * vb).squareRoot()
    }

    @Test(arguments: ["left half", "right half", "top half", "bottom quarter", "rising stroke", "middle bar"])
    func aCellsCharacterFollowsItsLightAndDark(pattern name: String) {
        let shapes: [String: (Int, Int) -> Bool] = [
            "left half": { x, _ in x < 2 }, "right half": { x, _ in x >= 2 }, "top half": { _, y in y < 4 },
            "bottom quarter": { _, y in y >= 6 }, "rising stroke": { x, y in abs(x * 2 - (7 - y)) <= 1 },
            "middle bar": { x, _ in x == 1 || x == 2 },
        ]
        let dark = shapes[name]!
        let pattern = { (x: Int, y: Int) -> Int16 in dark(x, y) ? 30 : 220 }
        let values = (0..<8).flatMap { y in (0..<4).map { x in Int(pattern(x, y)) } }
        let result = drawn(pattern)
        #expect(result.cell.text != " ")
        #expect(correlation(values, result.pixels) > 0.5, "\(name): drew '\(result.cell.text)'")
    }

    @Test func aFlatCellIsASpaceInItsGrey() {
        let result = drawn { x, y in Int16(120 + (x + y) % 3) }
        #expect(result.cell.text == " " && result.cell.style.background == TonedASCII.tone(121))
    }

    /// A QR code in a 1280x720 frame on a 120x40 screen: over the code's region the toned
    /// preview drawn back is far closer to the picture than one grey a cell.
    @Test(arguments: [4, 6])
    func aCodesRegionIsDrawnCloseToThePicture(moduleSize: Int) {
        let frame = CodeFixtures.qrScene(
            "https://example.org/structure", width: 1280, height: 720, moduleSize: moduleSize, noise: 4)
        let image = GreyImage(width: frame.width, height: frame.height, pixels: frame.luma)
        let transform = ViewTransform.preview(
            frameWidth: 1280, frameHeight: 720, columns: 120, rows: 40, cellAspect: 0.5, mode: .fill)
        let truth = Shader.average(image, transform: transform, across: GlyphRaster.across, down: GlyphRaster.down)
            .values.map { Int(max(0, $0)) }
        func drawnBack(greys: Bool) -> [Int] {
            var scene = Scene(
                image: image, transform: transform, status: .scanning, info: StatusInfo(source: "t"), glyphs: .ascii)
            scene.greys = greys
            var shader = Shader(tolerance: 0)
            let grid = Screen.render(scene, columns: 120, rows: 40, shader: &shader)
            let cells = (0..<39).map { row in (0..<120).map { grid[$0, row] } }
            return GlyphRaster.pixels(cells) { color in if case .grey(let v) = color { Int(v) } else { nil } }
        }
        // The code (version 3: 37 modules with its quiet zone) about the frame's middle.
        let side = Double(37 * moduleSize)
        let corner = transform.cell(for: Point(x: 640 - side / 2, y: 360 - side / 2))
        let far = transform.cell(for: Point(x: 640 + side / 2, y: 360 + side / 2))
        let box = (x: Int(corner.x * 4)..<Int(far.x * 4), y: Int(corner.y * 8)..<Int(far.y * 8))
        let toned = GlyphRaster.similarity(truth, drawnBack(greys: true), width: 480, box: box)
        let mono = GlyphRaster.similarity(truth, drawnBack(greys: false), width: 480, box: box)
        #expect(toned >= 0.35 && toned > mono + 0.15, "toned \(toned), mono \(mono)")
    }
}
