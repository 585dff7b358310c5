import FrameCore

/// A QR code's modules told dark or light in each frame of it on its own, and the majority
/// taken: the code drawn crisp for the engines from frames each too noisy to read. Each frame
/// has a threshold of its own (the median of its modules: a QR code's mask keeps about half of
/// them dark), so light that changes from frame to frame does not tip the count.
public struct ModuleVote {
    /// Module coordinates to the pixels of the picture the grid was found in.
    public let grid: Homography
    public let modules: Int
    public private(set) var frames = 0
    private var darkVotes: [Int]
    /// Where each module is sampled in the grid's picture (the same in every frame).
    private let samples: [(x: Double, y: Double)]

    /// Points within a module sampled for its grey: its middle third, clear of its neighbours.
    private static let within = [0.35, 0.5, 0.65]
    /// Modules of quiet zone drawn light round the code.
    static let quietZone = 2

    public init(grid: Homography, modules: Int) {
        self.grid = grid
        self.modules = modules
        darkVotes = [Int](repeating: 0, count: modules * modules)
        samples = Self.samples(through: grid, modules: modules)
    }

    /// The vote of `frame`, where the grid's picture pixel (x, y) is the frame's
    /// (x + offset.x, y + offset.y). A frame the code lies partly outside of has no vote.
    public mutating func add(_ frame: Frame, offset: (x: Double, y: Double)) {
        guard let greys = Self.greys(of: frame, at: samples, offset: offset) else { return }
        let threshold = greys.sorted()[greys.count / 2]
        for index in greys.indices where greys[index] < threshold { darkVotes[index] += 1 }
        frames += 1
    }

    /// The points sampled for each module's grey (its middle third, 3 x 3), module by module,
    /// row by row, in the pixels of the grid's picture.
    static func samples(through grid: Homography, modules: Int) -> [(x: Double, y: Double)] {
        var points = [(x: Double, y: Double)]()
        points.reserveCapacity(modules * modules * within.count * within.count)
        for v in 0..<modules {
            for u in 0..<modules {
                for dv in within {
                    for du in within { points.append(grid.map(Double(u) + du, Double(v) + dv)) }
                }
            }
        }
        return points
    }

    /// Each module's grey (the sum of its `samples`), where the grid's picture pixel (x, y) is
    /// `frame`'s (x + offset.x, y + offset.y); nil where the code lies partly outside it.
    static func greys(of frame: Frame, at samples: [(x: Double, y: Double)], offset: (x: Double, y: Double))
        -> [Double]?
    {
        let each = within.count * within.count
        var greys = [Double](repeating: 0, count: samples.count / each)
        let inside = frame.luma.withUnsafeBufferPointer { p -> Bool in
            for (index, point) in samples.enumerated() {
                guard let grey = Frame.bilinear(p, in: frame, point.x + offset.x - 0.5, point.y + offset.y - 0.5)
                else { return false }
                greys[index / each] += grey
            }
            return true
        }
        return inside ? greys : nil
    }

    /// Whether the module at column `u`, row `v` is dark by most of the frames.
    public func isDark(_ u: Int, _ v: Int) -> Bool { 2 * darkVotes[v * modules + u] > frames }

    /// `luma` (a picture `width` pixels wide, the grid's picture at `origin` in it) with the
    /// code drawn as the vote has it, black on white with a light quiet zone round it, in
    /// `rect` (pixels of `luma`) only.
    public func draw(into luma: inout [UInt8], width: Int, origin: PixelPoint, within rect: PixelRect) {
        guard frames > 0 else { return }
        let side = Double(modules)
        let steps: [Double] = [0, side / 2, side]
        var points = [(Double, Double)]()
        for v in steps { for u in steps { points.append((u, v)) } }
        let pixels = points.map { point -> (Double, Double) in
            let pixel = grid.map(point.0, point.1)
            return (pixel.x, pixel.y)
        }
        guard let back = Homography(from: pixels, to: points) else { return }
        let zone = Double(Self.quietZone)
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let (u, v) = back.map(Double(x - origin.x) + 0.5, Double(y - origin.y) + 0.5)
                guard u >= -zone, v >= -zone, u < side + zone, v < side + zone else { continue }
                let (column, row) = (Int(u.rounded(.down)), Int(v.rounded(.down)))
                let code = column >= 0 && row >= 0 && column < modules && row < modules
                luma[y * width + x] = code && isDark(column, row) ? 0 : 255
            }
        }
    }
}
