import FrameCore
import Testing

@testable import CodeReading

/// The modules laid over a line, blurred (`ModuleFit.laid`), are the sum the fit is defined
/// by: each dark module darkens a sample by the blur's share between its two edges. The
/// lookup that shares an edge between two dark modules must give that sum to the last bit,
/// or fits that tie would be settled otherwise.
struct ModuleLayingTests {
    static func defined(_ bars: [Bool], _ p: ModuleFit.Placement, at x: Double) -> Double {
        let u = (x - p.start) / p.module
        let sigma = max(p.blur / p.module, 0.05)
        let reach = Int((4 * sigma).rounded(.up)) + 1
        let centre = Int(u.rounded(.down))
        var dark = 0.0
        for index in bars.indices where abs(index - centre) <= reach && bars[index] {
            dark += NormalCurve.table.withUnsafeBufferPointer { table in
                NormalCurve.below((u - Double(index)) / sigma, in: table)
                    - NormalCurve.below((u - Double(index + 1)) / sigma, in: table)
            }
        }
        return 1 - dark
    }

    @Test func theLaidModulesAreTheirDefiningSumExactly() {
        var random = SplitMix(seed: 7)
        for _ in 0..<200 {
            let bars = (0..<Int.random(in: 1...95, using: &random)).map { _ in Bool.random(using: &random) }
            let module = Double.random(in: 0.5...6, using: &random)
            let placement = ModuleFit.Placement(
                start: Double.random(in: -20...40, using: &random), module: module,
                blur: module * Double.random(in: 0...1.2, using: &random))
            let window = 0...min(max(Int(placement.start + Double(bars.count + 8) * module), 3), 700)
            let laid = ModuleFit.laid(bars, placement, over: window)
            #expect(laid == window.map { Self.defined(bars, placement, at: Double($0)) })
            #expect(laid.allSatisfy { (-1e-9...1 + 1e-9).contains($0) })
        }
    }
}
