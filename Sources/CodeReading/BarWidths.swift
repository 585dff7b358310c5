/// The widths of the bars and spaces along a profile (`ProfileLine`'s values), from its first
/// bar to its last. Each sample is compared with the middle grey of its neighbourhood (a few
/// modules either way), so blurred narrow elements and uneven light keep their edges; where
/// the neighbourhood is flat (a quiet zone) the middle grey of the whole profile stands in.
/// Edges lie where the profile crosses that grey, between samples.
enum BarWidths {
    /// `reach`: how many samples either way make a sample's neighbourhood.
    static func widths(_ values: [Double], reach: Int) -> [Double] {
        guard let low = values.min(), let high = values.max(), high - low >= 12 else { return [] }
        let reach = max(2, reach)
        let threshold = values.indices.map { index in
            let window = values[max(0, index - reach)...min(values.count - 1, index + reach)]
            let (dark, light) = (window.min()!, window.max()!)
            return light - dark >= 0.3 * (high - low) ? (dark + light) / 2 : (low + high) / 2
        }
        var edges = [Double](), darkFirst = false
        for index in values.indices.dropFirst() {
            let before = values[index - 1] - threshold[index - 1], after = values[index] - threshold[index]
            guard (before < 0) != (after < 0) else { continue }
            if edges.isEmpty { darkFirst = after < 0 }
            edges.append(Double(index - 1) + before / (before - after))
        }
        if !darkFirst, !edges.isEmpty { edges.removeFirst() }
        var widths = zip(edges, edges.dropFirst()).map { $1 - $0 }
        if widths.count % 2 == 0, !widths.isEmpty { widths.removeLast() }  // end on a bar
        return widths
    }
}
