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
    /// farthest from that, and the two farthest on either side of the line between them. Only
    /// the ends of the ring's runs can be any of them (a large ring has millions of pixels).
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
                // The farthest from a point, or from a line, along a run is one of its ends.
                guard from < to else { continue }
                points.append((Double(from) + 0.5, Double(y) + 0.5))
                if to - 1 > from { points.append((Double(to - 1) + 0.5, Double(y) + 0.5)) }
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
