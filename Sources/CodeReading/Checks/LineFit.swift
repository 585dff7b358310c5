import Glibc

/// The least-squares line `grey = dark + swing * model` through (model, grey) pairs: the
/// squared residual left (everything when the fit would have dark and light swapped), and
/// the grey's own squared spread about its mean.
struct LineFit {
    var residual: Double
    var swing = 0.0
    var variance = 0.0

    init(_ model: [Double], _ grey: some Collection<Double>) {
        let n = Double(model.count)
        guard n >= 3, grey.count == model.count else {
            residual = .infinity
            return
        }
        let mx = model.reduce(0, +) / n
        let my = grey.reduce(0, +) / n
        var (sxx, sxy, syy) = (0.0, 0.0, 0.0)
        for (x, y) in zip(model, grey) {
            let (dx, dy) = (x - mx, y - my)
            (sxx, sxy, syy) = (sxx + dx * dx, sxy + dx * dy, syy + dy * dy)
        }
        variance = syy
        guard sxx > 1e-9, sxy > 0 else {
            residual = syy
            return
        }
        residual = max(0, syy - sxy * sxy / sxx)
        swing = sxy / sxx
    }
}

/// The standard normal distribution's share below z, from a table (the fit asks for it
/// millions of times a picture).
enum NormalCurve {
    static let range = 6.0, steps = 4096
    static let table: [Double] = (0...steps).map { index in
        0.5 * erfc(-(Double(index) / Double(steps) * 2 * range - range) / 2.0.squareRoot())
    }

    /// The share below `z`, with the table in hand (a loop over many samples takes it once).
    static func below(_ z: Double, in table: UnsafeBufferPointer<Double>) -> Double {
        guard z > -range else { return 0 }
        guard z < range else { return 1 }
        let position = (z + range) / (2 * range) * Double(steps)
        let index = Int(position)
        let fraction = position - Double(index)
        return table[index] + (table[min(index + 1, steps)] - table[index]) * fraction
    }
}
