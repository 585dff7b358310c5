/// A 1D read tried against the grey itself along a line across its bars, for `BarsAcross`
/// where edges alone cannot tell (blur fills narrow spaces, a module of two pixels leaves no
/// room): the modules the read says are printed (`ModuleLayout`: an EAN or UPC, a Code 128),
/// blurred as the picture blurs them, are laid over the line where they fit best; then each
/// symbol's pattern must fit its own stretch of the line clearly better than every other
/// pattern it could have been. A misread symbol loses to the printed one, which is among the others.
enum ModuleFit {
    /// How much larger every other pattern's squared misfit must be than the read's own, on
    /// each symbol's stretch.
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
    struct Placement {
        var start: Double, module: Double, blur: Double
        /// The blur in modules (a little at the least: a step of no width has no edge to look up).
        var sigma: Double { max(blur / module, 0.05) }
    }

    /// A rival that fits a symbol's stretch this much better than the read's own pattern (the
    /// ratio below it) refutes the read. Not 1 / `margin`: a code in perspective drifts from
    /// the one module width laid over it, and right reads were seen at 0.24 to 0.5 on their
    /// last digit (`qrtui-bench --stress`, EAN-13); zbar's misreads that two frames agreed on,
    /// at 0.01 to 0.03.
    static let refutingMargin = 0.1

    /// What one line says of a read's modules: every symbol fits at least `margin` times better
    /// than any rival could there (it confirms the read), or a rival fits some symbol's stretch
    /// far better than the read's own (it refutes it: the printed symbol is another), or neither.
    enum LineVerdict: Equatable { case confirms, refutes, neither }

    /// What the line around sample `at` says of `layout`; nil when the modules do not lie on it.
    static func judge(_ layout: ModuleLayout, _ values: [Double], at: Double) -> LineVerdict? {
        guard let margins = margins(layout, values, at: at, floor: refutingMargin), let worst = margins.min() else {
            return nil
        }
        return worst < refutingMargin ? .refutes : worst >= margin ? .confirms : .neither
    }

    /// Each symbol's ratio of misfits (the best other pattern's to the read's own), in order,
    /// while they reach `floor` (the first below it ends the list); nil when the modules do not
    /// lie on the line around sample `at`.
    static func margins(_ layout: ModuleLayout, _ values: [Double], at: Double, floor: Double = 0) -> [Double]? {
        guard let (values, placement) = oriented(layout.bars, values, at: at) else { return nil }
        var margins = [Double]()
        for slot in layout.symbols {
            margins.append(margin(of: slot, in: layout, values, placement))
            if margins.last! < floor { break }
        }
        return margins
    }

    /// The line as it runs or reversed, whichever the modules lie on better, with their
    /// placement there: a line across runs either way, and a code read backwards is another code.
    static func oriented(_ bars: [Bool], _ values: [Double], at: Double) -> (values: [Double], placement: Placement)? {
        var best: (values: [Double], placement: Placement, misfit: Double)?
        for (line, crossing) in [(values, at), (values.reversed(), Double(values.count - 1) - at)] {
            guard let placed = placement(bars, line, at: crossing) else { continue }
            let misfit = unexplained(bars, line, placed)
            if misfit < best?.misfit ?? .infinity { best = (line, placed, misfit) }
        }
        return best.map { ($0.values, $0.placement) }
    }

    /// Whether the read's modules are what the line shows.
    static func confirms(_ layout: ModuleLayout, _ values: [Double], at: Double) -> Bool {
        judge(layout, values, at: at) == .confirms
    }

    /// Small shifts of a placement, in modules, that each symbol is allowed (a perspective's
    /// drift the placement did not take up).
    static let shifts = [-0.3, -0.15, 0, 0.15, 0.3]

    /// One symbol's ratio of misfits: the best rival's (at any shift) to the read's own, over
    /// the symbol's modules and one either side (where blur carries its neighbours in). A rival
    /// changes the laid grey only by its own modules' share of the dark, which is all that is
    /// computed for it.
    static func margin(of slot: ModuleLayout.Slot, in layout: ModuleLayout, _ values: [Double], _ placement: Placement)
        -> Double
    {
        let first = Int(placement.start + Double(slot.start - 1) * placement.module)
        let last = Int(placement.start + Double(slot.start + slot.width + 1) * placement.module)
        let window = max(0, first)...max(0, min(values.count - 1, last))
        let grey = Array(values[window])
        var own = Double.infinity
        var best = Double.infinity
        for shift in shifts {
            var p = placement
            p.start += shift * p.module
            let laid = laid(layout.bars, p, over: window)
            let shares = (0..<slot.width).map { k in darkShares(of: slot.start + k, p, over: window) }
            own = min(own, LineFit(laid, grey).residual)
            for rival in slot.rivals {
                var model = laid
                for k in 0..<slot.width where rival[k] != layout.bars[slot.start + k] {
                    let sign = rival[k] ? -1.0 : 1.0
                    for index in model.indices { model[index] += sign * shares[k][index] }
                }
                best = min(best, LineFit(model, grey).residual)
            }
        }
        return best / max(own, 1e-9)
    }

    /// The placement that fits best, from each pair of wide light stretches around `at`
    /// taken as the quiet zones; nil when none explains enough of the grey.
    static func placement(_ bars: [Bool], _ values: [Double], at: Double) -> Placement? {
        // Each pair laid as it stands first; only the best is refined. The light stretches are
        // taken as both edge finders see them: blur may fill a narrow space for one of them.
        var best: (placement: Placement, misfit: Double)?
        for widths in [BarWidths.elements(values, reach: 6), BarWidths.elementsBySlope(values)] {
            for guess in guesses(bars.count, widths, at: at) {
                let value = unexplained(bars, values, guess)
                if value < best?.misfit ?? .infinity { best = (guess, value) }
            }
        }
        guard let guess = best?.placement else { return nil }
        let placed = refined(bars, values, guess)
        let fit = fitted(bars, values, span(bars, values, placed), placed)
        return fit.residual <= (1 - explained) * fit.variance && fit.swing >= leastSwing ? placed : nil
    }

    /// `modules` laid between each pair of the three widest light stretches either side of `at`
    /// (of `widths`, light first), taken as the quiet zones.
    static func guesses(_ modules: Int, _ widths: [Double], at: Double) -> [Placement] {
        var starts = [0.0]
        for width in widths { starts.append(starts.last! + width) }
        let lights = stride(from: 0, to: widths.count, by: 2)
        let before = lights.filter { starts[$0 + 1] <= at }.sorted { widths[$0] > widths[$1] }.prefix(3)
        let after = lights.filter { starts[$0] >= at }.sorted { widths[$0] > widths[$1] }.prefix(3)
        return before.flatMap { left in
            after.compactMap { right in
                let module = (starts[right] - starts[left + 1]) / Double(modules)
                guard module >= 1.6, widths[left] >= 3 * module, widths[right] >= 3 * module else { return nil }
                return Placement(start: starts[left + 1], module: module, blur: 0.45 * module)
            }
        }
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
        var best = (placement: guess, misfit: fitted(bars, values, window, guess).residual)
        func consider(_ steps: ClosedRange<Int>, _ change: (inout Placement, Double) -> Void) {
            let from = best.placement
            for step in steps {
                var candidate = from
                change(&candidate, Double(step))
                let value = fitted(bars, values, window, candidate).residual
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
        let first = max(0, Int(p.start - 3 * p.module))
        let last = min(values.count - 1, Int(p.start + Double(bars.count + 3) * p.module))
        return first...max(first, last)
    }

    /// The grey over `window` fitted to the modules laid as `p`.
    static func fitted(_ bars: [Bool], _ values: [Double], _ window: ClosedRange<Int>, _ p: Placement) -> LineFit {
        LineFit(laid(bars, p, over: window), values[window])
    }

    /// How light the modules laid as `p`, blurred, are at each sample of `window`: 1 light, 0
    /// dark. Each dark module adds the blur's share between its two edges; an edge between two
    /// dark modules is looked up once for both (the fit asks this millions of times a picture).
    static func laid(_ bars: [Bool], _ p: Placement, over window: ClosedRange<Int>) -> [Double] {
        let sigma = p.sigma
        let reach = Int((4 * sigma).rounded(.up)) + 1
        return NormalCurve.table.withUnsafeBufferPointer { table in
            bars.withUnsafeBufferPointer { bars in
                window.map { sample in
                    let u = (Double(sample) - p.start) / p.module
                    let centre = Int(u.rounded(.down))
                    let (first, last) = (max(0, centre - reach), min(bars.count - 1, centre + reach))
                    guard first <= last else { return 1 }
                    var dark = 0.0
                    var edge = (index: -1, below: 0.0)
                    for index in first...last where bars[index] {
                        let low =
                            edge.index == index ? edge.below : NormalCurve.below((u - Double(index)) / sigma, in: table)
                        edge = (index + 1, NormalCurve.below((u - Double(index + 1)) / sigma, in: table))
                        dark += low - edge.below
                    }
                    return 1 - dark
                }
            }
        }
    }

    /// How much of the dark at each sample of `window` module `index` gives, laid as `p` and blurred.
    static func darkShares(of index: Int, _ p: Placement, over window: ClosedRange<Int>) -> [Double] {
        let sigma = p.sigma
        return NormalCurve.table.withUnsafeBufferPointer { table in
            window.map { sample in
                let u = (Double(sample) - p.start) / p.module
                return NormalCurve.below((u - Double(index)) / sigma, in: table)
                    - NormalCurve.below((u - Double(index + 1)) / sigma, in: table)
            }
        }
    }
}
