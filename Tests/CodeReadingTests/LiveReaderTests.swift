import CodeFixtures
import FrameCore
import Glibc
import PictureOps
import Testing

@testable import CodeReading

/// A camera-like stream: a soft backdrop with fresh sensor noise in every frame, and a code
/// drawn in from frame `appears` on (at `x` pixels from the centre in frame n).
struct NoisyStream {
    let width = 640, height = 480
    let noise = 6
    var backdrop: Frame { Frame.plasma(width: width, height: height, seed: 9) }

    func frames(
        _ count: Int, code: ModuleGrid? = nil, appears: Int = 0, moduleSize: Double = 2, rowHeight: Double = 1,
        quietZone: Double = 4, x: (Int) -> Double = { _ in 0 }
    ) -> [Frame] {
        let backdrop = self.backdrop
        return (0..<count).map { n in
            var scene = backdrop
            if let code, n >= appears {
                scene = scene.drawingModules(
                    code,
                    at: ModulePlacement(
                        centreX: Double(width) / 2 + x(n), centreY: Double(height) / 2, moduleSize: moduleSize,
                        rowHeight: rowHeight, quietZone: quietZone))
            }
            // Frames 1/30 s apart on the stream's own clock.
            return scene.withNoise(amplitude: noise, seed: UInt64(n) &+ 1).renumbered(
                sequence: n, timestamp: Double(n) / 30)
        }
    }
}

/// The live plan: effort follows change, codes are followed, and a code one frame holds is
/// read within two frames. Work is counted (not timed), so every run reads alike.
@Suite struct LiveReaderTests {
    let stream = NoisyStream()
    let area = PixelRect(x: 112, y: 48, width: 416, height: 384)

    func read(_ frames: [Frame], effort: ScanEffort? = nil) -> [FrameReading] {
        let reader = CodeReader(policy: ReadingPolicy(effort: effort))
        return frames.map { reader.read($0, in: area, kind: .live, realTime: false) }
    }

    /// The frame in which each code is announced (two looks for 1D codes), by text.
    func announcements(_ readings: [FrameReading]) -> [String: Int] {
        var tracker = CodeTracker(confirmations: 2)
        var result = [String: Int]()
        for (index, reading) in readings.enumerated() {
            for code in tracker.update(with: reading.codes, at: Double(index) / 30) {
                result[code.text] = result[code.text] ?? index
            }
        }
        return result
    }

    @Test func aSmallQRCodeInANoisyStreamIsAnnouncedWithinTwoFrames() throws {
        let matrix = try #require(QRMatrix(text: "two pixels per module", level: .medium))
        let frames = stream.frames(40, code: matrix.grid, appears: 30, moduleSize: 2)
        // Plain zbar reads it from one frame...
        #expect(ZbarEngine().codes(in: frames[30]).map(\.text) == ["two pixels per module"])
        // ...and so does the live plan, within two frames of its appearing, after a second
        // of a still scene that used up its first look.
        let announced = announcements(read(frames))
        #expect(announced.keys.sorted() == ["two pixels per module"])
        #expect((announced["two pixels per module"] ?? 99) <= 31)
    }

    @Test func aBarcodeIsAnnouncedWithinThreeFramesConfirmationIncluded() throws {
        var random = SplitMix(seed: 4)
        let barcode = Barcode.random(.ean13, using: &random)
        let frames = stream.frames(40, code: barcode.bars, appears: 30, moduleSize: 2, rowHeight: 30, quietZone: 10)
        let announced = announcements(read(frames))
        #expect(announced.keys.sorted() == [barcode.expected])
        #expect((announced[barcode.expected] ?? 99) <= 32)
    }

    /// A code followed in a window cut round it is judged in the whole area: the window cuts
    /// short the lines straight across a turned ITF's bars (and its quiet zones), which then
    /// spell nothing, and an ITF read by few scan lines needs them (`Corroboration.seenEnough`).
    @Test(arguments: [("847900", 40.0), ("55183131", 30), ("55183131", 60)])
    func aFollowedCodeIsCheckedInTheWholeAreaNotInItsWindow(text: String, degrees: Double) throws {
        let barcode = try #require(Barcode(.itf, text))
        let scene = Frame.filled(width: 480, height: 360, value: 150)
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(
                    centreX: 240, centreY: 180, moduleSize: 2, rowHeight: 70,
                    degrees: degrees, quietZone: 10), dark: 40, light: 210)
        let reader = CodeReader()
        let readings = (0..<3).map { n in
            reader.read(
                scene.withNoise(amplitude: 6, seed: UInt64(n) &+ 1).renumbered(sequence: n, timestamp: Double(n) / 30),
                kind: .live, realTime: false)
        }
        // Read again in the follower's window (fewer scan lines than the picture has rows).
        let followed = readings.dropFirst().flatMap(\.codes).filter { $0.scanLines < scene.height }
        #expect(!followed.isEmpty)
        #expect(followed.allSatisfy { $0.text == text && $0.checkedAcross })
    }

    /// zbar decodes an EAN's halves on different scan lines and may mark the read over one
    /// half only: the follower's window reaches along the scan lines far enough to hold the
    /// other half, so the code is read again in the next frame and confirmed at once.
    @Test(arguments: [("37104481", 22.0), ("77886484", -22)])
    func aBarcodeMarkedOverHalfItsLengthIsFollowedWhole(text: String, degrees: Double) throws {
        let barcode = try #require(Barcode(.ean8, String(text.prefix(7))))  // zint adds the check digit
        #expect(barcode.expected == text)
        let scene = Frame.filled(width: 480, height: 360, value: 190)
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(
                    centreX: 240, centreY: 180, moduleSize: 2, rowHeight: 20,
                    degrees: degrees, quietZone: 10), dark: 90, light: 235)
        let reader = CodeReader()
        var tracker = CodeTracker(confirmations: 2)
        var announced = [String: Int]()
        for n in 0..<3 {
            let frame = scene.withNoise(amplitude: 6, seed: UInt64(n) &+ 1).renumbered(
                sequence: n, timestamp: Double(n) / 30)
            for code in tracker.update(
                with: reader.read(frame, kind: .live, realTime: false).codes, at: frame.timestamp)
            {
                announced[code.text] = announced[code.text] ?? n
            }
        }
        #expect(announced == [text: 1])
    }

    @Test func aStillSceneIsNotLookedAtAgainButForPlainRechecks() {
        let readings = read(stream.frames(150))
        // The first look takes a few frames (its budget); after it only re-checks run, every
        // two seconds, each one plain look at a part of the area: no extra passes.
        let settled = readings.dropFirst(30)
        let looked = settled.filter { !$0.passesRun.isEmpty }
        #expect(looked.count <= 3, "\(looked.map(\.frameSequence))")
        #expect(looked.allSatisfy { Set($0.passesRun).isSubset(of: [.plain, .halved]) })
        #expect(readings.prefix(30).contains { $0.passesRun.contains(.binarised) })  // the first look was thorough
        #expect(readings.allSatisfy { $0.codes.isEmpty })
    }

    @Test func aMovingCodeIsFollowedWithoutSearchingTheArea() throws {
        let matrix = try #require(QRMatrix(text: "follow me", level: .medium))
        // Still for a second (the first look settles), then the code appears and slides right.
        let frames = stream.frames(
            80, code: matrix.grid, appears: 40, moduleSize: 3, x: { n in Double(max(0, n - 40)) * 3 - 60 })
        let readings = read(frames)
        let moving = readings.dropFirst(42)
        // Every frame shows the code, where it now is...
        for reading in moving {
            let code = reading.codes.first { $0.text == "follow me" }
            let box = try #require(code?.corners.boundingRect, "frame \(reading.frameSequence) lost it")
            let centre = Double(box.minX + box.maxX) / 2 - Double(stream.width) / 2
            let expected = Double(reading.frameSequence - 40) * 3 - 60
            #expect(
                abs(centre - expected) <= 4, "frame \(reading.frameSequence): centre \(centre), expected \(expected)")
        }
        // ...found by its follower's one look, not by a search of the area (once the look at
        // the change its appearing made is over: the extra passes on the area, in turn).
        let searched = readings.dropFirst(50).filter { $0.passesRun != [.plain] }
        #expect(searched.count <= 2, "\(searched.map { "\($0.frameSequence): \($0.passesRun)" })")
        // The camera hears that only a followed code moves (an MJPEG one decodes less then), and
        // before it came, that the scene was still.
        let unfollowed = readings.dropFirst(50).filter { !$0.sceneFollowed || $0.sceneStill }
        #expect(unfollowed.count <= 2, "\(unfollowed.map(\.frameSequence))")
        #expect(readings[30..<40].allSatisfy { $0.sceneStill && !$0.sceneFollowed })
    }

    /// A followed QR code is looked for first where its motion says it will be, in a window
    /// cut close (`CodeFollower.nearWindow`); a code that jumps out of that window is read in
    /// the same frame all the same.
    @Test func aFollowedCodeThatJumpsIsReadInTheSameFrame() throws {
        let matrix = try #require(QRMatrix(text: "follow me", level: .medium))
        func position(_ n: Int) -> Double { Double(max(0, n - 40)) * 3 - 60 + (n >= 60 ? 22 : 0) }
        let readings = read(stream.frames(70, code: matrix.grid, appears: 40, moduleSize: 3, x: position))
        for reading in readings.dropFirst(42) {
            let code = reading.codes.first { $0.text == "follow me" }
            let box = try #require(code?.corners.boundingRect, "frame \(reading.frameSequence) lost it")
            let centre = Double(box.minX + box.maxX) / 2 - Double(stream.width) / 2
            #expect(abs(centre - position(reading.frameSequence)) <= 4, "frame \(reading.frameSequence): \(centre)")
        }
    }

    @Test func aCodeThatStaysPutStaysInSightWithoutBeingReadAgain() throws {
        let matrix = try #require(QRMatrix(text: "stay", level: .medium))
        let readings = read(stream.frames(120, code: matrix.grid, moduleSize: 3))
        // In sight in every frame (its outline stays on screen), four seconds on...
        for reading in readings.dropFirst(2) {
            #expect((reading.codes + reading.held).map(\.text) == ["stay"], "frame \(reading.frameSequence)")
        }
        // ...read in few of them: once the first look is over, only the re-checks read it.
        #expect(readings.dropFirst(30).filter { !$0.codes.isEmpty }.count <= 3)
    }

    /// Twenty seconds of a still scene: each code is announced once, in its first frames, though
    /// the re-checks every two seconds read it again (it never left the view).
    @Test func aCodeInViewIsAnnouncedOnceWhateverTheRechecksRead() throws {
        let matrix = try #require(QRMatrix(text: "announced once", level: .medium))
        let barcode = try #require(Barcode(.ean13, "590123412345"))
        let scene = stream.backdrop
            .drawingModules(matrix.grid, at: ModulePlacement(centreX: 230, centreY: 240, moduleSize: 3))
            .drawingModules(
                barcode.bars,
                at: ModulePlacement(
                    centreX: 420, centreY: 240, moduleSize: 2, rowHeight: 60,
                    quietZone: 10))
        let reader = CodeReader(policy: ReadingPolicy())
        var tracker = CodeTracker(confirmations: 2)
        var announcements = [(text: String, frame: Int)]()
        var rereads = 0
        for n in 0..<600 {
            let frame = scene.withNoise(amplitude: stream.noise, seed: UInt64(n) &+ 1).renumbered(
                sequence: n, timestamp: Double(n) / 30)
            let reading = reader.read(frame, in: area, kind: .live, realTime: false)
            if n > 60 && !reading.codes.isEmpty { rereads += 1 }
            for code in tracker.update(with: reading.codes, held: reading.held, at: frame.timestamp) {
                announcements.append((code.text, n))
            }
        }
        #expect(announcements.map(\.text).sorted() == ["5901234123457", "announced once"])
        #expect(announcements.allSatisfy { $0.frame <= 3 })
        #expect(rereads >= 5)  // the re-checks did read them again
    }

    @Test func aLoopedStillIsReadThoroughlyOnceThenHeld() throws {
        let matrix = try #require(QRMatrix(text: "a still in a loop", level: .medium))
        let still = Frame.filled(width: 640, height: 480, value: 200)
            .drawingModules(matrix.grid, at: ModulePlacement(centreX: 320, centreY: 240, moduleSize: 4))
        // The same picture over and over, as `--loop` repeats it.
        let frames = (0..<10).map { still.renumbered(sequence: $0, timestamp: Double($0) / 10) }
        let readings = read(frames)
        #expect(readings[1].passesRun.first == .plain && readings[1].codes.map(\.text) == ["a still in a loop"])
        for reading in readings.dropFirst(2) {
            #expect(reading.passesRun.isEmpty)
            #expect(reading.held.map(\.text) == ["a still in a loop"])
        }
    }

    /// A code followed from the first frame of a 720p scene: following it leaves less of each
    /// frame's slice than the plan's next look over the area needs, yet the plan goes on, a
    /// look in a frame as the budget allows (else the scene would never be done with, and
    /// never be one where only a followed code moves).
    @Test func aPlanGoesOnWhileACodeIsFollowed() throws {
        let matrix = try #require(QRMatrix(text: "https://example.org/followed", level: .medium))
        let backdrop = Frame.plasma(width: 1280, height: 720, seed: 5)
        let frames = (0..<70).map { n in
            backdrop.drawingModules(
                matrix.grid,
                at: ModulePlacement(centreX: 640 + 90 * sin(Double(n) / 60 * 2 * .pi), centreY: 360, moduleSize: 4)
            ).withNoise(amplitude: 6, seed: UInt64(n) &+ 1).renumbered(sequence: n, timestamp: Double(n) / 30)
        }
        let reader = CodeReader(policy: ReadingPolicy())
        let whole = PixelRect(x: 0, y: 0, width: 1280, height: 720)
        let readings = frames.map { reader.read($0, in: whole, kind: .live, realTime: false) }
        #expect(readings.allSatisfy { $0.codes.allSatisfy { $0.text == "https://example.org/followed" } })
        #expect(readings.count { !$0.codes.isEmpty } >= 66)
        // Past the first frames (the budget's credit), frames whose reading is more than the
        // code's one look: the plan's.
        let planned = readings.dropFirst(8).filter { $0.passesRun.count > 1 }
        #expect(planned.count >= 2, "\(planned.map(\.frameSequence))")
    }

    /// Under `--effort thorough` each frame is a still: bars that spell no code get every pass
    /// that reads bars, a frame that shows nothing like a code the plain look alone.
    @Test func thoroughEffortReadsEveryFrameWithEveryPassItsPictureAllows() {
        var generator = SplitMix(seed: 5)
        let bars = ModuleGrid(columns: 95, rows: 1, dark: (0..<95).map { _ in generator.next() % 2 == 0 })
        let barred = read(stream.frames(3, code: bars, moduleSize: 2, rowHeight: 60), effort: .thorough)
        #expect(barred.allSatisfy { $0.codes.isEmpty && $0.passesRun.count > 5 })
        let plain = read(stream.frames(3), effort: .thorough)
        #expect(plain.allSatisfy { $0.passesRun == [.plain] }, "\(plain.map(\.passesRun))")
    }
}
