import CodeFixtures
import FrameCore
import Testing

@testable import PictureOps

/// Labels in rows on a sheet: the finder patterns of neighbouring codes also form right angles
/// with equal sides, and were once taken for one large code, whose window then stood in for
/// the codes it covered. Each code's own three finders make its place.
@Suite struct FinderLinkTests {
    static let moduleSize = 4.0
    static let pitch = 180.0

    /// A sheet of paper with `columns` x `rows` version-2 codes on a square grid, lit unevenly, a little
    /// out of focus, with noise; and the middle of each code.
    static func sheet(columns: Int, rows: Int) throws -> (picture: Frame, middles: [(x: Double, y: Double)]) {
        let width = Int(Double(columns) * pitch + pitch / 2)
        let height = Int(Double(rows) * pitch + pitch / 2)
        var picture = Frame.filled(width: width, height: height, value: 220).lit(from: 0.75, to: 1.0)
        var middles = [(x: Double, y: Double)]()
        for index in 0..<(columns * rows) {
            let text = "label \(index < 10 ? "0" : "")\(index) on the sheet!"
            let matrix = try #require(QRMatrix(text: text, level: .medium))
            #expect(matrix.size == 25)
            let middle = (x: pitch * (Double(index % columns) + 0.75), y: pitch * (Double(index / columns) + 0.75))
            middles.append(middle)
            picture = picture.drawingModules(
                ModuleGrid(columns: matrix.size, rows: matrix.size, dark: matrix.modules),
                at: ModulePlacement(centreX: middle.x, centreY: middle.y, moduleSize: moduleSize), dark: 45, light: 215)
        }
        return (picture.blurred(sigma: 1).withNoise(amplitude: 6, seed: 4), middles)
    }

    @Test func eachCodeOnASheetInRowsHasAWindowOfItsOwn() throws {
        let (picture, middles) = try Self.sheet(columns: 5, rows: 4)
        let windows = QRCandidates.windows(in: picture)
        #expect(windows.count == middles.count, "\(windows)")
        // A code's window holds it and its margin, never a neighbour's middle.
        for window in windows {
            let inside = middles.filter { window.contains(x: $0.x, y: $0.y) }
            #expect(inside.count == 1, "\(window) holds \(inside.count) codes")
            #expect(Double(window.width) < 1.2 * Self.pitch && Double(window.height) < 1.2 * Self.pitch)
        }
    }

    @Test func finderPatternsOfOneCodeAreLinkedAndOfNeighboursNot() throws {
        let (picture, _) = try Self.sheet(columns: 2, rows: 1)
        let finders = FinderSearch.patterns(inEither: picture)
        #expect(finders.count == 6)
        // The two top-left finders, a pitch apart, and the first code's top-right one.
        let top = finders.filter { $0.centre.y < Self.pitch * 0.75 }.sorted { $0.centre.x < $1.centre.x }
        #expect(top.count == 4)
        guard top.count == 4 else { return }
        #expect(FinderLink(top[0], top[1]).holds(in: picture, among: finders))
        #expect(!FinderLink(top[0], top[2]).holds(in: picture, among: finders))
        #expect(!FinderLink(top[1], top[2]).holds(in: picture, among: finders))
    }
}

extension PixelRect {
    fileprivate func contains(x px: Double, y py: Double) -> Bool {
        px >= Double(x) && px < Double(x + width) && py >= Double(y) && py < Double(y + height)
    }
}

/// Finder patterns are looked for at every scale: a code shown on a screen, photographed
/// close, has the screen's dark pixel grid across every module, which breaks its finders'
/// rings at full size; halved and halved again, area averaging takes the grid away.
@Suite struct FinderScaleTests {
    @Test func aScreensFindersAreFoundOnceTheGridIsAveragedAway() throws {
        let matrix = try #require(QRMatrix(text: "on a screen", level: .medium))
        let code = Frame.filled(width: 1200, height: 1200, value: 235).drawingModules(
            ModuleGrid(columns: matrix.size, rows: matrix.size, dark: matrix.modules),
            at: ModulePlacement(centreX: 600, centreY: 600, moduleSize: 24, degrees: 3), dark: 30, light: 235)
        var luma = code.luma
        for y in 0..<code.height {
            for x in 0..<code.width where x % 4 == 0 || y % 4 == 0 { luma[y * code.width + x] /= 4 }
        }
        let screen = Frame(width: code.width, height: code.height, luma: luma)
        #expect(FinderSearch.marks(inEither: screen).finders.count < 3)
        #expect(QRCandidates.marksAtEveryScale(in: screen).finders.count == 3)
        #expect(QRCandidates.windows(in: screen).count == 1)
    }
}
