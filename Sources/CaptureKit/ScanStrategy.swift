/// How hard qrtui looks at each frame. The plain crop first; when it finds nothing, the
/// other passes in the order measured best on the corpus, within a per-frame time budget
/// (`--effort`). On a live stream the passes that do not fit take turns over successive
/// frames, so a frame costs no more than its budget.
public struct ScanStrategy: Sendable {
    /// Milliseconds a frame may take; nil: every pass, until one finds a code (files).
    public var budget: Double?
    public let extraPasses: [ScanPass]
    private var nextExtra = 0
    private var plan = LiveScanPlan()
    /// The last measured cost of a full plain pass (ms), for the live plan.
    private var fullCost = 0.0

    /// The measured order (qrtui-bench --corpus --list): enlarged reads 6 corpus codes the
    /// plain pass cannot, binarised 4, inverted 2, equalisedBinarised 2, enlargedEqualised 2,
    /// one each the others; doubled none there, but it reads crisp codes at one pixel per
    /// module. The order matters: a pass that misreads a 1D code must not come before one
    /// that reads it right.
    public static let measuredOrder: [ScanPass] = [
        .enlarged, .binarised, .inverted, .thresholded, .enlargedThresholded, .enlargedEqualised,
        .enlargedBinarised, .equalisedBinarised, .smoothed, .rotated, .doubled,
    ]
    /// Live default: a frame budget that leaves most of a 30 fps frame interval free.
    public static let liveBudget = 20.0

    public init(budget: Double?, extraPasses: [ScanPass] = ScanStrategy.measuredOrder) {
        self.budget = budget
        self.extraPasses = extraPasses
    }

    /// Scans `area` of `frame` (whole frame when nil) and says which pass read what.
    public mutating func scan(_ frame: Frame, in area: PixelRect? = nil, with scanner: CodeScanner) -> ScanReport {
        let rect = (area ?? frame.bounds).clamped(to: frame.bounds)
        let start = MonotonicClock.now()
        var report = ScanReport()
        guard !rect.isEmpty else { return report }
        let crop = frame.cropped(to: rect)
        // Live frames: the plain pass is made cheap in turns (see LiveScanPlan).
        let economy = budget.map { plan.economy(for: rect, fullCost: fullCost, budget: $0) } ?? .full
        scanner.density = economy == .sparse ? 2 : 1
        run(economy == .halved ? .halved : .plain, on: crop, with: scanner, into: &report)
        if budget != nil { plan.record(found: !report.codes.isEmpty, economy: economy) }
        scanner.density = 1
        // What the plain pass would have cost in full, the extras' unit of cost.
        let plainCost = (MonotonicClock.now() - start) * 1000 * Double(economy.rawValue)
        fullCost = plainCost
        let applicable = extraPasses.map { $0.applies(to: crop) }
        let (passes, next) = budget.map {
            Self.extras(budget: $0, plainCost: plainCost, passes: extraPasses, applicable: applicable, from: nextExtra)
        } ?? (zip(extraPasses, applicable).filter { $0.1 }.map { $0.0 }, 0)
        for pass in passes where report.codes.isEmpty { run(pass, on: crop, with: scanner, into: &report) }
        // Live: the next frame goes on with the passes this one did not reach.
        if budget != nil { nextExtra = next }
        report.codes = report.codes.map { $0.moved(by: PixelPoint(x: rect.x, y: rect.y)) }
        report.parts = report.parts.map { part in
            SymbolPart(bytes: part.bytes, corners: part.corners.map { PixelPoint(x: $0.x + rect.x, y: $0.y + rect.y) })
        }
        report.milliseconds = (MonotonicClock.now() - start) * 1000
        return report
    }

    /// The extra passes one live frame gets, in turn from `start`, while the estimated total
    /// stays within the budget. A pass that cannot fit even alone is passed over (so it never
    /// holds up the others); one that would fit on its own waits for the next frame.
    static func extras(budget: Double, plainCost: Double, passes: [ScanPass], applicable: [Bool],
                       from start: Int) -> (passes: [ScanPass], next: Int) {
        guard !passes.isEmpty else { return ([], 0) }
        var chosen = [ScanPass]()
        var spent = plainCost
        var step = 0
        while step < passes.count {
            let index = (start + step) % passes.count
            let estimate = plainCost * passes[index].costFactor
            if applicable[index] && spent + estimate <= budget {
                chosen.append(passes[index])
                spent += estimate
            } else if applicable[index] && plainCost + estimate <= budget {
                break
            }
            step += 1
        }
        return (chosen, (start + step) % passes.count)
    }

    private func run(_ pass: ScanPass, on crop: Frame, with scanner: CodeScanner, into report: inout ScanReport) {
        let (picture, back) = pass.prepare(crop)
        let output = scanner.read(picture)
        report.passesRun.append(pass)
        report.parts += output.parts.map { SymbolPart(bytes: $0.bytes, corners: $0.corners.map(back)) }
        guard !output.codes.isEmpty else { return }
        report.codes = output.codes.map { $0.mapped(back) }
        report.pass = pass
    }
}

/// What one frame's scan found, and how.
public struct ScanReport: Sendable {
    public var codes: [DetectedCode] = []
    public var parts: [SymbolPart] = []
    /// The pass that read the codes (nil when none did).
    public var pass: ScanPass?
    /// Every pass this frame got, in order.
    public var passesRun: [ScanPass] = []
    public var milliseconds = 0.0
    public init() {}
}
