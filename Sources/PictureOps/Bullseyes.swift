import FrameCore
import Glibc

/// The bull's-eye in the middle of an Aztec code: a dark module inside square rings one
/// module wide, light, dark, light (and more). zxing-cpp 1.4 looks for it only from the
/// middle of the picture it is given: a window centred on it lets it find an Aztec code
/// anywhere.
struct Bullseye {
    /// Centre of the dark core, in picture pixels.
    let centre: (x: Double, y: Double)
    /// Pixels per module, from the core and its first two rings (5 x 5 modules).
    let moduleSize: Double
}

extension FinderSearch {
    /// Bull's-eyes among `regions`: a dark core with one light ring round it, a dark ring
    /// round that, and a light ring round that (areas of 1, 8, 16 and 24 modules), the
    /// centres agreeing. A QR finder's core is nine modules of its 49: it is not one.
    static func bullseyes(in regions: Regions) -> [Bullseye] {
        var found = [Bullseye]()
        for core in regions.area.indices where regions.isDark[core] {
            let gap = Int(regions.parent[core])
            guard gap >= 0, !regions.touchesBorder[gap], regions.childCount[gap] == 1 else { continue }
            let ring = Int(regions.parent[gap])
            guard ring >= 0, regions.childCount[ring] == 1, !regions.touchesBorder[ring] else { continue }
            let outer = Int(regions.parent[ring])
            guard outer >= 0, !regions.touchesBorder[outer], regions.childCount[outer] == 1 else { continue }
            let total = Double(regions.area[core] + regions.area[gap] + regions.area[ring])
            let shares = [core, gap, ring, outer].map { Double(regions.area[$0]) / total }
            guard (0.01...0.12).contains(shares[0]), (0.2...0.45).contains(shares[1]),
                (0.45...0.75).contains(shares[2]), (0.6...1.4).contains(shares[3])
            else { continue }
            func centre(of region: Int) -> (x: Double, y: Double) {
                (
                    Double(regions.sumX[region]) / Double(regions.area[region]) + 0.5,
                    Double(regions.sumY[region]) / Double(regions.area[region]) + 0.5
                )
            }
            let middle = centre(of: core)
            let moduleSize = total.squareRoot() / 5
            let rings = [centre(of: ring), centre(of: outer)]
            guard rings.allSatisfy({ hypot($0.x - middle.x, $0.y - middle.y) < moduleSize }) else { continue }
            found.append(Bullseye(centre: middle, moduleSize: moduleSize))
        }
        return found
    }
}
