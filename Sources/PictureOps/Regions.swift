import FrameCore

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
