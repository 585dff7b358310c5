import FrameCore
import Glibc

/// Where QR codes may lie in a picture, found by their finder patterns over the whole of it:
/// three finders that could be one code's corners give that code's place; a finder left
/// without partners (the others hidden, or not found) a square round it that a code of up
/// to version 7 fits whichever corner it is. A look at a whole sheet of labels reads a few of
/// its codes; these windows, read one by one, read the rest.
public enum QRCandidates {
    /// Where codes may lie, by the marks they carry.
    public struct CodePlaces: Sendable {
        /// A place by its middle, in picture pixels.
        public struct Mark: Sendable {
            public let x: Int
            public let y: Int
            public let moduleSize: Double
        }
        /// Windows round QR codes' places (see `windows(in:)`).
        public let qrWindows: [PixelRect]
        /// The middles of Aztec codes.
        public let bullseyes: [Mark]
        /// How many QR finder patterns the picture holds.
        public let finders: Int
        /// Every finder the picture holds could be seen: it was searched at its full size, and
        /// no texture in it was too fine to label.
        public var seesEveryFinder = true

        /// The same places in the pixels of a picture in which this one's lies at `origin`.
        public func moved(by origin: PixelPoint) -> CodePlaces {
            CodePlaces(
                qrWindows: qrWindows.map {
                    PixelRect(x: $0.x + origin.x, y: $0.y + origin.y, width: $0.width, height: $0.height)
                },
                bullseyes: bullseyes.map { Mark(x: $0.x + origin.x, y: $0.y + origin.y, moduleSize: $0.moduleSize) },
                finders: finders, seesEveryFinder: seesEveryFinder)
        }
    }

    /// The search runs on the picture shrunk to at most this many pixels (a finder of 3 px a
    /// module there is still found), then on that view halved and halved again while its
    /// shorter side keeps `coarsestSide` pixels: area averaging takes away blur's and noise's
    /// ragged edges and a screen's pixel grid, and shows a large finder at a size the local
    /// binarisation judges well.
    static let searchPixels = 4_000_000
    static let coarsestSide = 200
    /// Most windows given, code places first.
    public static let mostWindows = 120
    /// The quiet zone and a module's slack round a code's place, in modules.
    static let margin = 6.0
    /// Half a lone finder's window, in modules: a version-7 code (45 modules) from any corner.
    static let loneReach = 42.0

    /// Candidate windows in `picture`'s pixels, clamped to it: places of codes (finder trios)
    /// first, the largest codes first, then windows round lone finders.
    public static func windows(in picture: Frame) -> [PixelRect] { places(in: picture).qrWindows }

    /// The QR windows, and the places of Aztec codes' bull's-eyes, from one search.
    public static func places(in picture: Frame) -> CodePlaces {
        var factor = 1
        while picture.width * picture.height / (factor * factor) > searchPixels { factor += 1 }
        let view = factor > 1 ? picture.shrunk(by: factor) : picture
        let scale = Double(factor)
        var blind = false
        let marks = marksAtEveryScale(in: view, blind: &blind)
        let bullseyes = marks.bullseyes.map { eye in
            CodePlaces.Mark(
                x: Int(eye.centre.x * scale), y: Int(eye.centre.y * scale), moduleSize: eye.moduleSize * scale)
        }
        let windows = windows(for: marks.finders, in: view).map { window in
            PixelRect(
                x: window.x * factor, y: window.y * factor, width: window.width * factor, height: window.height * factor
            )
            .clamped(to: picture.bounds)
        }
        return CodePlaces(
            qrWindows: windows.filter { !$0.isEmpty }, bullseyes: bullseyes, finders: marks.finders.count,
            seesEveryFinder: factor == 1 && !blind)
    }

    /// Finder patterns and bull's-eyes in `view` and in its halvings, in `view`'s pixels, each
    /// once (the finest finding of each kept).
    static func marksAtEveryScale(in view: Frame) -> (finders: [FinderPattern], bullseyes: [Bullseye]) {
        var blind = false
        return marksAtEveryScale(in: view, blind: &blind)
    }

    /// `blind`: set when the view itself was too fine a texture to label.
    static func marksAtEveryScale(in view: Frame, blind: inout Bool) -> (
        finders: [FinderPattern], bullseyes: [Bullseye]
    ) {
        var finders = Marks<FinderPattern>()
        var bullseyes = Marks<Bullseye>()
        var level = view
        var scale = 1.0
        while true {
            var levelBlind = false
            let found = FinderSearch.marks(inEither: level, blind: &levelBlind)
            if scale == 1 { blind = levelBlind }
            for pattern in found.finders {
                let scaled = FinderPattern(
                    centre: (pattern.centre.x * scale, pattern.centre.y * scale),
                    corners: pattern.corners.map { ($0.x * scale, $0.y * scale) },
                    moduleSize: pattern.moduleSize * scale)
                finders.add(scaled, at: scaled.centre, moduleSize: scaled.moduleSize)
            }
            for eye in found.bullseyes {
                let scaled = Bullseye(
                    centre: (eye.centre.x * scale, eye.centre.y * scale), moduleSize: eye.moduleSize * scale)
                bullseyes.add(scaled, at: scaled.centre, moduleSize: scaled.moduleSize)
            }
            guard min(level.width, level.height) / 2 >= coarsestSide else { break }
            level = level.shrunk(by: 2)
            scale *= 2
        }
        return (finders.all, bullseyes.all)
    }

    /// Windows in `view`'s pixels, for the finders found in it.
    private static func windows(for patterns: [FinderPattern], in view: Frame) -> [PixelRect] {
        var used = Set<Int>()
        var windows = [PixelRect]()
        for trio in trios(of: patterns, in: view) where used.isDisjoint(with: trio) {
            used.formUnion(trio)
            let (a, b, c) = (patterns[trio[0]], patterns[trio[1]], patterns[trio[2]])
            // The fourth corner of the parallelogram the three centres span.
            let d = (b.centre.x + c.centre.x - a.centre.x, b.centre.y + c.centre.y - a.centre.y)
            let xs = [a.centre.x, b.centre.x, c.centre.x, d.0]
            let ys = [a.centre.y, b.centre.y, c.centre.y, d.1]
            let grow = (3.5 + margin) * (a.moduleSize + b.moduleSize + c.moduleSize) / 3
            windows.append(rect(xs.min()! - grow, ys.min()! - grow, xs.max()! + grow, ys.max()! + grow))
        }
        for index in patterns.indices where !used.contains(index) {
            let pattern = patterns[index]
            let reach = loneReach * pattern.moduleSize
            windows.append(
                rect(
                    pattern.centre.x - reach, pattern.centre.y - reach, pattern.centre.x + reach,
                    pattern.centre.y + reach))
        }
        return Array(windows.map { $0.clamped(to: view.bounds) }.filter { !$0.isEmpty }.prefix(mostWindows))
    }

    private static func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> PixelRect {
        PixelRect(x: Int(x0.rounded(.down)), y: Int(y0.rounded(.down)), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    /// A finder's partners looked at: its nearest alike in size, nearest first. On a sheet of
    /// labels a code's own two partners are among its nearest (its neighbours' finders lie a
    /// quiet zone or more beyond), and a picture of ten thousand finders costs ten thousand
    /// times this, not its finders squared.
    static let partnersLooked = 10
    /// Finders paired at most (the largest first): a picture of more is a bomb, not a sheet.
    static let mostFinders = 4096

    /// Trios of finders (corner finder first) that could be one code's, the most plausible
    /// first: each finder's partners lie within a version-40 code of it, are alike in size and
    /// joined to it by code (`FinderLink`), so that finders of codes side by side on a sheet
    /// are not taken for one large code.
    static func trios(of all: [FinderPattern], in picture: Frame) -> [[Int]] {
        // Beyond the cap, the largest finders: the small ones of a crowd are its noise.
        let chosen =
            all.count <= mostFinders
            ? Array(all.indices)
            : Array(all.indices.sorted { all[$0].moduleSize > all[$1].moduleSize }.prefix(mostFinders))
        let patterns = chosen.map { all[$0] }
        let sizes = patterns.map(\.moduleSize).sorted()
        var grid = PointGrid(side: 16 * (sizes.isEmpty ? 1 : sizes[sizes.count / 2]))
        for pattern in patterns { grid.add(pattern.centre) }
        var links = [Int: Bool]()
        var ranked = [(score: Double, trio: [Int])]()
        for a in patterns.indices {
            let corner = patterns[a]
            // Partners nearest first: a trio's two sides differ by less than half (`score`),
            // so each partner is paired only with those up to half as far again.
            let near = grid.nearest(to: corner.centre, count: partnersLooked, within: 175 * corner.moduleSize) { b in
                let sizes =
                    max(corner.moduleSize, patterns[b].moduleSize) / min(corner.moduleSize, patterns[b].moduleSize)
                return b != a && sizes < 1.6
            }
            let partners = near.filter { $0.distance > 9 * corner.moduleSize }
            func linked(_ b: Int) -> Bool {
                let key = min(a, b) * patterns.count + max(a, b)
                if let known = links[key] { return known }
                // A finder between them is nearer `a` than `b` is: among the nearest looked at.
                let between = near.prefix { $0.index != b }.map { patterns[$0.index] }
                let known = FinderLink(corner, patterns[b]).holds(in: picture, among: between)
                links[key] = known
                return known
            }
            for (i, b) in partners.enumerated() {
                for c in partners[(i + 1)...] {
                    guard c.distance < 1.5 * b.distance else { break }
                    if let score = score(corner, patterns[b.index], patterns[c.index]), linked(b.index),
                        linked(c.index)
                    {
                        ranked.append((score, [a, b.index, c.index].map { chosen[$0] }))
                    }
                }
            }
        }
        return ranked.sorted { $0.score < $1.score }.map(\.trio)
    }

    /// How far `a`, `b`, `c` are from a code's corner finders (nil: too far): a right angle at
    /// `a`, equal sides, one module size.
    private static func score(_ a: FinderPattern, _ b: FinderPattern, _ c: FinderPattern) -> Double? {
        let ab = (b.centre.x - a.centre.x, b.centre.y - a.centre.y)
        let ac = (c.centre.x - a.centre.x, c.centre.y - a.centre.y)
        let lengths = (hypot(ab.0, ab.1), hypot(ac.0, ac.1))
        let cosine = abs(ab.0 * ac.0 + ab.1 * ac.1) / (lengths.0 * lengths.1)
        let ratio = max(lengths.0, lengths.1) / min(lengths.0, lengths.1) - 1
        let sizes = [a.moduleSize, b.moduleSize, c.moduleSize]
        let spread = sizes.max()! / sizes.min()! - 1
        // The sides in modules: a code's finders are N - 7 modules apart.
        let modules = (lengths.0 + lengths.1) / 2 / (sizes.reduce(0, +) / 3)
        guard cosine < 0.5, ratio < 0.5, spread < 0.6, modules > 9 else { return nil }
        return cosine + ratio + spread
    }
}
