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

    /// About how many finder patterns `rect` of `picture` holds.
    public static func estimate(in picture: Frame, rect: PixelRect? = nil) -> Int {
        let area = (rect ?? picture.bounds).clamped(to: picture.bounds)
        guard area.width >= 7, area.height >= 3 else { return 0 }
        var found = 0.0
        var sums = [Int](repeating: 0, count: area.width + 1)
        // The middles crossed on the row before: a finder is crossed on row after row at one
        // place, noise that happens to look like one on a single row.
        var before = [(x: Int, module: Double)]()
        picture.luma.withUnsafeBufferPointer { pixels in
            sums.withUnsafeMutableBufferPointer { sums in
                for y in area.y..<area.maxY {
                    let row = pixels.baseAddress! + y * picture.stride + area.x
                    for x in 0..<area.width { sums[x + 1] = sums[x] + Int(row[x]) }
                    var here = [(x: Int, module: Double)]()
                    _ = crossings(row, width: area.width, sums: sums) { x, module, level in
                        guard
                            crossesColumn(
                                pixels, picture: picture, area: area, x: area.x + x, y: y, module: module,
                                level: level)
                        else { return false }
                        here.append((x, module))
                        // Again where the row before crossed one: a share of the rows its core spans.
                        if before.contains(where: { abs($0.x - x) <= max(1, Int(module)) }) {
                            found += 1 / max(1, 3 * module - 1)
                        }
                        return true
                    }
                    before = here
                }
            }
        }
        return Int(found.rounded())
    }

    /// The finders one row crosses, each counted as the share of its rows this one is.
    /// `column(x, module, level)`: whether the column through `x` crosses a finder too, judged
    /// against grey `level`.
    private static func crossings(
        _ row: UnsafePointer<UInt8>, width: Int, sums: UnsafeMutableBufferPointer<Int>,
        column: (Int, Double, Int) -> Bool
    ) -> Double {
        var runs = (0, 0, 0, 0, 0)  // the last five runs' lengths, the newest last
        var dark = false  // the colour of the newest run
        var length = 0
        var found = 0.0
        func isDark(_ x: Int) -> Bool {
            let (x0, x1) = (max(0, x - reach), min(width, x + reach + 1))
            return Int(row[x]) * (x1 - x0) < sums[x1] - sums[x0]
        }
        for x in 0...width {
            let here = x < width ? isDark(x) : !dark
            if x > 0 && here == dark {
                length += 1
                continue
            }
            if x > 0 {
                runs = (runs.1, runs.2, runs.3, runs.4, length)
                // The run just ended is dark: the five end dark, so they begin dark too.
                if dark, runs.0 > 0, looksLikeFinder(runs) {
                    let module = Double(runs.0 + runs.1 + runs.2 + runs.3 + runs.4) / 7
                    let middle = x - runs.4 - runs.3 - (runs.2 + 1) / 2
                    let start = x - runs.0 - runs.1 - runs.2 - runs.3 - runs.4
                    let level = (sums[x] - sums[start]) / max(1, x - start)
                    if column(middle, module, level) { found += 1 / (3 * module) }
                }
            }
            dark = here
            length = 1
        }
        return found
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
