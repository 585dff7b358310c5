/// How far a sample of the picture moves from one frame to the next by sensor noise alone:
/// the spread of the differences between two frames' samples, from their median (most of a
/// scene is still from frame to frame; for normal noise the median of |d| is 0.674 of its
/// standard deviation). It falls as soon as the frames say so and rises slowly (2% a frame), so
/// a scene that moves as a whole for a moment (a hand, a pan) does not pass for noise. The
/// shader holds a sample until it moves beyond `tolerance`: a still scene's noise draws nothing,
/// and a real change, well beyond the noise, is drawn in the very next frame.
public struct NoiseFloor: Sendable {
    /// The samples of the last frame looked at.
    private var previous: [Int16] = []
    /// The standard deviation of a sample's difference between two frames (grey levels).
    public private(set) var spread: Double = 0
    /// Standard deviations of that difference a sample must move by to be drawn again.
    static let deviations = 4.0
    static let risePerFrame = 1.02

    public init() {}

    /// The samples of a new frame (-1: off the picture). The same picture again (a redraw for
    /// the status line, a paused frame) says nothing of the noise.
    public mutating func observe(_ values: [Int16]) {
        defer { previous = values }
        guard previous.count == values.count, !values.isEmpty else { return }
        var histogram = [Int](repeating: 0, count: 256)
        var counted = 0
        values.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { before in
                for index in 0..<now.count where now[index] >= 0 && before[index] >= 0 {
                    histogram[min(255, Int(abs(Int32(now[index]) &- Int32(before[index]))))] += 1
                    counted += 1
                }
            }
        }
        guard counted > 0, histogram[0] < counted else { return }
        let estimate = Self.median(histogram, count: counted) / 0.6745
        // The first of many samples is believed (a still scene's median is its noise); a few
        // samples (a tiny screen) are not: the spread grows from nothing toward them.
        let first = spread == 0 && counted >= Self.believedSamples
        spread = first ? estimate : min(estimate, max(spread * Self.risePerFrame, spread + 0.05))
    }

    /// Samples enough for a first estimate to be believed.
    static let believedSamples = 256

    /// Grey levels a shown sample may drift before it is drawn again: `minimum` at the least.
    public func tolerance(minimum: Int) -> Int {
        max(minimum, Int((Self.deviations * spread).rounded(.up)))
    }

    /// The median of whole-level differences, each level read as the interval it was rounded
    /// from (0 from [0, 0.5), k from [k - 0.5, k + 0.5)), so a small spread is not lost to rounding.
    static func median(_ histogram: [Int], count: Int) -> Double {
        let half = Double(count) / 2
        var below = 0.0
        for (level, number) in histogram.enumerated() where number > 0 {
            if below + Double(number) >= half {
                let (start, width) = level == 0 ? (0.0, 0.5) : (Double(level) - 0.5, 1.0)
                return start + width * (half - below) / Double(number)
            }
            below += Double(number)
        }
        return 255
    }
}
