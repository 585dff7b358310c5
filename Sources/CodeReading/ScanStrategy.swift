import FrameCore
import PictureOps

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
    /// What each extra pass took when it last ran, in ms per pixel of its picture: the live
    /// budget's estimates (`costFactor` until a pass has run). An estimate creeps down while
    /// its pass waits, so one measured in a busy moment gets another chance.
    private var measuredCost = [ScanPass: Double]()

    /// The measured order (`qrtui-bench --corpus --list --passes ...`): straightened reads 6
    /// corpus codes the plain pass cannot, enlarged 5, binarised 3, inverted 2,
    /// enlargedEqualised 2, equalisedBinarised 2, one each the others; smoothed and doubled
    /// none there, but they read halftone modules and crisp codes at one pixel per module.
    /// The order matters: a pass that misreads a 1D code must not come before one that reads
    /// it right.
    public static let measuredOrder: [ScanPass] = [
        .straightened, .enlarged, .binarised, .inverted, .thresholded, .enlargedThresholded, .enlargedEqualised,
        .enlargedBinarised, .equalisedBinarised, .smoothed, .rotated, .doubled, .magnifiedThresholded,
        .magnifiedBinarised,
    ]
    /// Live default: a frame budget that leaves most of a 30 fps frame interval free.
    public static let liveBudget = 20.0

    public init(budget: Double?, extraPasses: [ScanPass] = ScanStrategy.measuredOrder) {
        self.budget = budget
        self.extraPasses = extraPasses
    }

    /// Scans `area` of `frame` (whole frame when nil) and says which pass read what.
    public mutating func scan(_ frame: Frame, in area: PixelRect? = nil, with scanner: CodeScanner) -> FrameReading {
        let rect = (area ?? frame.bounds).clamped(to: frame.bounds)
        let start = MonotonicClock.now()
        var report = FrameReading(frameSequence: frame.sequence, area: area)
        guard !rect.isEmpty else { return report }
        let crop = frame.cropped(to: rect)
        // Live frames: the plain pass is made cheap in turns (see LiveScanPlan).
        let economy = budget.map { plan.economy(for: rect, fullCost: fullCost, budget: $0) } ?? .full
        scanner.density = economy == .sparse ? 2 : 1
        // A halved frame is halved once: the plain pass and the extras look at the same picture.
        let halved = economy == .halved
        let base = halved ? crop.halved() : crop
        run(.plain, on: base, with: scanner, into: &report, scale: halved ? 2 : 1, reportedAs: halved ? .halved : .plain)
        if budget != nil { plan.record(found: !report.codes.isEmpty, economy: economy) }
        scanner.density = 1
        let elapsed = (MonotonicClock.now() - start) * 1000
        fullCost = elapsed * Double(economy.rawValue)
        if report.codes.isEmpty { runExtras(on: base, halved: halved, plainCost: elapsed, into: &report, with: scanner) }
        report.codes = report.codes.map { $0.moved(by: PixelPoint(x: rect.x, y: rect.y)) }
        report.parts = report.parts.map { part in
            SymbolPart(bytes: part.bytes, corners: part.corners.map { PixelPoint(x: $0.x + rect.x, y: $0.y + rect.y) })
        }
        report.milliseconds = (MonotonicClock.now() - start) * 1000
        return report
    }

    /// The extra passes after a plain pass that found nothing, on what the plain pass saw
    /// (`base`): on a live frame whose large area was halved, the halved crop (codes there are
    /// large), at a quarter of the cost. `plainCost`: what the plain pass took (ms).
    private mutating func runExtras(on base: Frame, halved: Bool, plainCost: Double, into report: inout FrameReading,
                                    with scanner: CodeScanner) {
        let applicable = extraPasses.map { $0.applies(to: base) && $0.suits(scanner.symbologies) }
        guard let budget else {
            for (pass, applies) in zip(extraPasses, applicable) where applies && report.codes.isEmpty {
                run(pass, on: base, with: scanner, into: &report)
            }
            return
        }
        // A sparse plain pass took half what a full one would: the unit of the first estimates.
        let unit = halved ? plainCost : fullCost
        let pixels = Double(base.width * base.height)
        let estimates = extraPasses.map { pass in measuredCost[pass].map { $0 * pixels } ?? unit * pass.costFactor }
        // Planned to 85% of the budget: estimates are past times, and times vary.
        let (chosen, next) = Self.extras(budget: budget * 0.85, plainCost: plainCost, estimates: estimates,
                                         applicable: applicable, from: nextExtra)
        for pass in measuredCost.keys { measuredCost[pass]! *= 0.99 }
        for index in chosen where report.codes.isEmpty {
            let started = MonotonicClock.now()
            run(extraPasses[index], on: base, with: scanner, into: &report, scale: halved ? 2 : 1)
            measuredCost[extraPasses[index]] = (MonotonicClock.now() - started) * 1000 / pixels
        }
        // The next frame goes on with the passes this one did not reach.
        nextExtra = next
    }

    /// The extra passes (indices) one live frame gets, in turn from `start`, while the
    /// estimated total stays within the budget. A pass that cannot fit even alone is passed
    /// over (so it never holds up the others); one that would fit on its own waits for the
    /// next frame.
    static func extras(budget: Double, plainCost: Double, estimates: [Double], applicable: [Bool],
                       from start: Int) -> (chosen: [Int], next: Int) {
        guard !estimates.isEmpty else { return ([], 0) }
        var chosen = [Int]()
        var spent = plainCost
        var step = 0
        while step < estimates.count {
            let index = (start + step) % estimates.count
            let estimate = estimates[index]
            if applicable[index] && spent + estimate <= budget {
                chosen.append(index)
                spent += estimate
            } else if applicable[index] && plainCost + estimate <= budget {
                break
            }
            step += 1
        }
        return (chosen, (start + step) % estimates.count)
    }

    /// Runs `pass` on `picture`; corners come back in crop pixels (`scale` times the picture's).
    /// `reportedAs`: the name the report gives the pass (the plain pass on a halved crop is `.halved`).
    private func run(_ pass: ScanPass, on picture: Frame, with scanner: CodeScanner, into report: inout FrameReading,
                     scale: Int = 1, reportedAs name: ScanPass? = nil) {
        report.passesRun.append(name ?? pass)
        for view in pass.views(of: picture) {
            let back = { (point: PixelPoint) in
                let p = view.back(point)
                return PixelPoint(x: p.x * scale, y: p.y * scale)
            }
            let output = scanner.read(view.picture)
            report.parts += output.parts.map { SymbolPart(bytes: $0.bytes, corners: $0.corners.map(back)) }
            guard !output.codes.isEmpty else { continue }
            report.codes = output.codes.map { $0.mapped(back) }
            report.pass = name ?? pass
            return
        }
    }
}

/// What reading one frame found, and how: the codes, where they were looked for, and
/// which passes ran.
public struct FrameReading: Sendable {
    public var codes: [DetectedCode]
    public var parts: [SymbolPart] = []
    /// The frame read, and the part of it that was looked at (nil: all of it).
    public var frameSequence: Int
    public var area: PixelRect?
    /// The pass that read the codes (nil when none did).
    public var pass: ScanPass?
    /// Every pass this frame got, in order.
    public var passesRun: [ScanPass] = []
    public var milliseconds = 0.0

    public init(codes: [DetectedCode] = [], frameSequence: Int = 0, area: PixelRect? = nil) {
        self.codes = codes
        self.frameSequence = frameSequence
        self.area = area
    }
}
