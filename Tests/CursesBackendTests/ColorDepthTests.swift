import CursesBackend
import Overlay
import Testing

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
}
