import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// The parts of the live plan, each on its own.
@Suite struct LiveComponentTests {
    let stream = NoisyStream()
    let area = PixelRect(x: 0, y: 0, width: 640, height: 480)

    func stats(_ frame: Frame) -> BlockStatistics { frame.blockStatistics(in: area, blockSize: 16, rowStep: 4) }

    @Test func candidatesSurroundASmallCodeAndNothingElse() throws {
        let matrix = try #require(QRMatrix(text: "where am I", level: .low))
        let frames = stream.frames(2, code: matrix.grid, appears: 1, moduleSize: 2)
        #expect(Localiser.candidates(in: stats(frames[0])).isEmpty)  // backdrop and noise only
        let found = Localiser.candidates(in: stats(frames[1]))
        #expect(found.count == 1)
        // The code (21 modules of 2 px, 4 quiet) spans 300...340 across: the window holds it.
        let window = try #require(found.first).window
        #expect(window.x <= 296 && window.maxX >= 344 && window.y <= 216 && window.maxY >= 264, "\(window)")
        #expect(window.width * window.height < 640 * 480 / 4)
        #expect(found.first?.linear == false)
    }

    /// Rows are measured every 4th: a QR code of 4 px modules whose edges all fall between
    /// rows never measured still shows edges both ways, not bars (it gets zxing-cpp's QR look).
    @Test(arguments: 0..<4) func aCodeOfModulesAsTallAsTheRowStepIsNoBars(shift: Int) throws {
        let matrix = try #require(QRMatrix(text: "https://example.org/four", level: .low))
        let picture = stream.backdrop.drawingModules(
            matrix.grid, at: ModulePlacement(centreX: 320, centreY: 240 + Double(shift), moduleSize: 4)
        ).withNoise(amplitude: 6, seed: 3)
        let found = Localiser.candidates(in: stats(picture))
        #expect(found.count == 1)
        #expect(found.allSatisfy { !$0.linear }, "\(found)")
    }

    @Test func theSmallestOfAnyRankIsFoundWithoutSorting() {
        var random = SplitMix(seed: 5)
        for count in [1, 2, 3, 10, 101, 3600] {
            // Many ties, as block energies of a flat backdrop have.
            let values = (0..<count).map { _ in Float(random.next() % 40) / 4 }
            let sorted = values.sorted()
            for rank in Set([0, count / 5, count / 2, count - 1]) {
                #expect(Localiser.smallest(rank, of: values) == sorted[rank], "\(count) values, rank \(rank)")
            }
        }
    }

    @Test func barsAreCandidatesWithTheirDirection() {
        var random = SplitMix(seed: 8)
        let barcode = Barcode.random(.code128, using: &random)
        let turned = Frame.plasma(width: 640, height: 480, seed: 2)
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(
                    centreX: 320, centreY: 240, moduleSize: 2.5, rowHeight: 30,
                    degrees: 30, quietZone: 10))
        let found = Localiser.candidates(in: stats(turned))
        #expect(found.count == 1 && found[0].linear)
        #expect(abs((found.first?.angle ?? 0) - 30) < 6, "\(found)")
    }

    /// A candidate of bars gets its first look along the lines that cross them, every other
    /// line where the bars are long; a matrix code both ways, every line.
    @Test func barsAreFirstLookedAtAcrossThemAlone() {
        let backdrop = Frame.plasma(width: 640, height: 480, seed: 2)
        func placed(_ picture: Frame, x: Int, y: Int) -> Frame {
            Frame(
                width: 640, height: 480,
                luma: (0..<480).flatMap { row in
                    (0..<640).map { column in
                        let (px, py) = (column - x, row - y)
                        let inside = px >= 0 && py >= 0 && px < picture.width && py < picture.height
                        return inside ? picture[px, py] : backdrop[column, row]
                    }
                })
        }
        let tall = placed(EAN13.scene("400638133393", width: 400, height: 240), x: 120, y: 120)
        let short = EAN13.scene("400638133393", barHeight: 40, width: 400, height: 100)
        let lying = placed(short.rotated(degrees: 90), x: 270, y: 40)
        let matrix = CodeFixtures.qrScene("first look", width: 640, height: 480, moduleSize: 4)
        func firstLook(_ frame: Frame) -> Look? {
            let stats = stats(frame)
            let plan = LookPlan(
                stats: stats, changed: [Bool](repeating: true, count: stats.mean.count),
                costs: CostModel(measure: .counted, symbologies: nil), slice: 33)
            return plan.next
        }
        #expect(firstLook(tall)?.lines == .rows && firstLook(tall)?.density == 2)
        #expect(firstLook(lying)?.lines == .columns && firstLook(lying)?.density == 1)
        #expect(firstLook(matrix)?.lines == .both && firstLook(matrix)?.density == nil)
    }

    @Test func noiseIsNoChangeButACodeIs() throws {
        let frames = stream.frames(3)
        #expect(!SceneChange.changed(stats(frames[1]), since: stats(frames[0])).contains(true))
        // A camera's exposure lifting the whole picture is no change either.
        let brighter = frames[2].mapped { UInt8(min(255, Int($0) + 12)) }
        #expect(!SceneChange.changed(stats(brighter), since: stats(frames[0])).contains(true))
        let matrix = try #require(QRMatrix(text: "new", level: .low))
        let withCode = stream.frames(2, code: matrix.grid, appears: 1, moduleSize: 2)[1]
        let changed = SceneChange.changed(stats(withCode), since: stats(frames[0]))
        let box = try #require(SceneChange.bounds(of: changed, in: stats(withCode), margin: 0))
        #expect(box.x >= 272 && box.maxX <= 368 && box.y >= 192 && box.maxY <= 288, "\(box)")
    }

    @Test func theBudgetFillsWithTimeUpToItsCapacity() {
        var budget = ReadingBudget(share: 0.3, capacity: 100)
        budget.refill(at: 0)
        budget.spend(90)
        #expect(abs(budget.available - 10) < 1e-9)
        budget.refill(at: 0.1)  // 100 ms at 30%: 30 ms
        #expect(abs(budget.available - 40) < 1e-9)
        budget.refill(at: 10)
        #expect(budget.available == 100)
    }

    @Test func countedWorkIsTheSameEveryTime() {
        var costs = CostModel(measure: .counted, symbologies: nil)
        let enlarged = Look(rect: PixelRect(x: 0, y: 0, width: 100, height: 100), pass: .enlarged)
        let first = costs.charge(enlarged, cpuMilliseconds: 123)
        let second = costs.charge(enlarged, cpuMilliseconds: 0.5)
        #expect(first == second && first == costs.estimate(.enlarged, pixels: 10_000))
        var measured = CostModel(measure: .measured, symbologies: [.qr])
        let plain = Look(rect: PixelRect(x: 0, y: 0, width: 100, height: 10), pass: .plain)
        #expect(measured.charge(plain, cpuMilliseconds: 2) == 2)
        #expect(measured.estimate(.plain, pixels: 1000) == 2)  // it learned the rate
    }

    /// zxing-cpp's QR looks cost what they cost, learned apart from zbar's plain looks.
    @Test func zxingQRLooksAreChargedApart() {
        var measured = CostModel(measure: .measured, symbologies: nil)
        let rect = PixelRect(x: 0, y: 0, width: 100, height: 10)
        let guess = measured.estimate(.plain, pixels: 1000, zxingQR: true)
        #expect(guess == CostModel.zxingQRFactor * measured.estimate(.plain, pixels: 1000))
        _ = measured.charge(Look(rect: rect, pass: .plain, zxingQR: true), cpuMilliseconds: 5)
        #expect(measured.estimate(.plain, pixels: 1000, zxingQR: true) == 5)
        _ = measured.charge(Look(rect: rect, pass: .plain), cpuMilliseconds: 1)
        #expect(measured.estimate(.plain, pixels: 1000) == 1)
        #expect(measured.estimate(.plain, pixels: 1000, zxingQR: true) == 5)
    }

    @Test func fragmentsOfABarcodeAreNotReads() {
        let line = [PixelPoint(x: 506, y: 341)]
        #expect(!LocationSanity.accepts(line, width: 800, height: 600))  // one point: one scan line
        let offEdge = [PixelPoint(x: 506, y: 340), PixelPoint(x: 799, y: 341)]
        #expect(!LocationSanity.accepts(offEdge, width: 800, height: 600))  // ran off the picture
        let real = (0..<12).flatMap { [PixelPoint(x: 502, y: 353 + $0), PixelPoint(x: 778, y: 353 + $0)] }
        #expect(LocationSanity.accepts(real, width: 800, height: 600))
    }

    /// zbar reads an EAN's halves on lines of their own and marks each where it ended: marks a
    /// half apart are a whole code read in halves, not a fragment; closer than a half's modules
    /// in pixels, they are.
    @Test func anEANReadInHalvesIsNoFragment() {
        // An EAN-8 at 1.4 pixels a module, read along rows: its halves end at x 100, 147 and 194.
        let halves = (0..<8).map { PixelPoint(x: [147, 100, 147, 194][$0 % 4], y: 200 + $0) }
        #expect(LocationSanity.accepts(halves, width: 640, height: 480, symbology: .ean8, characters: 8))
        let short = (0..<8).map { PixelPoint(x: $0 % 2 == 0 ? 100 : 125, y: 200 + $0) }
        #expect(!LocationSanity.accepts(short, width: 640, height: 480, symbology: .ean8, characters: 8))
        // An EAN-13's half at a pixel a module; not for a number a UPC-E could spell, which a
        // UPC-E (51 modules, read whole) or a UPC-E read out of an EAN-13's half would say.
        let half = (0..<8).map { PixelPoint(x: $0 % 2 == 0 ? 100 : 145, y: 200 + $0) }
        #expect(LocationSanity.accepts(half, width: 640, height: 480, symbology: .ean13, characters: 13))
        #expect(
            !LocationSanity.accepts(half, width: 640, height: 480, symbology: .ean13, characters: 13, upceNumber: true))
    }

    /// A code spelt across its bars once vouches for its later reads where it lies (they are
    /// not checked again); not for a read elsewhere, nor for another text, nor unless spelt.
    @Test func aFollowedCodeSpeltAcrossVouchesForItsReadsWhereItLies() {
        func read(_ text: String, x: Int, across: Bool = false) -> DetectedCode {
            var code = DetectedCode(
                symbology: .code128, bytes: Array(text.utf8),
                corners: ZbarEngine.boundingBox(of: [PixelPoint(x: x, y: 100), PixelPoint(x: x + 150, y: 104)]))
            code.checkedAcross = across
            return code
        }
        let scene = stats(Frame.filled(width: 640, height: 480, value: 200))
        let look = Look(rect: area, pass: .binarised)
        var follower = CodeFollower()
        #expect(follower.vouched(read("k74ImWhCF", x: 80)) == nil)  // nothing followed yet
        follower.saw(read("k74ImWhCF", x: 80, across: true), by: look, at: 0, in: scene)
        #expect(follower.vouched(read("k74ImWhCF", x: 82))?.checkedAcross == true)
        #expect(follower.vouched(read("k74ImWhCF", x: 400)) == nil)  // elsewhere: checked as any read
        #expect(follower.vouched(read("k74ImWhCX", x: 82)) == nil)
        var unspelt = CodeFollower()
        unspelt.saw(read("k74ImWhCF", x: 80), by: look, at: 0, in: scene)
        #expect(unspelt.vouched(read("k74ImWhCF", x: 82)) == nil)
        // A later weaker read of it keeps the mark: the track still vouches.
        follower.saw(read("k74ImWhCF", x: 82), by: look, at: 1.0 / 30, in: scene)
        #expect(follower.vouched(read("k74ImWhCF", x: 84))?.checkedAcross == true)
    }

    /// A ticket after a ticket that differs in a few bars: the one held where it was (its
    /// blocks unchanged) is out of sight in the frame whose read disagrees with it there, and
    /// looked at again in the next; a read elsewhere, or of the same code, leaves it held.
    @Test func aHeldCodeThatAReadDisputesIsLookedAtAgain() {
        func read(_ text: String, x: Int) -> DetectedCode {
            DetectedCode(
                symbology: .code128, bytes: Array(text.utf8),
                corners: ZbarEngine.boundingBox(of: [PixelPoint(x: x, y: 100), PixelPoint(x: x + 150, y: 104)]))
        }
        let scene = stats(Frame.filled(width: 640, height: 480, value: 200))
        var follower = CodeFollower()
        let first = read("PARCEL A20000", x: 80)
        follower.saw(first, by: Look(rect: area, pass: .plain), at: 0, in: scene)
        var held = [first]
        follower.release(&held, rivalledBy: [read("PARCEL A20000", x: 82), read("PARCEL B20013", x: 400)])
        #expect(held == [first] && follower.tracks[first.identity]?.scene != nil)
        follower.release(&held, rivalledBy: [read("PARCEL B20013", x: 84)])
        #expect(held.isEmpty && follower.tracks[first.identity] != nil)
        #expect(follower.tracks[first.identity]?.scene == nil)
    }

    /// zbar may mark a read where only lines that ran one way finished: a line across the bars
    /// at one end. A product code lies on the far side of such marks, up to twice their height
    /// long, and is looked for there; marks on both ends keep the usual window. Any 1D code so
    /// marked keeps the window it was found in (which held it whole).
    @Test func aCodeMarkedAtOneEndIsLookedForOnTheFarSideOfItsMarks() throws {
        func read(_ symbology: Symbology, _ text: String, out: (Int) -> Int) -> DetectedCode {
            let marks = stride(from: 113, through: 259, by: 8).map { PixelPoint(x: 146 + (259 - $0) / 15, y: $0) }
            var code = DetectedCode(
                symbology: symbology, bytes: Array(text.utf8), corners: ZbarEngine.boundingBox(of: marks),
                quality: marks.count)
            code.ends = marks.enumerated().map { LineEnd(at: $1, beyond: PixelPoint(x: $1.x + out($0), y: $1.y)) }
            return code
        }
        let scene = stats(Frame.filled(width: 640, height: 480, value: 200))
        func window(
            _ code: DetectedCode,
            foundIn look: Look = Look(rect: PixelRect(x: 0, y: 0, width: 640, height: 480), pass: .plain)
        ) throws -> PixelRect {
            var follower = CodeFollower()
            follower.saw(code, by: look, at: 0, in: scene)
            let track = try #require(follower.tracks[code.identity])
            return try #require(CodeFollower.window(around: track, in: area))
        }
        // A UPC-E (as the EAN-13 it stands for) marked at its left end, x 146 to 155, y 113 to 259.
        let upce = "0001199000079"
        let leftEnd = try window(read(.ean13, upce, out: { _ in -32 }))
        #expect(leftEnd.x >= 146 - 24 - 3 && leftEnd.maxX >= 146 + 2 * 146, "\(leftEnd)")
        let bothEnds = try window(read(.ean13, upce, out: { $0 % 2 == 0 ? -32 : 32 }))
        #expect(bothEnds.x >= 146 - 24 - 3 && bothEnds.maxX <= 155 + 24 + 3, "\(bothEnds)")
        // Marked at its right end (the lines ran out rightward): the code lies to the left.
        let rightEnd = try window(read(.ean13, upce, out: { _ in 32 }))
        #expect(rightEnd.x == 0 && rightEnd.maxX <= 155 + 24 + 3, "\(rightEnd)")
        // A Code 128 so marked is not stretched, but its candidate window is kept.
        let candidate = PixelRect(x: 120, y: 90, width: 260, height: 200)
        let code128 = try window(
            read(.code128, "k74ImWhCF", out: { _ in -32 }), foundIn: Look(rect: candidate, pass: .plain, window: true))
        #expect(code128.x == 120 && code128.maxX == candidate.maxX, "\(code128)")
    }

    /// A matrix code is looked for first where it will be if it keeps moving as it did, in a
    /// window cut close round it (smaller than its follower's window); a 1D code is not (a window
    /// cut close could make a part of it read), and a code not read lately is not moved on.
    @Test func aMovingMatrixCodeIsLookedForFirstWhereItWillBe() throws {
        func code(_ symbology: Symbology, x: Int) -> DetectedCode {
            let corners = [(0, 0), (80, 0), (80, 80), (0, 80)].map { PixelPoint(x: x + $0.0, y: 200 + $0.1) }
            return DetectedCode(symbology: symbology, bytes: Array("moving".utf8), corners: corners, quality: 1)
        }
        let scene = stats(Frame.filled(width: 640, height: 480, value: 200))
        let look = Look(rect: area, pass: .plain)
        func follower(_ symbology: Symbology) -> CodeFollower {
            var follower = CodeFollower()
            follower.saw(code(symbology, x: 200), by: look, at: 0, in: scene)
            follower.saw(code(symbology, x: 210), by: look, at: 1.0 / 30, in: scene)  // 10 px a frame
            return follower
        }
        let qr = try #require(follower(.qr).tracks.values.first)
        let window = try #require(CodeFollower.window(around: qr, in: area))
        let near = try #require(CodeFollower.nearWindow(around: qr, at: 2.0 / 30, in: window))
        // Centred where the code will be (x 220 to 300), not where it was (210 to 290).
        #expect(abs(Double(near.x + near.maxX) / 2 - 260) <= 1, "\(near)")
        #expect(near.x > window.x && near.maxX < window.maxX && near.y > window.y, "\(near) in \(window)")
        #expect(near.x <= 220 - 4 - 10 && near.maxX >= 300 + 4 + 10)
        // Long unseen: looked for where it was.
        let late = try #require(CodeFollower.nearWindow(around: qr, at: 1, in: window))
        #expect(abs(Double(late.x + late.maxX) / 2 - 250) <= 1, "\(late)")
        let ean = try #require(follower(.code128).tracks.values.first)
        #expect(CodeFollower.nearWindow(around: ean, at: 2.0 / 30, in: window) == nil)
    }

    @Test func effortNamesAndMilliseconds() {
        #expect(ScanEffort("normal")?.share == 0.24)
        #expect(ScanEffort("5ms") == .milliseconds(5) && ScanEffort("5") == .milliseconds(5))
        #expect(ScanEffort("thorough")?.share == nil)
        #expect(ScanEffort("-3") == nil && ScanEffort("soon") == nil)
        let policy = ReadingPolicy()
        #expect(policy.plan(for: .still, realTime: true) == .thorough)
        #expect(policy.plan(for: .live, realTime: true) == .live(share: 0.24, cost: .measured))
        // A recording read as fast as it can be has no frame deadline: read whole where it changed.
        #expect(policy.plan(for: .recorded, realTime: false) == .changed)
        #expect(
            ReadingPolicy(effort: .normal).plan(for: .recorded, realTime: false) == .live(share: 0.24, cost: .counted))
    }
}
