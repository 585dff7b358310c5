import FrameCore
import Glibc

/// Three finder patterns in the roles they would have in a code.
struct FinderTrio {
    let topLeft: FinderPattern
    let topRight: FinderPattern
    let bottomLeft: FinderPattern
}

/// A QR code seen at an angle or in perspective, redrawn square: its three finder patterns
/// give the map from module grid to picture, and the grid is sampled into a clean picture
/// at 4 pixels per module that zbar reads easily.
public enum StraightenedCode {
    static let moduleSize = 4.0
    static let quietZone = 4.0

    /// Views of the code for the most plausible arrangements of finder patterns in `crop`,
    /// none when there is no arrangement. Each arrangement is seen twice: the picture
    /// resampled (keeps what lies between module centres, forgives a grid slightly off) and
    /// the modules redrawn crisp from their centres (small or blurred codes, when the grid is right).
    public static func views(of crop: Frame) -> [MappedPicture] {
        grids(of: crop).flatMap { grid, modules -> [MappedPicture] in
            let side = Int((Double(modules) + 2 * quietZone) * moduleSize)
            let back: (PixelPoint) -> PixelPoint = { point in
                let (x, y) = grid.map(inModules(point.x), inModules(point.y))
                return PixelPoint(x: Int(x.rounded()), y: Int(y.rounded()))
            }
            return [
                MappedPicture(picture: resampled(crop, through: grid, side: side), back: back),
                MappedPicture(picture: redrawn(crop, through: grid, modules: modules), back: back),
            ]
        }
    }

    /// The module grids (module coordinates to `crop`'s pixels) of the most plausible
    /// arrangements of finder patterns in `crop`, and the codes' sides in modules.
    public static func grids(of crop: Frame) -> [(grid: Homography, modules: Int)] {
        arrangements(of: candidates(in: crop)).prefix(tries).compactMap { trio in
            let modules = codeSize(trio)
            return grid(trio, modules: modules).map { ($0, modules) }
        }
    }

    /// How many arrangements of finders are tried: the three ways a trio can be turned.
    static let tries = 3

    /// A straightened picture's pixel (its centre) in module coordinates of the code.
    private static func inModules(_ pixel: Int) -> Double { (Double(pixel) + 0.5) / moduleSize - quietZone }

    /// The crop sampled through the grid at `moduleSize` pixels per module, quiet zone included.
    private static func resampled(_ crop: Frame, through grid: Homography, side: Int) -> Frame {
        var out = [UInt8](repeating: 255, count: side * side)
        crop.luma.withUnsafeBufferPointer { p in
            for y in 0..<side {
                for x in 0..<side {
                    let (sx, sy) = grid.map(inModules(x), inModules(y))
                    out[y * side + x] = sample(p, crop, sx - 0.5, sy - 0.5) ?? 255
                }
            }
        }
        return Frame(width: side, height: side, luma: out)
    }

    /// Each module dark or light by the grey around its centre against the Otsu threshold of
    /// all modules, drawn as a crisp square.
    private static func redrawn(_ crop: Frame, through grid: Homography, modules: Int) -> Frame {
        var values = [UInt8](repeating: 255, count: modules * modules)
        crop.luma.withUnsafeBufferPointer { p in
            for v in 0..<modules {
                for u in 0..<modules {
                    // The middle third of the module, 3 x 3 samples.
                    var total = 0.0
                    var count = 0.0
                    for dv in [0.35, 0.5, 0.65] {
                        for du in [0.35, 0.5, 0.65] {
                            let (sx, sy) = grid.map(Double(u) + du, Double(v) + dv)
                            if let value = sample(p, crop, sx - 0.5, sy - 0.5) {
                                total += Double(value)
                                count += 1
                            }
                        }
                    }
                    values[v * modules + u] = count > 0 ? UInt8(total / count + 0.5) : 255
                }
            }
        }
        let cells = Frame(width: modules, height: modules, luma: values)
        let threshold = Frame.otsuThreshold(cells.histogram())
        let zone = Int(quietZone)
        let scale = Int(moduleSize)
        let side = (modules + 2 * zone) * scale
        var out = [UInt8](repeating: 255, count: side * side)
        for y in 0..<side {
            let v = y / scale - zone
            guard v >= 0, v < modules else { continue }
            for x in 0..<side {
                let u = x / scale - zone
                if u >= 0, u < modules, Int(values[v * modules + u]) <= threshold { out[y * side + x] = 0 }
            }
        }
        return Frame(width: side, height: side, luma: out)
    }

    /// The largest finder patterns in the crop (see `FinderSearch.patterns(inEither:)`).
    private static func candidates(in crop: Frame) -> [FinderPattern] {
        Array(FinderSearch.patterns(inEither: crop).sorted { $0.moduleSize > $1.moduleSize }.prefix(8))
    }

    /// Trios of finders as (top-left, top-right, bottom-left), the most plausible first:
    /// module sizes alike, sides alike, a right angle at the top-left. Strong perspective
    /// bends the angle, so the other two turns of a good trio follow it.
    static func arrangements(of patterns: [FinderPattern]) -> [FinderTrio] {
        var ranked = [(score: Double, trio: FinderTrio)]()
        for i in patterns.indices {
            for j in patterns.indices where j != i {
                for k in patterns.indices where k > j && k != i {
                    let (a, b, c) = (patterns[i], patterns[j], patterns[k])
                    let ab = (b.centre.x - a.centre.x, b.centre.y - a.centre.y)
                    let ac = (c.centre.x - a.centre.x, c.centre.y - a.centre.y)
                    let lengths = (hypot(ab.0, ab.1), hypot(ac.0, ac.1))
                    guard lengths.0 > 7 * a.moduleSize, lengths.1 > 7 * a.moduleSize else { continue }
                    let cosine = abs(ab.0 * ac.0 + ab.1 * ac.1) / (lengths.0 * lengths.1)
                    let sizes = [a.moduleSize, b.moduleSize, c.moduleSize]
                    let spread = (sizes.max()! / sizes.min()!) - 1
                    let ratio = max(lengths.0, lengths.1) / min(lengths.0, lengths.1) - 1
                    guard cosine < 0.85, spread < 1.5, ratio < 2 else { continue }
                    // Clockwise from the top-left: top-right first (picture y points down).
                    let clockwise = ab.0 * ac.1 - ab.1 * ac.0 > 0
                    ranked.append(
                        (
                            cosine + spread / 2 + ratio / 2,
                            FinderTrio(topLeft: a, topRight: clockwise ? b : c, bottomLeft: clockwise ? c : b)
                        ))
                }
            }
        }
        return ranked.sorted { $0.score < $1.score }.map(\.trio)
    }

    /// The code's side in modules (17 + 4 x version), from the finders' distances in modules.
    private static func codeSize(_ trio: FinderTrio) -> Int {
        let (topLeft, topRight, bottomLeft) = (trio.topLeft, trio.topRight, trio.bottomLeft)
        func modulesBetween(_ p: FinderPattern, _ q: FinderPattern) -> Double {
            hypot(q.centre.x - p.centre.x, q.centre.y - p.centre.y) / ((p.moduleSize + q.moduleSize) / 2)
        }
        let estimate = (modulesBetween(topLeft, topRight) + modulesBetween(topLeft, bottomLeft)) / 2 + 7
        let version = min(40, max(1, Int(((estimate - 17) / 4).rounded())))
        return 17 + 4 * version
    }

    /// The map from module coordinates to picture pixels through the finders' centres and
    /// the corners of their outer rings.
    private static func grid(_ trio: FinderTrio, modules: Int) -> Homography? {
        let (topLeft, topRight, bottomLeft) = (trio.topLeft, trio.topRight, trio.bottomLeft)
        let across = unit(topLeft.centre, topRight.centre)
        let down = unit(topLeft.centre, bottomLeft.centre)
        let far = Double(modules - 7)
        var from = [(Double, Double)]()
        var to = [(Double, Double)]()
        for (pattern, origin) in [(topLeft, (0.0, 0.0)), (topRight, (far, 0)), (bottomLeft, (0, far))] {
            from.append((origin.0 + 3.5, origin.1 + 3.5))
            to.append(pattern.centre)
            var seen = Set<Int>()
            for corner in pattern.corners {
                let d = (corner.x - pattern.centre.x, corner.y - pattern.centre.y)
                let right = d.0 * across.0 + d.1 * across.1 > 0
                let below = d.0 * down.0 + d.1 * down.1 > 0
                guard seen.insert((right ? 1 : 0) + (below ? 2 : 0)).inserted else { continue }
                from.append((origin.0 + (right ? 7 : 0), origin.1 + (below ? 7 : 0)))
                to.append((corner.x, corner.y))
            }
        }
        return Homography(from: from, to: to)
    }

    private static func unit(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double)) -> (Double, Double) {
        let length = max(hypot(q.x - p.x, q.y - p.y), 1e-9)
        return ((q.x - p.x) / length, (q.y - p.y) / length)
    }

    /// Bilinear sample at (x, y) in pixel-centre coordinates; nil outside the picture.
    private static func sample(_ p: UnsafeBufferPointer<UInt8>, _ frame: Frame, _ x: Double, _ y: Double) -> UInt8? {
        Frame.bilinear(p, in: frame, x, y).map { UInt8($0 + 0.5) }
    }
}
