/// The widths of the bars and spaces along a profile (`ProfileLine`'s values), from its first
/// bar to its last. Each sample is compared with the middle grey of its neighbourhood (a few
/// modules either way), so blurred narrow elements and uneven light keep their edges; where
/// the neighbourhood holds no ink (a quiet zone, a label's edge) the nearest neighbourhood's
/// middle grey stands in. Edges lie where the profile crosses that grey, between samples.
enum BarWidths {
    /// `reach`: how many samples either way make a sample's neighbourhood.
    static func widths(_ values: [Double], reach: Int) -> [Double] {
        let all = elements(values, reach: reach)
        return all.count >= 3 ? Array(all.dropFirst().dropLast()) : []
    }

    /// The light before the first bar, the bars and spaces, and the light after the last bar
    /// (all in samples): a code's quiet zones are measured too.
    static func elements(_ values: [Double], reach: Int) -> [Double] {
        guard let low = values.min(), let high = values.max(), high - low >= 12 else { return [] }
        let reach = max(2, reach)
        let extremes = RangeExtremes(values, longest: 2 * InkLevels.near(reach) + 1)
        let ink = InkLevels(values, reach: reach, floor: 0.25 * (high - low), extremes: extremes)
        let local: [Double?] = values.indices.map { index in
            let window = max(0, index - reach)...min(values.count - 1, index + reach)
            let (dark, light) = (values[extremes.leastIndex(window)], values[extremes.mostIndex(window)])
            // Only a neighbourhood with ink in it sets the grey: dark as ink is, and with bars
            // by the code's own contrast nearby (not a label's edge on a lighter or darker
            // table, a step with no bar; yet the faint bars of a dark label on a light table).
            let swing = ink.swing[index]
            return dark <= low + 0.4 * (high - low) && light - dark >= 0.3 * swing && ink.contrast[index] >= 0.3 * swing
                ? (dark + light) / 2 : nil
        }
        let threshold = nearestKnown(local, otherwise: (low + high) / 2)
        var edges = [Double]()
        var darkFirst = false
        for index in values.indices.dropFirst() {
            let before = values[index - 1] - threshold[index - 1]
            let after = values[index] - threshold[index]
            guard (before < 0) != (after < 0) else { continue }
            if edges.isEmpty { darkFirst = after < 0 }
            edges.append(Double(index - 1) + before / (before - after))
        }
        if !darkFirst, !edges.isEmpty { edges.removeFirst() }
        if edges.count % 2 == 1 { edges.removeLast() }  // end on a bar
        guard let first = edges.first, let last = edges.last else { return [] }
        return [first] + zip(edges, edges.dropFirst()).map { $1 - $0 } + [Double(values.count - 1) - last]
    }

    /// Each unknown value (a flat stretch: a quiet zone, a label) takes the nearest known one:
    /// light beyond a code is judged by the code's own middle grey, not by what lies further
    /// off (a darker label on a light table would else turn its quiet zone into a bar).
    static func nearestKnown(_ values: [Double?], otherwise: Double) -> [Double] {
        var before = [(value: Double, at: Int)?](repeating: nil, count: values.count)
        var last: (value: Double, at: Int)?
        for index in values.indices {
            if let value = values[index] { last = (value, index) }
            before[index] = last
        }
        var result = [Double](repeating: otherwise, count: values.count)
        var next: (value: Double, at: Int)?
        for index in values.indices.reversed() {
            if let value = values[index] { next = (value, index) }
            // The one before on a tie.
            switch (before[index], next) {
            case (let earlier?, let later?):
                result[index] = index - earlier.at <= later.at - index ? earlier.value : later.value
            case (let earlier?, nil): result[index] = earlier.value
            case (nil, let later?): result[index] = later.value
            case (nil, nil): break
            }
        }
        return result
    }

    /// The same elements with each edge where the grey changes fastest (a peak of the profile's
    /// slope, placed between samples by a parabola through it): blur that fills a narrow space
    /// half moves the middle grey's crossings into the bars beside it, but not the slope's
    /// peaks. A peak counts when its slope is at least `floor` of the profile's swing per pixel;
    /// of peaks one way in a row, the steepest.
    static func elementsBySlope(_ values: [Double], floor: Double = 0.04) -> [Double] {
        guard values.count >= 5, let low = values.min(), let high = values.max(), high - low >= 12 else { return [] }
        // The change over one pixel (two samples), smoothed 1-2-1.
        let raw = values.indices.map { values[min($0 + 1, values.count - 1)] - values[max($0 - 1, 0)] }
        let slope = raw.indices.map { (raw[max($0 - 1, 0)] + 2 * raw[$0] + raw[min($0 + 1, raw.count - 1)]) / 4 }
        var peaks = [(at: Double, value: Double)]()
        for index in 1..<slope.count - 1
        where abs(slope[index]) >= floor * (high - low)
            && abs(slope[index]) >= abs(slope[index - 1]) && abs(slope[index]) > abs(slope[index + 1])
        {
            let (a, b, c) = (abs(slope[index - 1]), abs(slope[index]), abs(slope[index + 1]))
            let shift = a - 2 * b + c == 0 ? 0 : 0.5 * (a - c) / (a - 2 * b + c)
            let peak = (at: Double(index) + shift, value: slope[index])
            if let last = peaks.last, (last.value < 0) == (peak.value < 0) {
                if abs(peak.value) > abs(last.value) { peaks[peaks.count - 1] = peak }
            } else {
                peaks.append(peak)
            }
        }
        // From the first fall into a bar to the last rise out of one.
        while let first = peaks.first, first.value > 0 { peaks.removeFirst() }
        while let last = peaks.last, last.value < 0 { peaks.removeLast() }
        let edges = peaks.map(\.at)
        guard let first = edges.first, let last = edges.last, edges.count >= 2 else { return [] }
        return [first] + zip(edges, edges.dropFirst()).map { $1 - $0 } + [Double(values.count - 1) - last]
    }
}

/// How much ink a profile shows around each sample. A bar is a dip between lights, a space a
/// rise between darks; a step from one flat grey to another (a label's edge) is neither, however
/// large. `contrast`: the deepest dip or highest rise seen whole in a few neighbourhoods around
/// the sample; `swing`: the most contrast within some sixteen neighbourhoods (the code's own,
/// where a code is; never below `floor`, so noise on a flat stretch is no ink).
struct InkLevels {
    var contrast: [Double]
    var swing: [Double]

    /// How far either way a sample's contrast is looked for.
    static func near(_ reach: Int) -> Int { 3 * reach }

    /// `extremes`: of `values`, for windows of `near` either way.
    init(_ values: [Double], reach: Int, floor: Double, extremes: RangeExtremes) {
        let near = Self.near(reach)
        let far = 16 * reach
        contrast = values.indices.map { extremes.contrast(max(0, $0 - near)...min(values.count - 1, $0 + near)) }
        swing = SlidingExtreme.maxima(contrast, reach: far).map { max($0, floor) }
    }
}

/// The largest value within `reach` either way of each index (a monotonic queue: linear time).
enum SlidingExtreme {
    static func maxima(_ values: [Double], reach: Int) -> [Double] {
        guard !values.isEmpty else { return [] }
        var result = [Double](repeating: 0, count: values.count)
        var queue = [Int]()
        var head = 0
        var next = 0
        for index in values.indices {
            while next < values.count, next <= index + reach {
                while queue.count > head, values[queue[queue.count - 1]] <= values[next] { queue.removeLast() }
                queue.append(next)
                next += 1
            }
            while queue[head] < index - reach { head += 1 }
            result[index] = values[queue[head]]
        }
        return result
    }
}
