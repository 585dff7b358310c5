import FrameCore
import Glibc

/// The three squares in a QR code's corners (a dark ring round a light ring round a dark
/// core), found by their nesting in a black-and-white picture, so they are found at any
/// angle and under perspective, where zbar's scan-line search for 1:1:3:1:1 runs fails.
struct FinderPattern {
    /// Centre of the dark core, in picture pixels.
    let centre: (x: Double, y: Double)
    /// The four outer corners of the dark ring, in no particular order.
    let corners: [(x: Double, y: Double)]
    /// Pixels per module, from the pattern's area (7 x 7 modules).
    let moduleSize: Double

    func isNear(_ point: (x: Double, y: Double), within reach: Double) -> Bool {
        hypot(centre.x - point.x, centre.y - point.y) < reach
    }
}

/// Connected regions of one colour, each knowing the region that encloses it, and the runs
/// of each row with the region each belongs to (a label a run, not a label a pixel: a picture
/// holds far fewer runs than pixels).
struct Regions {
    let width: Int
    let height: Int
    /// Where each row's runs begin in `runStart`, `runEnd` and `runRegion` (one more than rows).
    var rowStart: [Int]
    var runStart: [UInt16]
    var runEnd: [UInt16]
    var runRegion: [Int32]
    var area: [Int32] = []
    var parent: [Int32] = []
    var isDark: [Bool] = []
    var sumX: [Int] = []
    var sumY: [Int] = []
    var touchesBorder: [Bool] = []
    var childCount: [Int32] = []
    /// The area of the regions each one encloses directly.
    var childArea: [Int32] = []

    /// Dark regions join across corners (8 neighbours), light ones only along edges (4), so
    /// a ring of either colour really encloses what lies inside it. Labelled by runs: each
    /// row's runs of one colour are joined to the touching runs above (union-find), and a
    /// region is numbered by its first pixel in raster order.
    init(_ picture: Frame) { self.init(runs: Runs(picture, most: Int.max)!) }

    private init(runs: Runs) {
        var runs = runs
        runs.join()
        let w = runs.width
        (width, height) = (w, runs.rowStart.count - 1)
        (rowStart, runStart, runEnd) = (runs.rowStart, runs.start, runs.end)
        runRegion = [Int32](repeating: -1, count: runs.count)
        var regionOf = [Int32](repeating: -1, count: runs.count)
        for y in 0..<height {
            for run in runs.rowStart[y]..<runs.rowStart[y + 1] {
                let root = runs.find(run)
                let x0 = Int(runs.start[run])
                let x1 = Int(runs.end[run])
                if root == run {
                    regionOf[run] = Int32(area.count)
                    // The first pixel of a region in raster order has its enclosing region on its left.
                    parent.append(x0 > 0 ? regionOf[runs.find(run - 1)] : -1)
                    isDark.append(runs.dark[run])
                    area.append(0)
                    sumX.append(0)
                    sumY.append(0)
                    touchesBorder.append(false)
                }
                let id = regionOf[root]
                let region = Int(id)
                let length = x1 - x0
                area[region] += Int32(length)
                sumX[region] += (x0 + x1 - 1) * length / 2
                sumY[region] += y * length
                if y == 0 || y == height - 1 || x0 == 0 || x1 == w { touchesBorder[region] = true }
                runRegion[run] = id
            }
        }
        childCount = [Int32](repeating: 0, count: area.count)
        childArea = [Int32](repeating: 0, count: area.count)
        for (child, id) in parent.enumerated() where id >= 0 {
            childCount[Int(id)] += 1
            childArea[Int(id)] += area[child]
        }
    }

    /// The regions of a picture with a few dark pixels at least: a finder's dark core and ring
    /// take 8 pixels at the least, and a picture without as many (a blank page) is not
    /// labelled, which costs 4 bytes a pixel. Nor is a large one whose runs are a few pixels
    /// long on average (a checkerboard, noise: a region a pixel, 50 bytes each): what finders
    /// it holds, `FinderRows` counts.
    init?(ofAny binary: Frame) {
        var tooFine = false
        guard let runs = Self.runs(of: binary, tooFine: &tooFine) else { return nil }
        self.init(runs: runs)
    }

    /// The picture `binarise` makes, labelled: it is dropped once its runs are taken.
    /// `tooFine` is set when it was not labelled for the fineness of its texture.
    init?(binarising binarise: () -> Frame, tooFine: inout Bool) {
        var refused = false
        guard let runs = Self.runs(of: binarise(), tooFine: &refused) else {
            tooFine = tooFine || refused
            return nil
        }
        self.init(runs: runs)
    }

    private static func runs(of binary: Frame, tooFine: inout Bool) -> Runs? {
        var dark = 0
        for y in 0..<binary.height where dark < 8 {
            for x in 0..<binary.width where binary[x, y] < 128 { dark += 1 }
        }
        let pixels = binary.width * binary.height
        guard dark >= 8 else { return nil }
        let runs = Runs(binary, most: pixels > Self.pixelsAlwaysLabelled ? pixels / 3 : Int.max)
        tooFine = runs == nil
        return runs
    }

    /// Pictures of this many pixels are labelled however fine their texture.
    static let pixelsAlwaysLabelled = 1 << 20
}

/// A black-and-white picture's runs of one colour along each row, in raster order, and the
/// sets of touching runs (each set's root is its first run).
private struct Runs {
    var start: [UInt16] = []
    var end: [UInt16] = []
    var dark: [Bool] = []
    var link: [Int32] = []
    var rowStart: [Int]
    let width: Int

    var count: Int { start.count }

    /// Nil when the picture holds more than `most` runs. They are counted first: a picture
    /// refused costs no memory, and one taken exactly its runs' (no array grown by doubling).
    init?(_ picture: Frame, most: Int) {
        rowStart = [Int](repeating: 0, count: picture.height + 1)
        width = picture.width
        let w = picture.width
        var total = 0
        picture.luma.withUnsafeBufferPointer { p in
            for y in 0..<picture.height where total <= most {
                let row = p.baseAddress! + y * picture.stride
                total += 1
                for x in 1..<max(1, w) where (row[x] < 128) != (row[x - 1] < 128) { total += 1 }
            }
        }
        guard total <= most else { return nil }
        start.reserveCapacity(total)
        end.reserveCapacity(total)
        dark.reserveCapacity(total)
        link.reserveCapacity(total)
        var tooMany = false
        picture.luma.withUnsafeBufferPointer { p in
            for y in 0..<picture.height {
                rowStart[y] = start.count
                let row = p.baseAddress! + y * picture.stride
                var x = 0
                while x < w {
                    let isDark = row[x] < 128
                    var next = x + 1
                    while next < w && (row[next] < 128) == isDark { next += 1 }
                    link.append(Int32(start.count))
                    start.append(UInt16(x))
                    end.append(UInt16(next))
                    dark.append(isDark)
                    x = next
                }
                if start.count > most {
                    tooMany = true
                    break
                }
            }
        }
        if tooMany { return nil }
        rowStart[picture.height] = start.count
    }

    /// Joins each run to the runs of its colour above that it touches: along an edge, or
    /// across a corner for dark runs.
    mutating func join() {
        guard rowStart.count > 2 else { return }
        for y in 1..<(rowStart.count - 1) {
            var above = rowStart[y - 1]
            for run in rowStart[y]..<rowStart[y + 1] {
                let reach = dark[run] ? 1 : 0
                let from = Int(start[run]) - reach
                let to = Int(end[run]) + reach
                while above < rowStart[y] && Int(end[above]) <= from { above += 1 }
                var other = above
                while other < rowStart[y] && Int(start[other]) < to {
                    if dark[other] == dark[run] { union(run, other) }
                    other += 1
                }
            }
        }
    }

    mutating func find(_ run: Int) -> Int {
        var root = run
        while Int(link[root]) != root { root = Int(link[root]) }
        var at = run
        while Int(link[at]) != root {
            let next = Int(link[at])
            link[at] = Int32(root)
            at = next
        }
        return root
    }

    /// The earlier run's root stays root: a set's root is its first run in raster order.
    private mutating func union(_ a: Int, _ b: Int) {
        let ra = find(a)
        let rb = find(b)
        if ra < rb { link[rb] = Int32(ra) } else if rb < ra { link[ra] = Int32(rb) }
    }
}

enum FinderSearch {
    /// Finder patterns under two binarisations of a grey picture (one global, one local),
    /// without repeats.
    static func patterns(inEither picture: Frame) -> [FinderPattern] { marks(inEither: picture).finders }

    static func marks(inEither picture: Frame) -> (finders: [FinderPattern], bullseyes: [Bullseye]) {
        var blind = false
        return marks(inEither: picture, blind: &blind)
    }

    /// QR finder patterns and Aztec bull's-eyes under two binarisations of a grey picture
    /// (one global, one local), without repeats: one labelling of each gives both.
    /// `blind`: set when a binarisation was too fine a texture to label (`Regions`).
    static func marks(inEither picture: Frame, blind: inout Bool) -> (finders: [FinderPattern], bullseyes: [Bullseye]) {
        let window = max(15, max(picture.width, picture.height) / 8 | 1)
        var finders = Marks<FinderPattern>()
        var bullseyes = Marks<Bullseye>()
        // One binarisation at a time: each is as large as the picture.
        for binarise in [{ picture.thresholded() }, { picture.binarisedLocally(window: window, offset: 3) }] {
            guard let regions = Regions(binarising: binarise, tooFine: &blind) else { continue }
            for pattern in patterns(in: regions, width: picture.width) {
                finders.add(pattern, at: pattern.centre, moduleSize: pattern.moduleSize)
            }
            for eye in self.bullseyes(in: regions) { bullseyes.add(eye, at: eye.centre, moduleSize: eye.moduleSize) }
        }
        return (finders.all, bullseyes.all)
    }

    /// Finder patterns in a black-and-white picture (dark < 128).
    static func patterns(in binary: Frame) -> [FinderPattern] {
        guard let regions = Regions(ofAny: binary) else { return [] }
        return patterns(in: regions, width: binary.width)
    }

    static func patterns(in regions: Regions, width: Int) -> [FinderPattern] {
        var found = [FinderPattern]()
        // A finder's core is solid: a dark ring round a light one (a bull's-eye's) is not one.
        for core in regions.area.indices
        where regions.isDark[core] && regions.area[core] >= 4 && regions.childArea[core] * 4 < regions.area[core] {
            let gap = Int(regions.parent[core])
            guard gap >= 0, !regions.touchesBorder[gap], regions.childCount[gap] == 1 else { continue }
            let ring = Int(regions.parent[gap])
            guard ring >= 0 else { continue }
            // Areas in modules: core 9, light ring 16, dark ring 24 of 49.
            let total = Double(regions.area[core] + regions.area[gap] + regions.area[ring])
            let shares = [regions.area[core], regions.area[gap], regions.area[ring]].map { Double($0) / total }
            guard (0.08...0.32).contains(shares[0]), (0.18...0.5).contains(shares[1]), (0.3...0.66).contains(shares[2])
            else { continue }
            let centre = (
                Double(regions.sumX[core]) / Double(regions.area[core]) + 0.5,
                Double(regions.sumY[core]) / Double(regions.area[core]) + 0.5
            )
            let ringCentre = (
                Double(regions.sumX[ring]) / Double(regions.area[ring]) + 0.5,
                Double(regions.sumY[ring]) / Double(regions.area[ring]) + 0.5
            )
            let moduleSize = total.squareRoot() / 7
            guard hypot(centre.0 - ringCentre.0, centre.1 - ringCentre.1) < 1.5 * moduleSize else { continue }
            let corners = outerCorners(of: ring, in: regions, width: width, near: centre, reach: 6 * moduleSize)
            found.append(FinderPattern(centre: centre, corners: corners, moduleSize: moduleSize))
        }
        return found
    }

    /// The four corners of a square ring: the pixel farthest from the centre, the one
    /// farthest from that, and the two farthest on either side of the line between them.
    private static func outerCorners(
        of ring: Int, in regions: Regions, width: Int,
        near centre: (Double, Double), reach: Double
    ) -> [(x: Double, y: Double)] {
        let x0 = max(0, Int(centre.0 - reach))
        let x1 = min(width - 1, Int(centre.0 + reach))
        let y0 = max(0, Int(centre.1 - reach))
        let y1 = min(regions.height - 1, Int(centre.1 + reach))
        var points = [(x: Double, y: Double)]()
        guard x0 <= x1, y0 <= y1 else { return [] }
        for y in y0...y1 {
            for run in regions.rowStart[y]..<regions.rowStart[y + 1] where regions.runRegion[run] == Int32(ring) {
                let from = max(x0, Int(regions.runStart[run]))
                let to = min(x1 + 1, Int(regions.runEnd[run]))
                for x in Swift.stride(from: from, to: to, by: 1) { points.append((Double(x) + 0.5, Double(y) + 0.5)) }
            }
        }
        guard let a = points.max(by: { distance($0, centre) < distance($1, centre) }),
            let c = points.max(by: { distance($0, a) < distance($1, a) })
        else { return [] }
        func side(_ p: (x: Double, y: Double)) -> Double { (c.x - a.x) * (p.y - a.y) - (c.y - a.y) * (p.x - a.x) }
        guard let b = points.max(by: { side($0) < side($1) }), let d = points.min(by: { side($0) < side($1) }),
            side(b) > 0, side(d) < 0
        else { return [] }
        // Pixel centres lie half a pixel inside the outline: move each corner out by that.
        return [a, b, c, d].map { p in
            let length = max(distance(p, centre), 1)
            return (p.x + (p.x - centre.0) / length * 0.7, p.y + (p.y - centre.1) / length * 0.7)
        }
    }

    private static func distance(_ p: (x: Double, y: Double), _ q: (Double, Double)) -> Double {
        hypot(p.x - q.0, p.y - q.1)
    }
}
