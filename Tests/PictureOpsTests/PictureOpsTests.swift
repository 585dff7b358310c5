import CodeFixtures
import FrameCore
import Testing

@testable import PictureOps

/// The tone operations do what their names say.
@Suite struct ToneTests {
    @Test func equalisingSpreadsANarrowRangeOfGreys() {
        let dull = Frame(width: 4, height: 2, luma: [100, 104, 108, 112, 116, 120, 120, 100])
        let spread = dull.equalised()
        #expect(spread.luma.min() == 0 && spread.luma.max() == 255)
        // Order is kept: a darker pixel never becomes lighter than a lighter one.
        for (a, b) in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)] { #expect(spread.luma[a] < spread.luma[b]) }
        #expect(Frame.filled(width: 3, height: 3, value: 77).equalised().luma.allSatisfy { $0 == 77 })
    }

    @Test func thresholdingSplitsBetweenTheTwoMainGreys() {
        // Two populations around 60 and 170, with values in between.
        let values: [UInt8] = [55, 60, 65, 62, 58, 165, 170, 175, 168, 110, 120]
        let split = Frame(width: values.count, height: 1, luma: values).thresholded()
        #expect(split.luma.prefix(5).allSatisfy { $0 == 0 })
        #expect(split.luma[5..<9].allSatisfy { $0 == 255 })
        #expect(Set(split.luma) == [0, 255])
        let threshold = Frame.otsuThreshold(Frame(width: values.count, height: 1, luma: values).histogram())
        #expect(threshold >= 65 && threshold < 165)
    }

    @Test func smoothingKeepsFlatAreasAndSpreadsASpeck() {
        #expect(Frame.filled(width: 9, height: 9, value: 90).smoothed().luma.allSatisfy { $0 == 90 })
        var speck = [UInt8](repeating: 0, count: 81)
        speck[40] = 255
        let soft = Frame(width: 9, height: 9, luma: speck).smoothed()
        #expect(soft[4, 4] == 36)  // 255 * 36 / 256: the binomial kernel's centre weight
        #expect(soft[4, 4] > soft[3, 4] && soft[3, 4] > soft[2, 4] && soft[2, 4] > 0)
        #expect(soft[1, 4] == 0)  // the 5x5 kernel reaches two pixels
    }

    /// Each pixel of a shrunk picture is its block's mean rounded down, for small factors (a
    /// multiplication stands for the division) and large ones; edges short of a block are dropped.
    @Test(arguments: [2, 3, 5, 64, 65])
    func shrinkingTakesEachBlocksMean(factor: Int) {
        let width = factor * 7 + factor / 2
        let height = factor * 3 + 1
        var seed: UInt32 = 12345
        let luma = (0..<width * height).map { index -> UInt8 in
            seed = seed &* 1_103_515_245 &+ 12345
            return index % 5 == 0 ? 255 : UInt8(truncatingIfNeeded: seed >> 16)
        }
        let picture = Frame(width: width, height: height, luma: luma)
        let shrunk = picture.shrunk(by: factor)
        #expect(shrunk.width == 7 && shrunk.height == 3)
        for y in 0..<3 {
            for x in 0..<7 {
                var total = 0
                for row in y * factor..<(y + 1) * factor {
                    for column in x * factor..<(x + 1) * factor { total += Int(luma[row * width + column]) }
                }
                #expect(Int(shrunk.luma[y * 7 + x]) == total / (factor * factor), "block \(x),\(y)")
            }
        }
        let white = Frame.filled(width: factor * 2, height: factor * 2, value: 255).shrunk(by: factor)
        #expect(white.luma == [255, 255, 255, 255])
    }

    @Test func cubicEnlargingDoublesAndKeepsEdgesSteep() {
        #expect(Frame.filled(width: 5, height: 4, value: 140).enlargedCubic(by: 2).luma.allSatisfy { $0 == 140 })
        let edge = Frame(width: 8, height: 1, luma: [20, 20, 20, 20, 230, 230, 230, 230])
        let big = edge.enlargedCubic(by: 2)
        #expect(big.width == 16 && big.height == 2)
        // Flat on both sides far from the edge, and a steeper step than bilinear gives.
        #expect(big[0, 0] == 20 && big[15, 0] == 230)
        // Output pixels 7 and 8 lie a quarter pixel either side of the edge: bilinear
        // interpolation puts them 105 levels apart (a quarter and three quarters of 210).
        #expect(Int(big[8, 0]) - Int(big[7, 0]) > 105)
    }
}

/// Finder patterns found by nesting; the homography fitted through them.
@Suite struct FinderAndHomographyTests {
    @Test func theThreeFindersOfAFlatCodeAreFound() throws {
        // 21 modules (version 1) at 5 pixels, quiet zone 4: finder centres at 3.5 and 17.5 modules from the code's corner.
        let code = try #require(QRMatrix(text: "abc", level: .low)).render(moduleSize: 5, dark: 0, light: 255)
        let patterns = FinderSearch.patterns(in: code)
        let near = (4 + 3.5) * 5
        let far = (4 + 17.5) * 5
        #expect(patterns.count == 3)
        for (x, y) in [(near, near), (far, near), (near, far)] {
            #expect(
                patterns.contains { abs($0.centre.x - x) < 0.75 && abs($0.centre.y - y) < 0.75 },
                "no finder at \(x), \(y)")
        }
        for pattern in patterns {
            #expect(abs(pattern.moduleSize - 5) < 0.5)
            #expect(pattern.corners.count == 4)
        }
    }

    @Test func homographyMapsItsPointsAndKeepsLines() throws {
        let square: [(Double, Double)] = [(0, 0), (10, 0), (10, 10), (0, 10)]
        let quad: [(Double, Double)] = [(3, 2), (40, 9), (35, 50), (1, 30)]
        let map = try #require(Homography(from: square, to: quad))
        for (from, to) in zip(square, quad) {
            let (x, y) = map.map(from.0, from.1)
            #expect(abs(x - to.0) < 1e-6 && abs(y - to.1) < 1e-6)
        }
        // The middle of an edge lands on the image of that edge (a straight line).
        let (mx, my) = map.map(5, 0)
        let cross = (quad[1].0 - quad[0].0) * (my - quad[0].1) - (quad[1].1 - quad[0].1) * (mx - quad[0].0)
        #expect(abs(cross) < 1e-6)
        #expect(Homography(from: [(0, 0), (1, 1), (2, 2), (3, 3)], to: quad) == nil)  // all on a line
    }

    /// A turned view takes at most a few times the picture's pixels: a long thin picture turned
    /// a little would need a canvas thousands of times its size, and gets no turned view.
    @Test func aLongThinPictureIsNotTurned() throws {
        let thin = Frame.filled(width: 65535, height: 1, value: 200)
        #expect(thin.turnedArea(degrees: 2) > 1000 * 65535)
        #expect(thin.turned(degrees: 2) == nil && thin.turned(degrees: 45) == nil)
        let square = Frame.filled(width: 300, height: 200, value: 200)
        let turned = try #require(square.turned(degrees: 45))
        #expect(turned.picture.width * turned.picture.height <= Frame.maxViewGrowth * 300 * 200)
    }
}
