/// The widths of the bars and spaces along a profile (`ProfileLine`'s values), from its first
/// bar to its last. Each sample is compared with the middle grey of its neighbourhood (a few
/// modules either way), so blurred narrow elements and uneven light keep their edges; where
/// the neighbourhood is flat (a quiet zone) the nearest neighbourhood's middle grey stands in.
/// Edges lie where the profile crosses that grey, between samples.
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
        let local: [Double?] = values.indices.map { index in
            let window = values[max(0, index - reach)...min(values.count - 1, index + reach)]
            let (dark, light) = (window.min()!, window.max()!)
            // Only a neighbourhood with ink in it sets the grey: a label's edge on a lighter table does not.
            return light - dark >= 0.3 * (high - low) && dark <= low + 0.4 * (high - low) ? (dark + light) / 2 : nil
        }
        let threshold = nearestKnown(local, otherwise: (low + high) / 2)
        var edges = [Double](), darkFirst = false
        for index in values.indices.dropFirst() {
            let before = values[index - 1] - threshold[index - 1], after = values[index] - threshold[index]
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
            let candidates = [before[index], next].compactMap { $0 }
            result[index] = candidates.min { abs($0.at - index) < abs($1.at - index) }?.value ?? otherwise
        }
        return result
    }
}

