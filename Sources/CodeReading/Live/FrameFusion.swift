import FrameCore
import PictureOps

/// The frames of a scene held still, taken together where a code may lie that no frame alone
/// reads (faint, small, in the dark): the mean of N frames has √N times less sensor noise.
/// The first frames are summed whole; where their mean shows code texture, each such window
/// gets a mean of its own, every later frame moved onto it first (a hand that shakes by a
/// pixel or two: `FrameShift`), and is read at every `readEvery`th frame it adds, as a still
/// is. A window whose frame differs from its mean beyond what noise explains (another code
/// held there) starts again from that frame, so that two codes are never mixed; the caller
/// resets it all when the scene's blocks change. A scene whose first frames show nothing
/// code-like gathers nothing more.
struct FrameFusion {
    /// Frames summed whole, the windows looked for at each of these counts.
    static let windowsAt = [4, 8, 16]
    /// A window's mean is read at every this many frames it adds.
    static let readEvery = 4
    /// Frames in a window's mean at the most (later ones are not added: the mean is as good as
    /// it gets, and its sum stays exact).
    static let most = 64
    static let windowsAtMost = 4
    /// A frame whose difference from its window's mean, noise's share taken out, is this many
    /// times the window's usual one shows something else there.
    static let changeRatio = 1.3

    /// A window's own mean.
    struct Stack {
        let window: PixelRect
        var sums: [Float]
        var count: Int
        /// Each frame's residual against the mean (`FrameShift`), scaled to a mean of many frames.
        var residuals: [Double] = []
        /// A code was read here: the window gathers no more.
        var done = false
        /// Its frames, cut round it, for a vote on its modules (`voted`).
        var kept: [KeptFrame] = []

    }

    /// A mean due to be read: `frame` with `window` the mean of `frames` frames.
    struct Due {
        let picture: Frame
        let window: PixelRect
        let frames: Int
        /// The window's frames, for a vote on its modules when the mean is read (`voted`).
        var kept: [KeptFrame] = []
    }

    /// The whole area's mean is read once at this many frames (nil: never): a code that no
    /// window shows apart (a sheet of codes, a large one).
    let wholeAt: Int?
    private(set) var area: PixelRect?
    private var firstSums: [UInt16] = []
    private var firstCount = 0
    /// The squares of those frames' greys, summed: where a shaking code's texture moves, the
    /// greys vary from frame to frame beyond the sensor's noise (the mean blurs that texture).
    private var squareSums: [UInt32] = []
    private(set) var stacks: [Stack] = []
    /// The first frames showed nothing code-like: nothing more is gathered until a reset.
    private(set) var idle = false
    /// The frames summed whole, while a window may yet be found in them (nil: too large to keep):
    /// a window's mean is made of them moved onto each other.
    private var recent: [Frame] = []
    /// Areas kept as frames at the most (1920x1080): a shaking code's first frames.
    static let keptPixels = 2_100_000
    /// Where codes were read: no window is gathered there.
    private var covered: [PixelRect] = []

    init(wholeAt: Int? = nil) {
        self.wholeAt = wholeAt
    }

    mutating func reset() {
        (area, firstSums, squareSums, firstCount, stacks, idle, covered, recent) = (nil, [], [], 0, [], false, [], [])
    }

    /// Frames in the fullest window still gathering (nil: none).
    var gathering: Int? { stacks.filter { !$0.done }.map(\.count).max() }

    /// Adds `frame`'s `area`, whose blocks are `scene` (the same scene as the frames before: the
    /// caller tells a change by `reset`), and gives the means due to be read.
    mutating func add(_ frame: Frame, in area: PixelRect, scene: BlockStatistics) -> [Due] {
        if self.area != area {
            reset()
            self.area = area
        }
        guard !idle else { return [] }
        var dues = [Due]()
        for index in stacks.indices where !stacks[index].done && stacks[index].count < Self.most {
            adding(frame, to: &stacks[index])
            if stacks[index].count % Self.readEvery == 0 { dues.append(due(stacks[index], over: frame)) }
        }
        guard firstCount < Self.windowsAt.last ?? 0 else { return dues }
        addWhole(frame, in: area)
        if area.width * area.height <= Self.keptPixels { recent.append(frame) }
        if Self.windowsAt.contains(firstCount) {
            var found = [PixelRect]()
            for window in windows(in: area, scene: scene) {
                let overlapping = stacks.indices.filter { !stacks[$0].window.clamped(to: window).isEmpty }
                // Found again: more frames show where the code's texture lies, and move them
                // onto each other better than the mean of the first few did (while the window
                // holds only those frames: one begun again holds another code).
                if overlapping.count == 1, let index = overlapping.first, !stacks[index].done,
                    stacks[index].count == firstCount, recent.count == firstCount
                {
                    stacks[index] = stack(from: window, in: area)
                    dues.append(due(stacks[index], over: frame))
                } else if overlapping.isEmpty {
                    found.append(window)
                }
            }
            let added = found.prefix(Self.windowsAtMost - stacks.count).map { stack(from: $0, in: area) }
            stacks += added
            dues += added.map { due($0, over: frame) }
        }
        if firstCount == wholeAt { dues.append(wholeMean(over: frame, in: area)) }
        idle = stacks.isEmpty && firstCount == Self.windowsAt.last
        if firstCount == Self.windowsAt.last || stacks.count == Self.windowsAtMost { recent = [] }
        return dues
    }

    /// `frame` with `area` the mean of the first frames.
    private func wholeMean(over frame: Frame, in area: PixelRect) -> Due {
        Self.due(over: frame, in: area, frames: firstCount) { Float(firstSums[$0]) }
    }

    /// A code was read in `box` (frame pixels): the windows it lies in gather no more.
    mutating func read(in box: PixelRect) {
        // Told every frame a code stays in sight: kept only while windows may yet be looked for.
        if firstCount < Self.windowsAt.last ?? 0 { covered.append(box) }
        for index in stacks.indices where !stacks[index].window.clamped(to: box).isEmpty { stacks[index].done = true }
    }

    private mutating func addWhole(_ frame: Frame, in area: PixelRect) {
        if firstSums.count != area.width * area.height {
            firstSums = [UInt16](repeating: 0, count: area.width * area.height)
            squareSums = [UInt32](repeating: 0, count: area.width * area.height)
        }
        firstCount += 1
        frame.luma.withUnsafeBufferPointer { luma in
            firstSums.withUnsafeMutableBufferPointer { sums in
                squareSums.withUnsafeMutableBufferPointer { squares in
                    for row in 0..<area.height {
                        let from = (area.y + row) * frame.stride + area.x
                        let to = row * area.width
                        for column in 0..<area.width {
                            let grey = luma[from + column]
                            sums[to + column] &+= UInt16(grey)
                            squares[to + column] &+= UInt32(grey) * UInt32(grey)
                        }
                    }
                }
            }
        }
    }

    /// Where the mean of the first frames shows code texture, each window with room round it
    /// (its quiet zone, and a shaking hand's reach), the largest first.
    private func windows(in area: PixelRect, scene: BlockStatistics) -> [PixelRect] {
        let count = UInt16(firstCount)
        let mean = Frame(
            width: area.width, height: area.height, luma: firstSums.map { UInt8(($0 + count / 2) / count) })
        let stats = mean.blockStatistics(in: mean.bounds, blockSize: scene.blockSize)
        var frames = scene
        frames.energy = variances(on: scene)
        let noise = scene.noise
        let inside = area.insetBy(FrameShift.reach)
        var textured = [PixelRect]()
        for standingOut in [FaintTexture.standingOut, FaintTexture.standingOutAtLeast] where textured.isEmpty {
            let busy = zip(
                FaintTexture.busy(stats.energy, in: stats, noise: noise, standingOut: standingOut),
                FaintTexture.busy(frames.energy, in: stats, noise: noise, standingOut: standingOut)
            ).map { $0 || $1 }
            textured = Localiser.candidates(in: stats, busy: busy).map { candidate in
                let window = candidate.window
                return PixelRect(x: area.x + window.x, y: area.y + window.y, width: window.width, height: window.height)
                    .grown(by: 2 * LiveReader.blockSize)
            }
        }
        return textured.prefix(Self.windowsAtMost).map { $0.clamped(to: inside) }
            .filter { window in
                window.width > 4 * FrameShift.reach && window.height > 4 * FrameShift.reach
                    && !covered.contains { !$0.clamped(to: window).isEmpty }
            }
    }

    /// Each block's greys' variance from frame to frame (every other row of it).
    private func variances(on scene: BlockStatistics) -> [Float] {
        let n = Float(firstCount)
        var totals = [Float](repeating: 0, count: scene.columns * scene.rows)
        var counts = [Float](repeating: 0, count: totals.count)
        let width = scene.area.width
        for y in stride(from: 0, to: scene.area.height, by: 2) {
            let row = (y / scene.blockSize) * scene.columns
            for x in 0..<width {
                let mean = Float(firstSums[y * width + x]) / n
                let block = row + x / scene.blockSize
                totals[block] += Float(squareSums[y * width + x]) / n - mean * mean
                counts[block] += 1
            }
        }
        return zip(totals, counts).map { $1 > 0 ? $0 / $1 : 0 }
    }

    /// A window's mean begun from the first frames' (not moved onto each other).
    private func stack(from window: PixelRect, in area: PixelRect) -> Stack {
        var sums = [Float](repeating: 0, count: window.width * window.height)
        for row in 0..<window.height {
            let from = (window.y - area.y + row) * area.width + window.x - area.x
            for column in 0..<window.width { sums[row * window.width + column] = Float(firstSums[from + column]) }
        }
        let unaligned = Stack(window: window, sums: sums, count: firstCount)
        guard recent.count == firstCount else { return unaligned }
        // The frames kept, moved onto the mean of them all, then onto the mean that made.
        var stack = unaligned
        for _ in 0..<2 {
            let (target, scale) = (stack.sums, 1 / Float(stack.count))
            let shifts = recent.map { FrameShift.estimate($0, against: target, scale: scale, in: window).snapped }
            let residuals = shifts.map { $0.residual / (1 + 1 / Double(recent.count)) }
            // Frames held still are summed as they are (sampling between pixels blurs a little).
            guard shifts.contains(where: { $0.dx != 0 || $0.dy != 0 }) else {
                var still = Stack(window: window, sums: sums, count: firstCount, residuals: residuals)
                still.kept = recent.map { Self.kept($0, moved: FrameShift(dx: 0, dy: 0, residual: 0), for: window) }
                return still
            }
            var next = Stack(
                window: window, sums: [Float](repeating: 0, count: sums.count), count: 0, residuals: residuals)
            for (frame, shift) in zip(recent, shifts) { add(frame, moved: shift, to: &next) }
            stack = next
        }
        return stack
    }

    /// `frame` moved onto the window's mean and added; or, where it shows something else than
    /// the mean does, the window's mean begun again from it.
    private func adding(_ frame: Frame, to stack: inout Stack) {
        let shift = FrameShift.estimate(frame, against: stack.sums, scale: 1 / Float(stack.count), in: stack.window)
            .snapped
        // A mean of n frames has 1/n of a frame's noise: what a frame differs from it by.
        let residual = shift.residual / (1 + 1 / Double(stack.count))
        let usual = stack.residuals.sorted().dropFirst(stack.residuals.count / 2).first
        if let usual, stack.residuals.count >= 3, residual > Self.changeRatio * usual {
            stack = Stack(window: stack.window, sums: [Float](repeating: 0, count: stack.sums.count), count: 0)
            add(frame, moved: FrameShift(dx: 0, dy: 0, residual: 0), to: &stack)
            return
        }
        stack.residuals.append(residual)
        add(frame, moved: shift, to: &stack)
    }

    /// `frame`'s pixels at `shift` from each of the window's, sampled between pixels, added.
    private func add(_ frame: Frame, moved shift: FrameShift, to stack: inout Stack) {
        let window = stack.window
        let (ix, iy) = (Int(shift.dx.rounded(.down)), Int(shift.dy.rounded(.down)))
        let (fx, fy) = (Float(shift.dx - Double(ix)), Float(shift.dy - Double(iy)))
        let weights = ((1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy)
        let (maxX, maxY) = (frame.width - 1, frame.height - 1)
        frame.luma.withUnsafeBufferPointer { luma in
            stack.sums.withUnsafeMutableBufferPointer { sums in
                for row in 0..<window.height {
                    let y0 = min(maxY, max(0, window.y + row + iy))
                    let y1 = min(maxY, y0 + 1)
                    for column in 0..<window.width {
                        let x0 = min(maxX, max(0, window.x + column + ix))
                        let x1 = min(maxX, x0 + 1)
                        let (a, b) = (Float(luma[y0 * frame.stride + x0]), Float(luma[y0 * frame.stride + x1]))
                        let (c, d) = (Float(luma[y1 * frame.stride + x0]), Float(luma[y1 * frame.stride + x1]))
                        sums[row * window.width + column] +=
                            weights.0 * a + weights.1 * b + weights.2 * c + weights.3 * d
                    }
                }
            }
        }
        stack.count += 1
        stack.kept.append(Self.kept(frame, moved: shift, for: window))
    }

    /// `frame` with the stack's window its mean.
    private func due(_ stack: Stack, over frame: Frame) -> Due {
        var due = Self.due(over: frame, in: stack.window, frames: stack.count) { stack.sums[$0] }
        due.kept = stack.kept
        return due
    }

    /// `frame` with `window` the mean of `frames` frames, whose sum for the window's pixel at
    /// `index` (row by row) is `sum(index)`.
    private static func due(over frame: Frame, in window: PixelRect, frames: Int, sum: (Int) -> Float) -> Due {
        var luma = frame.packed.luma
        let count = Float(frames)
        for row in 0..<window.height {
            let to = (window.y + row) * frame.width + window.x
            for column in 0..<window.width {
                luma[to + column] = UInt8(max(0, min(255, sum(row * window.width + column) / count + 0.5)))
            }
        }
        let picture = Frame(
            width: frame.width, height: frame.height, sequence: frame.sequence, timestamp: frame.timestamp, luma: luma)
        return Due(picture: picture, window: window, frames: frames)
    }
}
