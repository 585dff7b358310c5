import CursesBackend
import Testing

@testable import Overlay

@Suite struct ColorDepthTests {
    @Test func greysMapToTheNearestOfTheGreyRamp() {
        #expect(ColorDepth.indexed256.number(for: .grey(0)) == 16)
        #expect(ColorDepth.indexed256.number(for: .grey(8)) == 232)
        #expect(ColorDepth.indexed256.number(for: .grey(128)) == 244)  // 8 + 12 * 10 = 128
        #expect(ColorDepth.indexed256.number(for: .grey(238)) == 255)
        #expect(ColorDepth.indexed256.number(for: .grey(255)) == 231)
    }

    @Test func eightColoursAndNone() {
        #expect(ColorDepth.eight.number(for: .green) == 2)
        #expect(ColorDepth.eight.number(for: .red) == 1)
        #expect(ColorDepth.eight.number(for: .grey(40)) == 0)
        #expect(ColorDepth.eight.number(for: .grey(200)) == 7)
        #expect(ColorDepth.none.number(for: .green) == -1)
        #expect(ColorDepth.indexed256.number(for: .default) == -1)
    }

    /// Toned ASCII snaps its greys to the ones a 256-colour terminal has: the terminal shows
    /// the same colour as for the unsnapped level, and a snapped grey snaps to itself.
    @Test func tonedGreysAreTheTerminalsOwn() {
        for level in 0...255 {
            guard case .grey(let snapped) = TonedASCII.tone(Float(level)) else {
                Issue.record("tone(\(level)) is not a grey")
                continue
            }
            #expect(
                ColorDepth.indexed256.number(for: .grey(snapped))
                    == ColorDepth.indexed256.number(for: .grey(UInt8(level))),
                "level \(level)")
            #expect(Int(snapped) == ColorDepth.shownGrey(UInt8(level)), "level \(level)")
            #expect(TonedASCII.tone(Float(snapped)) == .grey(snapped), "level \(level)")
        }
    }
}
