import CodeFixtures
import FrameCore
import Testing

@testable import PictureOps

/// A picture of many marks costs what its marks do: each is compared with its neighbours
/// alone, a finder is paired with its nearest alike, and a bull's-eye is no finder.
@Suite struct CrowdedMarksTests {
    @Test func nearestPointsAreFoundRingByRing() {
        var grid = PointGrid(side: 10)
        for y in 0..<50 { for x in 0..<50 { grid.add((Double(x * 4), Double(y * 4))) } }
        let nearest = grid.nearest(to: (100, 100), count: 5, within: 1000) { _ in true }
        #expect(nearest.map(\.distance) == [0, 4, 4, 4, 4])
        #expect(grid.near((100, 100), within: 4.5).count == 5)
        #expect(grid.nearest(to: (1000, 1000), count: 3, within: 50) { _ in true }.isEmpty)
    }

    /// Every bull's-eye of a grid is one, and none is taken for a QR finder (its rings round a
    /// light ring are not a finder's solid core).
    @Test func aBullseyeIsNoFinder() {
        let marks = FinderSearch.marks(inEither: Bombs.bullseyeGrid(side: 220, moduleSize: 2))
        #expect(marks.finders.isEmpty)
        #expect(marks.bullseyes.count == 100)
    }

    /// Finders a module apart in rows: each found once, and no more windows than a picture is
    /// given, however many trios they make.
    @Test func aGridOfFindersIsCountedAndItsWindowsCapped() {
        let picture = Bombs.finderGrid(side: 160)
        #expect(FinderSearch.marks(inEither: picture).finders.count == 400)
        #expect(QRCandidates.windows(in: picture).count <= QRCandidates.mostWindows)
        // zxing-cpp's first look counts them alike, from the rows that cross them.
        #expect(abs(FinderRows.estimate(in: picture) - 400) < 40, "\(FinderRows.estimate(in: picture))")
    }

    /// A picture larger than a photo is judged in bands of its rows: about the same count from
    /// a fifth of the pixels.
    @Test func finderRowsOfAHugePictureAreCountedInBands() {
        let picture = Bombs.finderGrid(side: 640)
        let whole = FinderRows.estimate(in: picture)
        let banded = FinderRows.estimate(in: picture, atMost: picture.width * picture.height / 5)
        #expect(abs(whole - 6400) < 640, "\(whole)")
        #expect(abs(banded - whole) < whole / 10, "\(banded) against \(whole)")
    }

    /// A picture narrower than the stretch each pixel is judged against: every width counts
    /// (the fuzzer's 10 px picture once made a range that ended before it began).
    @Test func finderRowsCountPicturesOfAnyWidth() {
        for width in 1...40 {
            let picture = Bombs.finderGrid(side: 40).cropped(to: PixelRect(x: 0, y: 0, width: width, height: 40))
            let count = FinderRows.estimate(in: picture)
            #expect(count >= 0 && count <= (width / 8 + 1) * 5, "\(width): \(count)")
        }
        #expect(FinderRows.estimate(in: Bombs.finderGrid(side: 40)) > 0)
    }

    /// A sheet of codes: each code's three finders make its place, however many codes.
    @Test func aSheetsCodesEachGetTheirPlace() {
        let sheet = Bombs.manyCodes(count: 64, moduleSize: 3)
        let finders = FinderSearch.patterns(inEither: sheet.picture)
        #expect(finders.count == 192)
        let trios = QRCandidates.trios(of: finders, in: sheet.picture)
        var used = Set<Int>()
        let places = trios.filter { trio in
            defer { used.formUnion(trio) }
            return used.isDisjoint(with: trio)
        }
        #expect(places.count == 64)
    }
}
