import FrameCore

extension ModuleVote {
    /// `grid` with its corners moved, a fraction of a pixel at a time, to where the module
    /// centres of `picture` part most clearly into dark and light: finder patterns found in
    /// noise place the grid a pixel or so off, which at 2 px a module samples between modules.
    public static func fitted(_ grid: Homography, modules: Int, to picture: Frame) -> Homography {
        let side = Double(modules)
        let corners = [(0.0, 0.0), (side, 0), (0, side), (side, side)]
        var pixels = corners.map { corner -> (Double, Double) in
            let pixel = grid.map(corner.0, corner.1)
            return (pixel.x, pixel.y)
        }
        var best = grid
        var bestScore = parting(of: picture, through: grid, modules: modules)
        for step in [1.0, 0.5, 0.25] {
            for _ in 0..<3 {
                var moved = false
                for index in 0..<8 {
                    for sign in [-1.0, 1.0] {
                        var trial = pixels
                        if index % 2 == 0 {
                            trial[index / 2].0 += sign * step
                        } else {
                            trial[index / 2].1 += sign * step
                        }
                        guard let candidate = Homography(from: corners, to: trial) else { continue }
                        let score = parting(of: picture, through: candidate, modules: modules)
                        if score > bestScore { (best, bestScore, pixels, moved) = (candidate, score, trial, true) }
                    }
                }
                if !moved { break }
            }
        }
        return best
    }

    /// How far the module centres' greys lie from their median on average: a grid between
    /// modules samples greys half way.
    static func parting(of picture: Frame, through grid: Homography, modules: Int) -> Double {
        guard let greys = greys(of: picture, at: samples(through: grid, modules: modules), offset: (0, 0)) else {
            return 0
        }
        let median = greys.sorted()[greys.count / 2]
        return greys.reduce(0) { $0 + abs($1 - median) } / Double(greys.count)
    }
}
