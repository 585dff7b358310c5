import FrameCore

/// Finder patterns counted the way zxing-cpp first sees them: rows that cross a dark, light,
/// dark, light, dark run of 1:1:3:1:1, where the column through the middle does too (bars
/// cross rows so, never columns). A finder's core is three modules tall, so a finder of `m`
/// pixels a module is crossed so by about `3m` rows. One pass over the picture at its full
/// size, each pixel judged against the mean of the row round it (uneven light and all), and
/// no memory but a row's: a picture of twenty thousand finders is known for one before any
/// reader that pairs them is given it.
public enum FinderRows {
    /// Half the row's stretch each pixel is judged against.
    static let reach = 15

    /// Rows are judged in bands this tall: an area above `estimate`'s `atMost` pixels is judged
    /// in every n-th band alone, and the count scaled by n.
    static let band = 64

    /// About how many finder patterns `rect` of `picture` holds, judged in about `atMost` of its
    /// pixels (nil: in all of them).
    public static func estimate(in picture: Frame, rect: PixelRect? = nil, atMost: Int? = nil) -> Int {
        let area = (rect ?? picture.bounds).clamped(to: picture.bounds)
        guard area.width >= 7, area.height >= 3 else { return 0 }
        let pixels = area.width * area.height
        let every = atMost.map { max(1, (pixels + $0 - 1) / max(1, $0)) } ?? 1
        var found = 0.0
        var judged = 0
        var sums = [Int](repeating: 0, count: area.width + 1)
        var dark = [Bool](repeating: false, count: area.width)
        // The middles crossed on the row before: a finder is crossed on row after row at one
        // place, noise that happens to look like one on a single row.
        var before = [(x: Int, module: Double)]()
        var here = [(x: Int, module: Double)]()
        picture.luma.withUnsafeBufferPointer { pixels in
            sums.withUnsafeMutableBufferPointer { sums in
                dark.withUnsafeMutableBufferPointer { dark in
                    for y in area.y..<area.maxY where ((y - area.y) / band) % every == 0 {
                        // A band's first row follows no row judged.
                        if every > 1 && (y - area.y) % band == 0 { before.removeAll(keepingCapacity: true) }
                        judged += 1
                        let row = pixels.baseAddress! + y * picture.stride + area.x
                        judge(row, width: area.width, sums: sums, into: dark)
                        here.removeAll(keepingCapacity: true)
                        crossings(dark, sums: sums) { x, module, level in
                            guard
                                crossesColumn(
                                    pixels, picture: picture, area: area, x: area.x + x, y: y, module: module,
                                    level: level)
                            else { return }
                            here.append((x, module))
                            // Again where the row before crossed one: a share of the rows its core spans.
                            if before.contains(where: { abs($0.x - x) <= max(1, Int(module)) }) {
                                found += 1 / max(1, 3 * module - 1)
                            }
                        }
                        swap(&before, &here)
                    }
                }
            }
        }
        return Int((found * Double(area.height) / Double(max(1, judged))).rounded())
    }

    /// Each pixel of `row` dark or not against the mean of the row round it (`sums`: the row's
    /// running sums, made here).
    private static func judge(
        _ row: UnsafePointer<UInt8>, width: Int, sums: UnsafeMutableBufferPointer<Int>,
        into dark: UnsafeMutableBufferPointer<Bool>
    ) {
        for x in 0..<width { sums[x + 1] = sums[x] + Int(row[x]) }
        let span = 2 * reach + 1
        // Away from the row's ends every stretch is as long: no bounds to work out.
        if width > span {
            for x in reach..<(width - reach) { dark[x] = Int(row[x]) * span < sums[x + reach + 1] - sums[x - reach] }
        }
        func judgeNearAnEnd(_ x: Int) {
            let (x0, x1) = (max(0, x - reach), min(width, x + reach + 1))
            dark[x] = Int(row[x]) * (x1 - x0) < sums[x1] - sums[x0]
        }
        for x in 0..<min(reach, width) { judgeNearAnEnd(x) }
        for x in max(min(reach, width), width - reach)..<width { judgeNearAnEnd(x) }
    }

    /// Each place in a row of `dark` pixels that crosses a finder's middle: `found(x, module,
    /// level)` with the middle, the module's size and the grey between its dark and light.
    private static func crossings(
        _ dark: UnsafeMutableBufferPointer<Bool>, sums: UnsafeMutableBufferPointer<Int>,
        found: (Int, Double, Int) -> Void
    ) {
        let width = dark.count
        var runs = (0, 0, 0, 0, 0)  // the last five runs' lengths, the newest last
        var start = 0
        while start < width {
            var end = start + 1
            while end < width && dark[end] == dark[start] { end += 1 }
            runs = (runs.1, runs.2, runs.3, runs.4, end - start)
            // The run just ended is dark: the five end dark, so they begin dark too.
            if dark[start], runs.0 > 0, looksLikeFinder(runs) {
                let total = runs.0 + runs.1 + runs.2 + runs.3 + runs.4
                let middle = end - runs.4 - runs.3 - (runs.2 + 1) / 2
                let level = (sums[end] - sums[end - total]) / total
                found(middle, Double(total) / 7, level)
            }
            start = end
        }
    }

    /// Whether the column through (`x`, `y`) crosses dark (the core, `y` in it), light, dark
    /// each way, the whole 1:1:3:1:1 (pixels darker than `level` being dark).
    private static func crossesColumn(
        _ pixels: UnsafeBufferPointer<UInt8>, picture: Frame, area: PixelRect, x: Int, y: Int, module: Double,
        level: Int
    ) -> Bool {
        let most = Int(module * 5) + 2
        func isDark(_ row: Int) -> Bool { Int(pixels[row * picture.stride + x]) < level }
        guard isDark(y) else { return false }
        /// The lengths of the core's part, the light and the dark run, going `step` from `y`.
        func runs(_ step: Int) -> (Int, Int, Int)? {
            var lengths = [0, 0, 0]
            var row = y
            for (index, dark) in [true, false, true].enumerated() {
                while row >= area.y && row < area.maxY && isDark(row) == dark && lengths[index] <= most {
                    lengths[index] += 1
                    row += step
                }
                guard lengths[index] > 0, lengths[index] <= most else { return nil }
            }
            return (lengths[0], lengths[1], lengths[2])
        }
        guard let up = runs(-1), let down = runs(1) else { return false }
        let column = (up.2, up.1, up.0 + down.0 - 1, down.1, down.2)
        let total = Double(column.0 + column.1 + column.2 + column.3 + column.4)
        // As tall as it is wide: a square pattern.
        return looksLikeFinder(column) && abs(total - 7 * module) <= 3.5 * module
    }

    /// Runs of 1:1:3:1:1 modules, each within half a module of its share.
    static func looksLikeFinder(_ runs: (Int, Int, Int, Int, Int)) -> Bool {
        let total = runs.0 + runs.1 + runs.2 + runs.3 + runs.4
        guard total >= 7 else { return false }
        let module = Double(total) / 7
        let slack = module / 2 + 0.5
        let ones = [runs.0, runs.1, runs.3, runs.4].allSatisfy { abs(Double($0) - module) <= slack }
        return ones && abs(Double(runs.2) - 3 * module) <= 3 * slack
    }
}
