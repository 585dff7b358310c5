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
}

/// Connected regions of one colour, each knowing the region that encloses it.
private struct Regions {
    var label: [Int32]
    var area: [Int] = []
    var parent: [Int32] = []
    var isDark: [Bool] = []
    var sumX: [Int] = []
    var sumY: [Int] = []
    var touchesBorder: [Bool] = []
    var childCount: [Int] = []

    /// Dark regions join across corners (8 neighbours), light ones only along edges (4), so
    /// a ring of either colour really encloses what lies inside it.
    init(_ picture: Frame) {
        let w = picture.width
        label = [Int32](repeating: -1, count: w * picture.height)
        var queue = [Int]()
        picture.luma.withUnsafeBufferPointer { p in
            for start in 0..<(w * picture.height) where label[start] < 0 {
                let dark = p[(start / w) * picture.stride + start % w] < 128
                // The first pixel of a region in raster order has its enclosing region on its left.
                parent.append(start % w > 0 ? label[start - 1] : -1)
                isDark.append(dark)
                fill(from: start, dark: dark, picture: picture, pixels: p, queue: &queue)
            }
        }
        childCount = [Int](repeating: 0, count: area.count)
        for id in parent where id >= 0 { childCount[Int(id)] += 1 }
    }

    /// Labels the region holding `start` and records its area, centroid sums and border contact.
    /// Filled breadth first: the queue holds a region's front, not most of its pixels (as a
    /// depth-first stack does in a large light area); what was taken is dropped as it goes.
    private mutating func fill(
        from start: Int, dark: Bool, picture: Frame, pixels p: UnsafeBufferPointer<UInt8>,
        queue: inout [Int]
    ) {
        let w = picture.width
        let h = picture.height
        let id = Int32(area.count)
        var count = 0
        var sx = 0
        var sy = 0
        var border = false
        label[start] = id
        queue.removeAll(keepingCapacity: true)
        var head = 0
        queue.append(start)
        while head < queue.count {
            let index = queue[head]
            head += 1
            if head >= 4096, head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
            let x = index % w
            let y = index / w
            count += 1
            sx += x
            sy += y
            if x == 0 || y == 0 || x == w - 1 || y == h - 1 { border = true }
            for dy in -1...1 {
                for dx in -1...1 where (dx != 0 || dy != 0) && (dark || dx == 0 || dy == 0) {
                    let nx = x + dx
                    let ny = y + dy
                    guard nx >= 0, ny >= 0, nx < w, ny < h else { continue }
                    let next = ny * w + nx
                    if label[next] < 0 && (p[ny * picture.stride + nx] < 128) == dark {
                        label[next] = id
                        queue.append(next)
                    }
                }
            }
        }
        area.append(count)
        sumX.append(sx)
        sumY.append(sy)
        touchesBorder.append(border)
    }
}

enum FinderSearch {
    /// Finder patterns under two binarisations of a grey picture (one global, one local),
    /// without repeats.
    static func patterns(inEither picture: Frame) -> [FinderPattern] {
        let window = max(15, max(picture.width, picture.height) / 8 | 1)
        var found = [FinderPattern]()
        // One binarisation at a time: each is as large as the picture.
        for binarise in [{ picture.thresholded() }, { picture.binarisedLocally(window: window, offset: 3) }] {
            for pattern in patterns(in: binarise())
            where !found.contains(where: {
                hypot($0.centre.x - pattern.centre.x, $0.centre.y - pattern.centre.y) < 2 * pattern.moduleSize
            }) {
                found.append(pattern)
            }
        }
        return found
    }

    /// Finder patterns in a black-and-white picture (dark < 128).
    static func patterns(in binary: Frame) -> [FinderPattern] {
        // A finder's dark core and ring take 8 pixels at the least: a picture without as many
        // dark ones (a blank page) is not labelled, which costs 4 bytes a pixel.
        var dark = 0
        for y in 0..<binary.height where dark < 8 {
            for x in 0..<binary.width where binary[x, y] < 128 { dark += 1 }
        }
        guard dark >= 8 else { return [] }
        let regions = Regions(binary)
        var found = [FinderPattern]()
        for core in regions.area.indices where regions.isDark[core] && regions.area[core] >= 4 {
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
            let corners = outerCorners(of: ring, in: regions, width: binary.width, near: centre, reach: 6 * moduleSize)
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
        let height = regions.label.count / width
        let x0 = max(0, Int(centre.0 - reach))
        let x1 = min(width - 1, Int(centre.0 + reach))
        let y0 = max(0, Int(centre.1 - reach))
        let y1 = min(height - 1, Int(centre.1 + reach))
        var points = [(x: Double, y: Double)]()
        for y in y0...y1 {
            for x in x0...x1 where regions.label[y * width + x] == Int32(ring) {
                points.append((Double(x) + 0.5, Double(y) + 0.5))
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
