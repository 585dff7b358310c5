import Glibc

/// A product read tried against the grey itself along a line across its bars, for
/// `BarsAcross` where edges alone cannot tell (blur fills narrow spaces, a module of two
/// pixels leaves no room): the modules the read says are printed (`ProductModules`), blurred
/// as the picture blurs them, are laid over the line where they fit best; then each digit's
/// pattern must fit its own stretch of the line clearly better than every other pattern
/// legal there. A misread digit loses to the printed one, which is among the others.
enum ProductFit {
    /// How much larger every other pattern's squared misfit must be than the read's own, on
    /// each digit's stretch.
    static let margin = 2.0
    /// The share of the grey's variance over the code the laid modules must explain.
    static let explained = 0.6
    /// The least difference of grey between the laid modules' dark and light: the misfits are
    /// blind to scale, so a pattern as faint as a JPEG's block steps on a gradient (a grey
    /// level or two) would fit as well as ink. Printed codes, even grey on grey in dim light,
    /// differ by 20 and more (`qrtui-bench --stress` draws them 50 apart, lit down to 45%).
    static let leastSwing = 16.0

    /// Where the modules lie on the line, in samples: the first module's start, a module's
    /// width, the blur's sigma.
    struct Placement { var start: Double, module: Double, blur: Double }

    /// The worst digit's ratio of misfits (the best other pattern's to the read's own), or nil
    /// when the modules do not lie on the line around sample `at`.
    static func worstMargin(_ modules: ProductModules, _ values: [Double], at: Double) -> Double? {
        guard let placement = placement(modules.bars, values, at: at) else { return nil }
        return modules.digits.map { digit in
            // The digit's seven modules and one either side (where blur carries its neighbours in).
            let first = Int(placement.start + Double(digit.start - 1) * placement.module)
            let last = Int(placement.start + Double(digit.start + 8) * placement.module)
            let window = max(0, first)...max(0, min(values.count - 1, last))
            let own = misfit(modules.bars, values, window, placement, shifting: true)
            let others = digit.rivals.map { rival in
                var bars = modules.bars
                bars.replaceSubrange(digit.start..<digit.start + 7, with: rival)
                return misfit(bars, values, window, placement, shifting: true)
            }
            return (others.min() ?? 0) / max(own, 1e-9)
        }.min()
    }

    /// Whether the read's modules are what the line shows.
    static func confirms(_ modules: ProductModules, _ values: [Double], at: Double) -> Bool {
        (worstMargin(modules, values, at: at) ?? 0) >= margin
    }

    /// The placement that fits best, from each pair of wide light stretches around `at`
    /// taken as the quiet zones; nil when none explains enough of the grey.
    static func placement(_ bars: [Bool], _ values: [Double], at: Double) -> Placement? {
        let widths = BarWidths.elements(values, reach: 6)
        var starts = [0.0]
        for width in widths { starts.append(starts.last! + width) }
        let lights = stride(from: 0, to: widths.count, by: 2)
        let before = lights.filter { starts[$0 + 1] <= at }.sorted { widths[$0] > widths[$1] }.prefix(3)
        let after = lights.filter { starts[$0] >= at }.sorted { widths[$0] > widths[$1] }.prefix(3)
        // Each pair laid as it stands first; only the best is refined.
        var best: (placement: Placement, misfit: Double)?
        for left in before {
            for right in after {
                let module = (starts[right] - starts[left + 1]) / Double(bars.count)
                guard module >= 1.6, widths[left] >= 3 * module, widths[right] >= 3 * module else { continue }
                let guess = Placement(start: starts[left + 1], module: module, blur: 0.45 * module)
                let value = unexplained(bars, values, guess)
                if value < best?.misfit ?? .infinity { best = (guess, value) }
            }
        }
        guard let guess = best?.placement else { return nil }
        let placed = refined(bars, values, guess)
        let fit = fitted(bars, values, span(bars, values, placed), placed)
        return fit.residual <= (1 - explained) * fit.variance && fit.swing >= leastSwing ? placed : nil
    }

    /// The share of the grey's variance over the code that the modules laid as `p` leave unexplained.
    static func unexplained(_ bars: [Bool], _ values: [Double], _ p: Placement) -> Double {
        let fit = fitted(bars, values, span(bars, values, p), p)
        return fit.variance > 0 ? fit.residual / fit.variance : 1
    }

    /// `guess` moved, stretched and blurred to fit best: start, module and start again, then
    /// blur, then start, module and start again, finer.
    static func refined(_ bars: [Bool], _ values: [Double], _ guess: Placement) -> Placement {
        let window = span(bars, values, guess)
        var best = (placement: guess, misfit: misfit(bars, values, window, guess, shifting: false))
        func consider(_ steps: ClosedRange<Int>, _ change: (inout Placement, Double) -> Void) {
            let from = best.placement
            for step in steps {
                var candidate = from
                change(&candidate, Double(step))
                let value = misfit(bars, values, window, candidate, shifting: false)
                if value < best.misfit { best = (candidate, value) }
            }
        }
        let reach = max(2, 0.5 * guess.module) / 6
        consider(-6...6) { $0.start += $1 * reach }
        consider(-6...6) { $0.module *= 1 + 0.005 * $1 }
        consider(-3...3) { $0.start += $1 * reach / 2 }
        consider(0...7) { $0.blur = [0.15, 0.25, 0.35, 0.45, 0.6, 0.75, 0.9, 1.1][Int($1)] * $0.module }
        consider(-4...4) { $0.start += $1 * 0.1 * $0.module }
        consider(-4...4) { $0.module *= 1 + 0.0015 * $1 }
        consider(-2...2) { $0.start += $1 * 0.05 * $0.module }
        return best.placement
    }

    /// The samples from three modules before the code to three after it.
    static func span(_ bars: [Bool], _ values: [Double], _ p: Placement) -> ClosedRange<Int> {
        let first = max(0, Int(p.start - 3 * p.module)), last = min(values.count - 1, Int(p.start + Double(bars.count + 3) * p.module))
        return first...max(first, last)
    }

    /// The squared misfit of `values` over `window` to the modules laid as `p`, each scaled to
    /// the grey (dark and light fitted there); `shifting`: the least over small shifts (a
    /// perspective's drift the placement did not take up).
    static func misfit(_ bars: [Bool], _ values: [Double], _ window: ClosedRange<Int>, _ p: Placement, shifting: Bool) -> Double {
        let shifts = shifting ? [-0.3, -0.15, 0, 0.15, 0.3] : [0.0]
        return shifts.map { shift in
            var moved = p
            moved.start += shift * p.module
            return fitted(bars, values, window, moved).residual
        }.min()!
    }

    /// The grey over `window` fitted to the modules laid as `p`.
    static func fitted(_ bars: [Bool], _ values: [Double], _ window: ClosedRange<Int>, _ p: Placement) -> LineFit {
        LineFit(window.map { (lightness(bars, p, at: Double($0)), values[$0]) })
    }

    /// How light the modules laid as `p`, blurred, are at sample `x`: 1 light, 0 dark.
    static func lightness(_ bars: [Bool], _ p: Placement, at x: Double) -> Double {
        let u = (x - p.start) / p.module, sigma = max(p.blur / p.module, 0.05)
        let reach = Int((4 * sigma).rounded(.up)) + 1, centre = Int(u.rounded(.down))
        var dark = 0.0
        for index in stride(from: max(0, centre - reach), through: min(bars.count - 1, centre + reach), by: 1) where bars[index] {
            dark += NormalCurve.below((u - Double(index)) / sigma) - NormalCurve.below((u - Double(index + 1)) / sigma)
        }
        return 1 - dark
    }
}

/// The least-squares line `grey = dark + swing * model` through pairs (model, grey): the
/// squared residual left (everything when the fit would have dark and light swapped), and
/// the grey's own squared spread about its mean.
struct LineFit {
    var residual: Double
    var swing = 0.0
    var variance = 0.0

    init(_ pairs: [(model: Double, grey: Double)]) {
        let n = Double(pairs.count)
        guard n >= 3 else { residual = .infinity; return }
        let (sx, sy) = pairs.reduce((0.0, 0.0)) { ($0.0 + $1.model, $0.1 + $1.grey) }
        let (mx, my) = (sx / n, sy / n)
        var (sxx, sxy, syy) = (0.0, 0.0, 0.0)
        for pair in pairs {
            let (dx, dy) = (pair.model - mx, pair.grey - my)
            (sxx, sxy, syy) = (sxx + dx * dx, sxy + dx * dy, syy + dy * dy)
        }
        variance = syy
        guard sxx > 1e-9, sxy > 0 else { residual = syy; return }
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

    static func below(_ z: Double) -> Double {
        guard z > -range else { return 0 }
        guard z < range else { return 1 }
        let position = (z + range) / (2 * range) * Double(steps)
        let index = Int(position), fraction = position - Double(index)
        return table[index] + (table[min(index + 1, steps)] - table[index]) * fraction
    }
}
