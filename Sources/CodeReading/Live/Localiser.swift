import FrameCore
import Glibc
import PictureOps

/// A place where a code may be: a window of frame pixels around a patch of strong edges,
/// with room for the quiet zone.
struct Candidate: Equatable {
    let window: PixelRect
    /// The busy blocks' bounding box, not clamped or grown.
    var patch: PixelRect
    /// The edges run one way (1D bars): the window is worth reading turned upright.
    let linear: Bool
    /// The bars' gradient direction in degrees (0: bars upright).
    let angle: Double

    /// The scan lines that cross its bars (within 45°, as zbar reads them), or both ways for
    /// a matrix.
    var across: ScanLines { linear ? abs(angle) <= 45 ? .rows : .columns : .both }

    /// Lines across long bars every other pixel are lines enough: half the work.
    var lineSpacing: Int? {
        guard linear else { return nil }
        return (across == .rows ? patch.height : patch.width) >= Look.everyOtherLineFrom ? 2 : 1
    }
}

/// Finds candidates in block statistics: blocks with far more edge than the sensor's noise
/// makes, joined into patches. Everything is measured at full resolution, so a code of two
/// pixels per module shows as strongly as a large one.
enum Localiser {
    /// Blocks with at least this many pixels' worth of edge over the quiet blocks' level.
    static let minimumBlocks = 3
    /// Coherence of edges that run one way (bars), of a patch or a block.
    static let oneWay: Float = 0.6

    /// Candidates among the blocks `wanted` marks (nil: all), the largest first; `busy`: the
    /// blocks that stand out (nil: `busyBlocks`).
    static func candidates(in stats: BlockStatistics, where wanted: [Bool]? = nil, busy: [Bool]? = nil)
        -> [Candidate]
    {
        let busy = busy ?? busyBlocks(stats)
        var seen = [Bool](repeating: false, count: busy.count)
        var found = [Candidate]()
        for start in busy.indices where busy[start] && !seen[start] {
            let patch = flood(from: start, in: busy, seen: &seen, stats: stats)
            guard patch.count >= minimumBlocks, wanted.map({ w in patch.contains { w[$0] } }) ?? true else { continue }
            found.append(candidate(for: patch, in: stats))
        }
        return merged(found.sorted { $0.window.width * $0.window.height > $1.window.width * $1.window.height })
    }

    /// Blocks whose edge energy stands well above the quietest fifth of the area's blocks
    /// (background and sensor noise).
    static func busyBlocks(_ stats: BlockStatistics) -> [Bool] {
        let quiet = smallest(stats.energy.count / 5, of: stats.energy)
        let threshold = max(12, quiet * 1.8 + 8, Float(stats.noise) * 4 + 8)
        return stats.energy.map { $0 > threshold }
    }

    /// The `rank`th smallest of `values` (0: the least), by selection: this runs on every
    /// frame that changed, and sorting thousands of blocks cost more than the rest of the plan.
    static func smallest(_ rank: Int, of values: [Float]) -> Float {
        guard !values.isEmpty else { return 0 }
        var values = values
        var (low, high) = (0, values.count - 1)
        let rank = max(0, min(rank, high))
        while low < high {
            let pivot = values[(low + high) / 2]
            var (i, j) = (low, high)
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    (i, j) = (i + 1, j - 1)
                }
            }
            if rank <= j {
                high = j
            } else if rank >= i {
                low = i
            } else {
                break
            }
        }
        return values[rank]
    }

    /// Busy blocks this many blocks apart are one patch: the modules of a large code (a code held
    /// close) leave quiet blocks between its edges.
    static let reach = 2

    private static func flood(from start: Int, in busy: [Bool], seen: inout [Bool], stats: BlockStatistics) -> [Int] {
        var patch = [Int]()
        var stack = [start]
        seen[start] = true
        while let index = stack.popLast() {
            patch.append(index)
            let column = index % stats.columns
            let row = index / stats.columns
            for dy in -reach...reach {
                for dx in -reach...reach {
                    let c = column + dx
                    let r = row + dy
                    guard c >= 0, r >= 0, c < stats.columns, r < stats.rows else { continue }
                    let next = stats.index(column: c, row: r)
                    if busy[next] && !seen[next] {
                        seen[next] = true
                        stack.append(next)
                    }
                }
            }
        }
        return patch
    }

    /// The patch's bounding box, grown by a quarter of its size and two blocks each side
    /// (a code's quiet zone), and the direction its edges agree on.
    private static func candidate(for patch: [Int], in stats: BlockStatistics) -> Candidate {
        let b = stats.blockSize
        let box = stats.box(of: patch)
        let margin = 2 * b + max(box.width, box.height) / 4
        let window = PixelRect(
            x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin,
            height: box.height + 2 * margin
        ).clamped(to: stats.area)
        var xx: Float = 0
        var yy: Float = 0
        var xy: Float = 0
        for index in patch {
            xx += stats.xx[index]
            yy += stats.yy[index]
            xy += stats.xy[index]
        }
        let trace = xx + yy
        let difference = xx - yy
        let coherence = trace > 0 ? (difference * difference + 4 * xy * xy).squareRoot() / trace : 0
        let angle = 0.5 * Double(atan2f(2 * xy, difference)) * 180 / .pi
        return Candidate(window: window, patch: box, linear: coherence > oneWay, angle: angle)
    }

    /// Whether `candidate` is bars that run on past the area's edge along their length (the
    /// bars upright: its left or right edge), within a block of it.
    static func reachesPast(_ candidate: Candidate, in area: PixelRect, blockSize: Int) -> Bool {
        guard candidate.linear else { return false }
        let patch = candidate.patch
        if abs(candidate.angle) < 45 || abs(candidate.angle) > 135 {
            return patch.x <= area.x + blockSize || patch.maxX >= area.maxX - blockSize
        }
        return patch.y <= area.y + blockSize || patch.maxY >= area.maxY - blockSize
    }

    /// Windows that overlap by more than half of the smaller one become one.
    private static func merged(_ candidates: [Candidate]) -> [Candidate] {
        var result = [Candidate]()
        for candidate in candidates {
            if let index = result.firstIndex(where: { overlap($0.window, candidate.window) > 0.5 }) {
                let a = result[index].window
                let b = candidate.window
                let union = PixelRect(
                    x: min(a.x, b.x), y: min(a.y, b.y), width: max(a.maxX, b.maxX) - min(a.x, b.x),
                    height: max(a.maxY, b.maxY) - min(a.y, b.y))
                let (p, q) = (result[index].patch, candidate.patch)
                let patch = PixelRect(
                    x: min(p.x, q.x), y: min(p.y, q.y), width: max(p.maxX, q.maxX) - min(p.x, q.x),
                    height: max(p.maxY, q.maxY) - min(p.y, q.y))
                result[index] = Candidate(
                    window: union, patch: patch, linear: result[index].linear, angle: result[index].angle)
            } else {
                result.append(candidate)
            }
        }
        return result
    }

    /// The share of the smaller rectangle that the two have in common.
    static func overlap(_ a: PixelRect, _ b: PixelRect) -> Double {
        let common = a.clamped(to: b)
        let smaller = min(a.width * a.height, b.width * b.height)
        return smaller > 0 ? Double(common.width * common.height) / Double(smaller) : 0
    }
}
