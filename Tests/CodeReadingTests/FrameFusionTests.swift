import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// Frames taken together (`FrameFusion`): a faint code that no frame alone reads is read from
/// their mean, held still or shaking, and two codes shown in turn are never read as a third.
@Suite struct FrameFusionTests {
    /// Small clips, for the tests' time: 640x360, the codes as faint and noisy as `--fusion`'s.
    static func clip(_ seed: UInt64, shake: Double = 0, swapAt: Int? = nil, frames: Int = 30) -> FaintClip {
        FaintClip(seed: seed, shake: shake, swapAt: swapAt, frames: frames, width: 640, height: 360)
    }

    /// What a recording of `frames` reads headless, each code with the frame it was read in.
    static func recording(_ frames: [Frame]) -> [(text: String, frame: Int)] {
        let reader = CodeReader()
        return frames.flatMap { frame in
            reader.read(frame, kind: .recorded, realTime: false).codes.map { ($0.text, frame.sequence) }
        }
    }

    static func expectFaint(_ clip: FaintClip) {
        for frame in clip.frames().prefix(3) {
            #expect(CodeReader().read(frame, kind: .still).codes.isEmpty, "\(clip.name): one frame reads")
        }
    }

    @Test func aFaintCodeIsReadOnlyFromSeveralFrames() {
        let clip = Self.clip(Self.stillSeed)
        Self.expectFaint(clip)
        let reads = Self.recording(clip.frames())
        #expect(reads.map(\.text) == [clip.payloads[0]], "\(clip.name)")
        #expect(reads.allSatisfy { $0.frame >= FrameFusion.windowsAt[0] - 1 && $0.frame < 30 }, "\(reads)")
    }

    @Test func aShakingCodeIsReadFromItsFramesMovedOntoEachOther() {
        let clip = Self.clip(Self.shakingSeed, shake: 2)
        Self.expectFaint(clip)
        let reads = Self.recording(clip.frames())
        #expect(reads.map(\.text) == [clip.payloads[0]], "\(clip.name)")
    }

    /// One faint code, then another in its place: each may be read, or not, but their mean
    /// never reads as a third, and the window starts again when the second comes.
    @Test(arguments: [(UInt64(3), 0.0), (4, 2)])
    func aSwappedCodeIsNeverReadAsAMix(seed: UInt64, shake: Double) {
        let clip = Self.clip(seed, shake: shake, swapAt: 20, frames: 45)
        let reads = Self.recording(clip.frames())
        #expect(Set(reads.map(\.text)).isSubset(of: clip.payloads), "\(clip.name): \(reads)")
        #expect(reads.allSatisfy { $0.text != clip.payloads[0] || $0.frame < 20 + FrameFusion.readEvery }, "\(reads)")
    }

    /// A camera's frames read live (their work counted here): the reading says frames are
    /// gathered for a faint code, with how many, until the code is read from them.
    @Test func theLiveReadingSaysItGathersFramesUntilTheCodeIsRead() {
        let clip = Self.clip(Self.stillSeed)
        let reader = CodeReader(policy: ReadingPolicy(effort: .normal))
        var gathered = [Int]()
        var read: Int?
        for frame in clip.frames() where read == nil {
            let reading = reader.read(frame, kind: .live, realTime: false)
            if let count = reading.gathering { gathered.append(count) }
            if reading.codes.contains(where: { $0.text == clip.payloads[0] }) { read = frame.sequence }
        }
        #expect(read != nil, "\(clip.name)")
        #expect(!gathered.isEmpty && gathered.allSatisfy { $0 >= FrameFusion.windowsAt[0] }, "\(gathered)")
    }

    /// `large`: a window too large to measure whole (`FrameShift.samples`), its shift found on a
    /// grid of its pixels, against a sum of four frames (scaled by a quarter) as a stack's is.
    @Test(arguments: [
        (0.0, 0.0, false), (1.5, -0.5, false), (-2.25, 1.75, false), (1.5, -0.5, true), (-2.25, 2.75, true),
    ])
    func aFramesShiftIsFoundToAFractionOfAPixel(dx: Double, dy: Double, large: Bool) throws {
        let grid = try #require(QRMatrix(text: "where did it go", level: .medium)).grid
        let (side, moduleSize, frames) = large ? (720, 9.0, 4) : (240, 3.0, 1)
        let backdrop = Frame.filled(width: side, height: side, value: 120)
        let centre = Double(side / 2)
        let draw = { (grid: ModuleGrid, x: Double, y: Double) in
            backdrop.drawingModules(
                grid, at: ModulePlacement(centreX: x, centreY: y, moduleSize: moduleSize), dark: 60, light: 180)
        }
        let window = PixelRect(x: 40, y: 40, width: side - 80, height: side - 80)
        #expect((window.width * window.height > 4 * FrameShift.samples) == large)
        let reference = draw(grid, centre, centre)
        let sums = (0..<window.height).flatMap { row in
            (0..<window.width).map { Float(frames) * Float(reference[window.x + $0, window.y + row]) }
        }
        let scale = 1 / Float(frames)
        var noise = SensorNoise(sigma: 10, seed: 9)
        let moved = noise.applied(to: draw(grid, centre + dx, centre + dy))
        let shift = FrameShift.estimate(moved, against: sums, scale: scale, in: window)
        #expect(abs(shift.dx - dx) < 0.3 && abs(shift.dy - dy) < 0.3, "\(shift)")
        // What is left is the noise (σ² a pixel), and what a whole shift leaves of a part one;
        // another code in the code's place leaves far more.
        #expect(shift.residual > 70, "\(shift)")
        let other = try #require(QRMatrix(text: "something else", level: .medium)).grid
        let swapped = noise.applied(to: draw(other, centre, centre))
        let elsewhere = FrameShift.estimate(swapped, against: sums, scale: scale, in: window)
        #expect(elsewhere.residual > 2 * shift.residual, "\(elsewhere) \(shift)")
    }

    /// A dim backdrop under noise, nothing code-like in it: after the frames that looked, none is
    /// gathered and none is read.
    @Test func aSceneWithNothingCodeLikeGathersNothing() {
        var fusion = FrameFusion()
        var noise = SensorNoise(sigma: 20, seed: 5)
        let backdrop = Frame.plasma(width: 640, height: 360, seed: 8)
        var dues = 0
        for index in 0..<24 {
            let frame = noise.applied(to: backdrop.renumbered(sequence: index, timestamp: Double(index) / 30))
            let scene = frame.blockStatistics(
                in: frame.bounds, blockSize: LiveReader.blockSize, rowStep: LiveReader.rowStep)
            dues += fusion.add(frame, in: frame.bounds, scene: scene).count
        }
        #expect(dues == 0 && fusion.idle && fusion.gathering == nil)
    }

    /// The whole area's mean, once, at the frames asked: √8 less noise than a frame.
    @Test func theWholeAreasMeanHasLessNoiseThanAFrame() throws {
        let clean = Frame.plasma(width: 320, height: 240, seed: 2)
        var fusion = FrameFusion(wholeAt: 8)
        var noise = SensorNoise(sigma: 12, seed: 3)
        var dues = [FrameFusion.Due]()
        var last = clean
        for index in 0..<8 {
            last = noise.applied(to: clean.renumbered(sequence: index, timestamp: 0))
            let scene = last.blockStatistics(in: last.bounds, blockSize: LiveReader.blockSize, rowStep: 4)
            dues += fusion.add(last, in: last.bounds, scene: scene)
        }
        let whole = try #require(dues.last)
        #expect(whole.window == clean.bounds && whole.frames == 8)
        let error = { (frame: Frame) in
            var sum = 0.0
            for y in 0..<240 {
                for x in 0..<320 {
                    let difference = Double(frame[x, y]) - Double(clean[x, y])
                    sum += difference * difference
                }
            }
            return (sum / Double(320 * 240)).squareRoot()
        }
        #expect(error(last) > 10 && error(whole.picture) < error(last) / 2.5, "\(error(last)) \(error(whole.picture))")
    }

    static let stillSeed: UInt64 = 2
    static let shakingSeed: UInt64 = 3
}

/// A faint code's modules voted on frame by frame (`ModuleVote`): the vote of its noisy frames
/// tells its modules as the code has them, where one frame alone does not, and the code drawn
/// as they vote reads.
@Suite struct ModuleVoteTests {
    @Test func aFaintCodesModulesAreToldByTheVoteOfItsFrames() throws {
        let clip = FrameFusionTests.clip(FrameFusionTests.stillSeed)
        let frames = Array(clip.frames().prefix(16))
        let mean = clip.alignedMean(of: 16)
        let (found, modules) = try #require(StraightenedCode.grids(of: mean).first)
        let grid = ModuleVote.fitted(found, modules: modules, to: mean)
        var truth = ModuleVote(grid: grid, modules: modules)
        truth.add(clip.scene(0, on: clip.backdrop), offset: (0, 0))
        var one = ModuleVote(grid: grid, modules: modules)
        one.add(frames[0], offset: (0, 0))
        var all = ModuleVote(grid: grid, modules: modules)
        for frame in frames { all.add(frame, offset: (0, 0)) }
        #expect(all.frames == 16)
        let agreeing = { (vote: ModuleVote) in
            (0..<modules * modules).filter {
                truth.isDark($0 % modules, $0 / modules) == vote.isDark($0 % modules, $0 / modules)
            }
            .count
        }
        let (byAll, byOne) = (agreeing(all), agreeing(one))
        #expect(Double(byAll) > 0.97 * Double(modules * modules), "\(byAll) of \(modules * modules)")
        #expect(byOne < byAll, "one frame: \(byOne), sixteen: \(byAll)")
        var luma = mean.luma
        all.draw(into: &luma, width: mean.width, origin: PixelPoint(x: 0, y: 0), within: mean.bounds)
        let drawn = Frame(width: mean.width, height: mean.height, luma: luma)
        #expect(CodeReader().read(drawn, kind: .still).codes.map(\.text) == [clip.payloads[0]])
    }
}
