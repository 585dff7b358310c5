import FrameCore
import Glibc

/// Whether two finder patterns can be corners of one QR code, judged by what lies between
/// them. Between two finders of one code lie its modules: the line across never passes a
/// third finder, and never crosses a stretch of light as long as two quiet zones (between two
/// codes side by side there are at least eight modules of light). On a sheet of labels in
/// rows, finders of neighbouring codes also form right angles with equal sides.
struct FinderLink {
    let a: FinderPattern
    let b: FinderPattern

    /// Light as long as this many modules parts two codes (two quiet zones of four); a
    /// code's own rows, masked, seldom hold such a run, and a version-1 code's whole stretch
    /// between its finders is shorter.
    static let longestLight = 8.0

    init(_ a: FinderPattern, _ b: FinderPattern) {
        self.a = a
        self.b = b
    }

    private var moduleSize: Double { (a.moduleSize + b.moduleSize) / 2 }
    private var length: Double { hypot(b.centre.x - a.centre.x, b.centre.y - a.centre.y) }

    /// `patterns`: the finders that may lie between them (those nearer `a` than `b` is).
    func holds(in picture: Frame, among patterns: [FinderPattern]) -> Bool {
        !passesAnotherFinder(patterns) && longestLightRun(in: picture) < Self.longestLight
    }

    /// A third finder's centre lies on the line between them, beyond their own patterns.
    private func passesAnotherFinder(_ patterns: [FinderPattern]) -> Bool {
        let (dx, dy) = ((b.centre.x - a.centre.x) / length, (b.centre.y - a.centre.y) / length)
        return patterns.contains { other in
            let (ox, oy) = (other.centre.x - a.centre.x, other.centre.y - a.centre.y)
            let along = ox * dx + oy * dy
            let across = abs(ox * dy - oy * dx)
            return along > 4 * moduleSize && along < length - 4 * moduleSize && across < 2.5 * moduleSize
        }
    }

    /// The longest run of light, in modules, on the line between the two patterns' outer
    /// edges; light is judged against the middle of the darkest and lightest on the whole line.
    func longestLightRun(in picture: Frame) -> Double {
        let step = max(0.5, moduleSize / 3)
        let count = Int(length / step)
        guard count > 2 else { return 0 }
        var samples = [Double]()
        samples.reserveCapacity(count + 1)
        for index in 0...count {
            let t = Double(index) / Double(count)
            let x = a.centre.x + (b.centre.x - a.centre.x) * t - 0.5
            let y = a.centre.y + (b.centre.y - a.centre.y) * t - 0.5
            samples.append(picture.bilinear(x, y) ?? 255)
        }
        guard let darkest = samples.min(), let lightest = samples.max(), lightest - darkest > 16 else {
            return .infinity
        }
        let middle = (darkest + lightest) / 2
        // Past each pattern's outer edge: 3.5 modules from its centre.
        let skip = Int((3.5 * moduleSize / step).rounded(.up))
        guard skip < count - skip else { return 0 }
        var longest = 0
        var run = 0
        for value in samples[skip...(count - skip)] {
            run = value > middle ? run + 1 : 0
            longest = max(longest, run)
        }
        return Double(longest) * (length / Double(count)) / moduleSize
    }
}
