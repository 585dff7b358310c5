import FrameCore

/// Finder patterns counted the way zxing-cpp first sees them: rows that cross a dark, light,
/// dark, light, dark run of 1:1:3:1:1. A finder's core is three modules tall, so a finder of
/// `m` pixels a module is crossed so by about `3m` rows. One pass over the picture at its
/// full size, each pixel judged against the mean of the row round it (uneven light and all),
/// and no memory but a row's: a picture of twenty thousand finders is known for one before any
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
        picture.luma.withUnsafeBufferPointer { pixels in
            sums.withUnsafeMutableBufferPointer { sums in
                for y in area.y..<area.maxY {
                    let row = pixels.baseAddress! + y * picture.stride + area.x
                    for x in 0..<area.width { sums[x + 1] = sums[x] + Int(row[x]) }
                    found += crossings(row, width: area.width, sums: sums)
                }
            }
        }
        return Int(found.rounded())
    }

    /// The finders one row crosses, each counted as the share of its rows this one is.
    private static func crossings(
        _ row: UnsafePointer<UInt8>, width: Int, sums: UnsafeMutableBufferPointer<Int>
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
                    found += 1 / (3 * module)
                }
            }
            dark = here
            length = 1
        }
        return found
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
