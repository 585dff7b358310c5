import FrameCore
import PictureOps

/// The thorough look a still picture gets (and every frame under `--effort thorough`): the
/// plain crop first; when it finds nothing, the other passes in the order measured best on
/// the corpus, until one reads a code.
public struct ThoroughScan: Sendable {
    public let extraPasses: [ScanPass]

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

    public init(extraPasses: [ScanPass] = ThoroughScan.measuredOrder) {
        self.extraPasses = extraPasses
    }

    /// Reads `area` of `frame` (the whole frame when nil) and says which pass read what.
    public func scan(_ frame: Frame, in area: PixelRect? = nil, with scanner: CodeScanner) -> FrameReading {
        let rect = (area ?? frame.bounds).clamped(to: frame.bounds)
        let start = MonotonicClock.now()
        var reading = FrameReading(frameSequence: frame.sequence, area: area)
        guard !rect.isEmpty else { return reading }
        let crop = frame.cropped(to: rect)
        let origin = PixelPoint(x: rect.x, y: rect.y)
        for pass in [.plain] + extraPasses where pass.applies(to: crop) && pass.suits(scanner.symbologies) {
            let found = pass.read(crop, at: origin, with: scanner)
            reading.passesRun.append(pass)
            reading.parts += found.parts
            if !found.codes.isEmpty {
                reading.codes = found.codes
                reading.pass = pass
                break
            }
        }
        reading.milliseconds = (MonotonicClock.now() - start) * 1000
        return reading
    }
}

/// What one pass found in one picture, in frame pixels.
public struct PassFindings: Sendable {
    public var codes: [DetectedCode] = []
    public var parts: [SymbolPart] = []
}

extension ScanPass {
    /// Runs this pass on `crop`, whose top-left pixel lies at `origin` in the frame; what
    /// it finds comes back in frame pixels. A pass with several views stops at the first
    /// that reads a code.
    func read(_ crop: Frame, at origin: PixelPoint, with scanner: CodeScanner) -> PassFindings {
        read(views(of: crop), at: origin, with: scanner)
    }

    func read(_ views: [MappedPicture], at origin: PixelPoint, with scanner: CodeScanner) -> PassFindings {
        var findings = PassFindings()
        for view in views {
            let back = { (point: PixelPoint) -> PixelPoint in
                let p = view.back(point)
                return PixelPoint(x: p.x + origin.x, y: p.y + origin.y)
            }
            let output = scanner.read(view.picture)
            findings.parts += output.parts.map { SymbolPart(bytes: $0.bytes, corners: $0.corners.map(back)) }
            if !output.codes.isEmpty {
                findings.codes = output.codes.map { $0.mapped(back) }
                return findings
            }
        }
        return findings
    }
}

/// What reading one frame found, and how: the codes, where they were looked for, and
/// which passes ran.
public struct FrameReading: Sendable {
    /// The codes read in this frame.
    public var codes: [DetectedCode]
    /// Codes read before and still in sight where they were (the scene there did not
    /// change): shown, but not a new look at them.
    public var held: [DetectedCode] = []
    public var parts: [SymbolPart] = []
    /// The frame read, and the part of it that was looked at (nil: all of it).
    public var frameSequence: Int
    public var area: PixelRect?
    /// The pass that read the codes (nil when none did).
    public var pass: ScanPass?
    /// Every pass this frame got, in order.
    public var passesRun: [ScanPass] = []
    public var milliseconds = 0.0
    /// The work this frame's reading cost against its budget (ms of CPU, or counted).
    public var work = 0.0

    public init(codes: [DetectedCode] = [], frameSequence: Int = 0, area: PixelRect? = nil) {
        self.codes = codes
        self.frameSequence = frameSequence
        self.area = area
    }
}
