import FrameCore

/// Where one zbar scan line finished decoding a 1D code, and which way is out of the code
/// there: `beyond` lies a fixed distance outward from `at`. zbar scans a picture's lines
/// both ways in turn and marks a read where its decoder finished, so the mark lies at the
/// end the line ran out of (see `ZbarEngine.lineEnds`).
struct LineEnd: Sendable, Hashable {
    var at: PixelPoint
    var beyond: PixelPoint
}

/// A printed 1D code has a quiet zone: light, free of bars, for 7 to 10 modules beyond each
/// end. zbar does not ask for it (its EAN decoder checks one direction weakly), so a scan
/// line that crossed part of a longer code reads a code of its own there: six digits of a
/// twelve-digit ITF, a UPC-E out of an EAN-13's middle. Such a read ends where more bars
/// follow. Checked in the picture as it was taken (not the pass's picture, where
/// thresholding may have wiped faint bars beyond the end).
enum QuietZone {
    /// Modules beyond the code's own last bars that must be free of bars (the specifications
    /// ask 7 to 10).
    static let modules = 6.0
    /// A bar beyond the end: a dip at least this share of the code's own light-to-dark swing.
    /// Measured with `qrtui-bench --stress`: fragments' ends see 0.5 to 1, whole codes' ends
    /// mostly under 0.15; at 0.25 a few more weak right reads were refused, no more wrong ones.
    static let barDepth = 0.35
    /// Ends judged at each end of a read, spread over its scan lines (a read well seen has
    /// hundreds; a live frame cannot afford them all).
    static let judgedEnds = 16

    /// Whether the ends of `code` (in `picture`'s pixels) show a quiet zone: a read is refused
    /// when most scan lines that finished at one of its ends found more bars beyond it.
    static func isClear(_ code: DetectedCode, in picture: Frame) -> Bool {
        let ends = code.ends
        guard !ends.isEmpty, let linear = LinearCodeSpec.of(code.symbology), let modules = linear.checkedSpan(code)
        else {
            return true
        }
        let groups = sides(of: ends)
        // An end on the picture's edge is where the scan line ran out, not a quiet zone seen:
        // without a check digit nothing else tells the code from a run of its characters.
        if linear.edgeIsNoQuietZone,
            groups.contains(where: { !$0.isEmpty && $0.allSatisfy { onEdge($0.at, of: picture) } })
        {
            return false
        }
        let module =
            groups.allSatisfy({ !$0.isEmpty })
            ? length(between: groups[0], groups[1], along: direction(of: ends[0])) / modules : nil
        return groups.allSatisfy { group in
            let depths = group.evenlySpaced(atMost: judgedEnds).compactMap {
                barDepthSeen($0, module: module, trailing: linear.trailing, in: picture)
            }
            return 2 * depths.filter { $0 >= barDepth }.count <= depths.count
        }
    }

    /// The ends at either end of a read: those facing out the way the first does, and the rest.
    static func sides(of ends: [LineEnd]) -> [[LineEnd]] {
        guard let first = ends.first.map(direction(of:)) else { return [[], []] }
        return [ends.filter { dot(direction(of: $0), first) > 0 }, ends.filter { dot(direction(of: $0), first) <= 0 }]
    }

    static func onEdge(_ point: PixelPoint, of picture: Frame) -> Bool {
        point.x <= 0 || point.y <= 0 || point.x >= picture.width - 1 || point.y >= picture.height - 1
    }

    static func direction(of end: LineEnd) -> (Double, Double) {
        let dx = Double(end.beyond.x - end.at.x)
        let dy = Double(end.beyond.y - end.at.y)
        let norm = max(1e-9, (dx * dx + dy * dy).squareRoot())
        return (dx / norm, dy / norm)
    }

    static func dot(_ a: (Double, Double), _ b: (Double, Double)) -> Double { a.0 * b.0 + a.1 * b.1 }

    /// How far apart the two ends lie along the reading direction (means of each end's marks).
    private static func length(between a: [LineEnd], _ b: [LineEnd], along axis: (Double, Double)) -> Double {
        func mean(_ ends: [LineEnd]) -> (Double, Double) {
            (
                ends.map { Double($0.at.x) }.reduce(0, +) / Double(ends.count),
                ends.map { Double($0.at.y) }.reduce(0, +) / Double(ends.count)
            )
        }
        let (p, q) = (mean(a), mean(b))
        return abs(dot((p.0 - q.0, p.1 - q.1), axis))
    }

    /// How clear one scan line's end is: the deepest dip beyond it, as a share of the bars'
    /// swing (the largest of the lines'; nil when there is nothing to judge by). Looked for
    /// across the bars (the line may have crossed them at a slant), on three lines: through the
    /// end and a few modules to either side along the bars, for a line that left the bars
    /// through their top or bottom edge ends amid the code with light beyond it on its own
    /// line, but bars beside it.
    /// `module` (pixels along the scan line) is the code's length over its modules when it
    /// was read both ways, else guessed from the bars inward.
    static func barDepthSeen(_ end: LineEnd, module known: Double?, trailing: Double = 3, in picture: Frame) -> Double?
    {
        let along = direction(of: end)
        guard let rowModule = known ?? ProfileLine(picture: picture, origin: end.at, direction: along).moduleInward()
        else { return nil }
        let inside = (Double(end.at.x) - along.0 * 6 * rowModule, Double(end.at.y) - along.1 * 6 * rowModule)
        var normal = BarOrientation.normal(in: picture, around: inside, radius: min(30, max(6, 6 * rowModule))) ?? along
        if dot(normal, along) < 0 { normal = (-normal.0, -normal.1) }
        let module = rowModule * max(0.3, dot(normal, along))
        let sideways = max(3, 3 * module + 2)
        let seen = [0, sideways, -sideways].compactMap { shift in
            let origin = (Double(end.at.x) - normal.1 * shift, Double(end.at.y) + normal.0 * shift)
            return ProfileLine(picture: picture, origin: origin, direction: normal).dipBeyond(
                module: module, trailing: trailing, span: modules)
        }
        // Each dip against the bars' swing where the bars are: a line beside the mark may run
        // past the bars' top or bottom, where the swing inward is the light's own noise.
        guard let swing = seen.map(\.swing).max() else { return nil }
        return seen.map(\.dip).max()! / swing
    }

    /// The deepest dip: a fall below the light before it, counted as deep as the rise after
    /// it allows twice over (a fall without a rise is the picture getting darker, not a bar).
    /// Only dips whose lowest point lies at `bottomingFrom` or later count.
    static func deepestDip(_ values: ArraySlice<Double>, bottomingFrom first: Int = 0) -> Double {
        let samples = Array(values)
        guard first < samples.count else { return 0 }
        var before = samples
        var after = samples
        for index in samples.indices.dropFirst() { before[index] = max(before[index - 1], samples[index]) }
        for index in samples.indices.reversed().dropFirst() { after[index] = max(after[index + 1], samples[index]) }
        var deepest = 0.0
        for index in first..<samples.count {
            let fall: Double = before[index] - samples[index]
            let rise: Double = after[index] - samples[index]
            deepest = max(deepest, min(fall, 2 * rise))
        }
        return deepest
    }
}
