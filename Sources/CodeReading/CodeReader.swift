import FrameCore
import PictureOps

/// Frames in, codes out: the scan strategy (passes within a budget) and the assembly of
/// structured-append messages, around one zbar scanner. One per thread, like the scanner.
public final class CodeReader {
    public let scanner: CodeScanner
    public let policy: ReadingPolicy
    public var strategy: ScanStrategy
    private var append = StructuredAppend()

    public init(policy: ReadingPolicy = ReadingPolicy(), extraPasses: [ScanPass] = ScanStrategy.measuredOrder) {
        self.policy = policy
        scanner = CodeScanner(symbologies: policy.symbologies)
        strategy = ScanStrategy(budget: nil, extraPasses: extraPasses)
    }

    /// Reads `area` of `frame` (all of it when nil), as hard as the policy says for a
    /// picture of this `kind`.
    public func read(_ frame: Frame, in area: PixelRect? = nil, kind: SourceKind = .still) -> FrameReading {
        strategy.budget = policy.budget(for: kind)
        var report = strategy.scan(frame, in: area, with: scanner)
        if append.add(report.parts, from: frame), let message = append.assemble(with: scanner) {
            report.codes.append(message)
        }
        return report
    }
}

/// `--effort`: how many milliseconds each frame's scan may take.
public enum ScanEffort: Equatable, Sendable {
    case milliseconds(Double)
    /// Every pass on every frame until one reads a code.
    case thorough

    public static let fast = ScanEffort.milliseconds(8)
    public static let normal = ScanEffort.milliseconds(ScanStrategy.liveBudget)

    public init?(_ text: String) {
        switch text {
        case "fast": self = .fast
        case "normal": self = .normal
        case "thorough": self = .thorough
        default:
            guard let value = Double(text), value > 0, value.isFinite else { return nil }
            self = .milliseconds(value)
        }
    }

    public var budget: Double? {
        if case .milliseconds(let value) = self { return value }
        return nil
    }
}
