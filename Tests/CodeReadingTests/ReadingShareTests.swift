import CodeReading
import FrameCore
import PictureOps
import Testing

/// Reading in real time keeps to its share of a core, and what a screen spends drawing the
/// frames is paid from that share: a changing scene costs the effort, on a screen as headless.
@Suite struct ReadingShareTests {
    /// A scene that keeps changing (no code in it), in real time at 30 fps.
    static let frames = (0..<40).map { n in
        Frame.plasma(width: 640, height: 480, seed: 3, phase: Double(n) / 10)
            .withNoise(amplitude: 6, seed: UInt64(n) &+ 1).renumbered(sequence: n, timestamp: Double(n) / 30)
    }

    /// The looks the frames after the budget's first credit got, each frame's drawing having
    /// cost `showing` milliseconds.
    static func looks(showing: Double) -> Int {
        let reader = CodeReader(policy: ReadingPolicy())
        let readings = frames.map { reader.read($0, kind: .live, realTime: true, showing: showing) }
        return readings.dropFirst(10).reduce(0) { $0 + $1.passesRun.count }
    }

    @Test func drawingThatTakesMoreThanTheShareLeavesReadingNextToNothing() {
        let headless = Self.looks(showing: 0)
        // 40 ms a frame is five times what the normal effort's share (8 ms a frame) refills.
        let drawnAtGreatCost = Self.looks(showing: 40)
        #expect(headless >= 20, "a changing scene is looked at: \(headless) looks")
        #expect(drawnAtGreatCost * 4 <= headless, "\(drawnAtGreatCost) looks drawn, \(headless) headless")
    }
}
