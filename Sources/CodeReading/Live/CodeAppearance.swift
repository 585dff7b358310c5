import FrameCore

/// What a followed code looked like where it was read: the grey at a grid of points over its
/// box. A code held in sight (its blocks' mean and edges unchanged) may still have been
/// swapped for another one at the same place: a ticket at a gate, the next label of a video.
/// Two codes of one kind have the same texture and the same mean, so only their modules or
/// bars tell them apart: where enough points no longer match, the code is looked at again.
struct CodeAppearance {
    /// The rectangle sampled, in frame pixels, and the points across and down it.
    let box: PixelRect
    let columns: Int
    let rows: Int
    /// Each point's grey, as the sum of the 2x2 pixels from it (0...1020).
    let samples: [Int32]
    /// How far apart the code's dark and light points lie (the 90th percentile less the 10th).
    let contrast: Int32

    /// Points a side at the most, and at the least (a point every two pixels in between).
    static let most = 64
    static let least = 8
    /// Share of the points that must differ for another code to stand there.
    static let differingShare = 0.015

    /// The appearance of `code` in `frame`; nil when its box is empty or off the frame.
    init?(of code: DetectedCode, in frame: Frame) {
        guard let corners = code.corners.boundingRect else { return nil }
        // A 1D read may be marked by a line: it is looked at a few pixels either side.
        let width = max(corners.maxX - corners.minX, Self.least)
        let height = max(corners.maxY - corners.minY, Self.least)
        let box = PixelRect(
            x: (corners.minX + corners.maxX - width) / 2, y: (corners.minY + corners.maxY - height) / 2, width: width,
            height: height
        ).clamped(to: PixelRect(x: 0, y: 0, width: frame.width - 1, height: frame.height - 1))
        guard box.width >= 2, box.height >= 2 else { return nil }
        self.box = box
        columns = min(Self.most, max(Self.least, box.width / 2))
        rows = min(Self.most, max(Self.least, box.height / 2))
        samples = Self.sample(frame, box: box, columns: columns, rows: rows)
        let tenths = Self.ranked(samples, least: 0, most: 1020, at: [samples.count / 10, samples.count * 9 / 10])
        contrast = tenths[1] - tenths[0]
    }

    /// Whether `frame` shows something else where the code was: more than `differingShare` of
    /// the points moved by more than half the code's contrast and well beyond the sensor's
    /// `noise` (grey levels a pixel), once a change of light over the whole box is taken out.
    func differs(in frame: Frame, noise: Float) -> Bool {
        guard box.maxX < frame.width, box.maxY < frame.height else { return true }
        let now = Self.sample(frame, box: box, columns: columns, rows: rows)
        let shifts = zip(now, samples).map { $0 &- $1 }
        let light = Self.ranked(shifts, least: -1020, most: 1020, at: [shifts.count / 2])[0]
        // A point is a sum of four pixels: its noise is twice a pixel's, a difference's 2.8 times.
        let beyondNoise = Int32((4.5 * 2.83 * Double(max(noise, 1))).rounded(.up))
        let limit = max(contrast / 2, beyondNoise, 16)
        let differing = shifts.reduce(0) { $0 + (abs($1 &- light) > limit ? 1 : 0) }
        return Double(differing) > max(3, Self.differingShare * Double(shifts.count))
    }

    /// The values at `ranks` (ascending) in `values` sorted, every one within `least...most`:
    /// counted once, not sorted (this runs for every code followed, on every frame).
    static func ranked(_ values: [Int32], least: Int32, most: Int32, at ranks: [Int]) -> [Int32] {
        var counts = [Int](repeating: 0, count: Int(most - least) + 1)
        for value in values { counts[Int(min(most, max(least, value)) - least)] += 1 }
        var found = [Int32]()
        var below = 0
        for (index, count) in counts.enumerated() {
            below += count
            while found.count < ranks.count, ranks[found.count] < below { found.append(Int32(index) + least) }
        }
        while found.count < ranks.count { found.append(most) }
        return found
    }

    /// The sums of 2x2 pixels at `columns` x `rows` points spread evenly over `box`.
    private static func sample(_ frame: Frame, box: PixelRect, columns: Int, rows: Int) -> [Int32] {
        var out = [Int32](repeating: 0, count: columns * rows)
        let stride = frame.stride
        frame.luma.withUnsafeBufferPointer { pixels in
            for row in 0..<rows {
                let y = box.y + (2 * row + 1) * box.height / (2 * rows)
                for column in 0..<columns {
                    let x = box.x + (2 * column + 1) * box.width / (2 * columns)
                    let at = y * stride + x
                    out[row * columns + column] =
                        Int32(pixels[at]) + Int32(pixels[at + 1]) + Int32(pixels[at + stride])
                        + Int32(pixels[at + stride + 1])
                }
            }
        }
        return out
    }
}
