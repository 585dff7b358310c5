import CodeFixtures
import Dispatch
import FrameCore
import Glibc
import PictureOps
import Synchronization
import Testing

@testable import CodeReading

/// A scene held still gets a still's whole scan beside the live frames (`DeepLook`): what a
/// still read of one of its frames gets, each code once; a scan of a scene that changed tells
/// nothing.
@Suite struct DeepLookTests {
    /// A sheet of twelve small codes, as labels on a shelf, 720p.
    static func sheet() -> (picture: Frame, texts: Set<String>) {
        let texts = (1...12).map { "https://example.org/shelf/\($0)?lot=2026-12-\($0 + 9)" }
        let backdrop = Frame.plasma(width: 1280, height: 720, seed: 5).lit(from: 0.7, to: 1.0)
        let sheet = LabelsClip.sheet(texts, on: backdrop, moduleSize: 2.5, dark: 60, light: 200)
        return (sheet.blurred(sigma: 0.8), Set(texts))
    }

    @Test func aSceneHeldStillGetsWhatAStillReadOfItsFrameGets() throws {
        let (picture, texts) = Self.sheet()
        var noise = SensorNoise(sigma: 3, seed: 8)
        let frames = (0..<10).map { noise.applied(to: picture.renumbered(sequence: $0, timestamp: Double($0) / 30)) }
        let still = Set(CodeReader().read(frames[0], kind: .still).codes.map(\.text))
        #expect(still == texts)
        let reader = CodeReader()
        var tracker = CodeTracker(confirmations: 2)
        var said = [String]()
        for frame in frames {
            let reading = reader.read(frame, kind: .live, realTime: false)
            said += tracker.update(with: reading.codes, held: reading.held, at: frame.timestamp).map(\.text)
        }
        #expect(said.sorted() == still.sorted(), "\(said)")
    }

    /// A scene that stayed still for one frame is scanned first as that frame is (what a still
    /// read of one of its frames gets, the noise that can help a faint code included), then
    /// as the mean of the frames it stayed still in (what one frame hides), once the mean
    /// holds its most.
    @Test func aSceneHeldStillIsScannedAsItsFrameThenAsTheMeanOfItsFrames() {
        let seen = Mutex<[Frame]>([])
        let deep = DeepLook(share: 0.24) { frame, _, _, _ in
            seen.withLock { $0.append(frame) }
            return FrameReading(frameSequence: frame.sequence, area: nil)
        }
        deep.inline = true
        let area = PixelRect(x: 0, y: 0, width: 320, height: 240)
        var noise = SensorNoise(sigma: 3, seed: 4)
        let frames = (0..<DeepLook.meanFrames + 2).map {
            noise.applied(
                to: Frame.plasma(width: 320, height: 240, seed: 1).renumbered(sequence: $0, timestamp: Double($0) / 30))
        }
        for frame in frames {
            let stats = frame.blockStatistics(in: area, blockSize: LiveReader.blockSize, rowStep: LiveReader.rowStep)
            deep.prepare(frame, in: area, scene: stats, explained: [Bool](repeating: false, count: stats.mean.count))
        }
        let scanned = seen.withLock { $0 }
        #expect(scanned.count == 2)
        #expect(scanned.first?.luma == frames[1].luma)
        let count = DeepLook.meanFrames
        let mean = frames[0].luma.indices.map { index in
            UInt8((frames.prefix(count).map { Int($0.luma[index]) }.reduce(0, +) + count / 2) / count)
        }
        #expect(scanned.last?.luma == mean)
    }

    /// The mean is scanned beside the frame as it was taken, each on a thread of its own, not
    /// after it: what only the mean shows is told while the first scan still runs.
    @Test func theMeanIsScannedBesideTheFrameAsItWasTaken() {
        let release = DispatchSemaphore(value: 0)
        let deep = DeepLook(share: 0.24) { frame, _, _, kind in
            var reading = FrameReading(frameSequence: frame.sequence, area: nil)
            guard kind == .mean else {
                release.wait()
                return reading
            }
            reading.codes = [DetectedCode(symbology: .qr, bytes: Array("mean".utf8), corners: [])]
            return reading
        }
        defer { release.signal() }
        let told = DeepLookEarlyCodesTests.firstTold(by: deep)
        #expect(told == ["mean"])
    }

    /// A scan under way when the scene changes is given up, and what it read is not told.
    @Test func aScanOfASceneThatChangedTellsNothing() throws {
        let release = DispatchSemaphore(value: 0)
        // Each scan reads a code naming the frame it scanned.
        let deep = DeepLook(share: 0.24) { frame, _, _, _ in
            release.wait()
            var reading = FrameReading(frameSequence: frame.sequence, area: nil)
            reading.codes = [DetectedCode(symbology: .qr, bytes: Array("\(frame.sequence)".utf8), corners: [])]
            return reading
        }
        let area = PixelRect(x: 0, y: 0, width: 320, height: 240)
        let before = Frame.plasma(width: 320, height: 240, seed: 1)
        let after = Frame.plasma(width: 320, height: 240, seed: 2)
        func step(_ picture: Frame, _ index: Int) -> [DetectedCode] {
            let frame = picture.renumbered(sequence: index, timestamp: Double(index) / 30)
            let stats = frame.blockStatistics(in: area, blockSize: LiveReader.blockSize, rowStep: LiveReader.rowStep)
            return deep.step(
                frame, in: area, scene: stats, explained: [Bool](repeating: false, count: stats.mean.count))
        }
        for index in 0..<4 { #expect(step(before, index).isEmpty) }  // steady: a scan of it starts
        #expect(step(after, 4).isEmpty)
        // The first scan ends; then the scene in view, steady in turn, is scanned and told.
        release.signal()
        release.signal()
        var told = [DetectedCode]()
        for index in 5..<2000 where told.isEmpty {
            told = step(after, index)
            usleep(1000)
        }
        release.signal()  // a second scan of the scene may have started: let it end
        #expect(told.count == 1 && told.allSatisfy { Int($0.text).map { $0 >= 4 } ?? false }, "\(told.map(\.text))")
    }
}

/// A sheet's codes come out of a whole scan beside the live frames before the scan ends: its
/// candidate places are read before the looks at the whole picture, and what is final is
/// taken in the frames while the scan still runs.
@Suite struct DeepLookEarlyCodesTests {
    /// zbar and zxing-cpp, counting the looks at the whole picture and how many came before the
    /// scan first told a code.
    final class Counting: CodeEngine, @unchecked Sendable {  // used from the scan's one thread
        let engine = PairedEngine(zbar: ZbarEngine(), zxing: ZxingEngine(readsQR: true))
        let side: Int
        let whole = Atomic<Int>(0)
        let wholeBeforeFirstCode = Atomic<Int>(-1)
        var symbologies: Set<Symbology>? { engine.symbologies }
        var density: Int {
            get { engine.density }
            set { engine.density = newValue }
        }
        init(side: Int) { self.side = side }
        func decode(_ picture: Frame) -> SymbolsFound {
            if picture.width * picture.height >= side { whole.add(1, ordering: .relaxed) }
            return engine.decode(picture)
        }
        func narrowed(to family: Set<Symbology>) -> any CodeEngine { engine.narrowed(to: family) }
        /// The most codes told at once, and the looks at the whole before they were.
        let mostTold = Atomic<Int>(0)
        let wholeBeforeLastCode = Atomic<Int>(-1)
        func heard(_ told: Int) {
            _ = wholeBeforeFirstCode.compareExchange(
                expected: -1, desired: whole.load(ordering: .relaxed), ordering: .relaxed)
            if told > mostTold.load(ordering: .relaxed) {
                mostTold.store(told, ordering: .relaxed)
                wholeBeforeLastCode.store(whole.load(ordering: .relaxed), ordering: .relaxed)
            }
        }
    }

    func scan(_ picture: Frame = DeepLookTests.sheet().picture, placesFirst: Bool) -> (
        texts: Set<String>, wholeLooks: Int, wholeBeforeFirstCode: Int, wholeBeforeLastCode: Int
    ) {
        var noise = SensorNoise(sigma: 3, seed: 2)
        let frame = noise.applied(to: picture)
        let engine = Counting(side: frame.width * frame.height / 2)
        let limit = ReadingLimit()
        limit.listen { engine.heard(Set($0.map(\.text)).count) }
        let reading = ThoroughScan().scan(frame, with: engine, limit: limit, placesFirst: placesFirst)
        let texts = Set(reading.codes.map { $0.text })
        let wholeLooks: Int = engine.whole.load(ordering: .relaxed)
        let before: Int = engine.wholeBeforeFirstCode.load(ordering: .relaxed)
        let last: Int = engine.wholeBeforeLastCode.load(ordering: .relaxed)
        return (texts, wholeLooks, before, last)
    }

    @Test func theSheetsPlacesAreReadBeforeTheWholePicture() {
        let first = scan(placesFirst: true)
        let still = scan(placesFirst: false)
        #expect(first.texts == DeepLookTests.sheet().texts && still.texts == first.texts)
        #expect(first.wholeBeforeFirstCode == 0 && first.wholeLooks > 0)
        // A still keeps its order: the whole picture first.
        #expect(still.wholeBeforeFirstCode > 0)
    }

    /// Where finders crowd (a sheet of thirty labels), every look at the places comes before
    /// the looks at the whole picture, which read little there and cost most: each code is
    /// told before the first of them.
    @Test func aCrowdedSheetsPlacesHaveAllTheirLooksFirst() {
        let (labels, texts) = Bombs.manyCodes(count: 30, moduleSize: 3)
        let picture = Frame.filled(width: 1280, height: 720, value: 235).drawing(labels, centreX: 640, centreY: 360)
        let first = scan(picture, placesFirst: true)
        #expect(first.texts == Set(texts))
        #expect(first.wholeBeforeLastCode == 0 && first.wholeLooks > 0)
        // Every look of the places ran first; a sheet of twelve has only the plain one first.
        func lookedFirst(_ picture: Frame) -> Set<ScanPass> {
            let evidence = StillEvidence(picture, in: picture.bounds)
            var reading = FrameReading(frameSequence: 0)
            return CandidateWindows(thorough: ThoroughScan()).placesFirst(
                picture, in: picture.bounds, evidence: evidence,
                with: PairedEngine(zbar: ZbarEngine(), zxing: ZxingEngine(readsQR: true)), limit: nil, into: &reading)
        }
        #expect(StillEvidence(picture, in: picture.bounds).crowded)
        #expect(lookedFirst(picture) == Set(CandidateWindows.looks))
        #expect(lookedFirst(DeepLookTests.sheet().picture) == [.plain])
    }

    /// What a running scan told is taken in the next frames, the scan still running.
    @Test func codesToldAreTakenBeforeTheScanEnds() {
        let release = DispatchSemaphore(value: 0)
        let deep = DeepLook(share: 0.24) { frame, _, limit, _ in
            let code = DetectedCode(symbology: .qr, bytes: Array("early".utf8), corners: [])
            limit.tell([code])
            release.wait()
            var reading = FrameReading(frameSequence: frame.sequence, area: nil)
            reading.codes = [code]
            return reading
        }
        defer { release.signal() }
        #expect(Self.firstTold(by: deep) == ["early"])
    }

    /// The first codes `deep` tells of a plain scene held still (none in 30 s: none).
    static func firstTold(by deep: DeepLook) -> [String] {
        let area = PixelRect(x: 0, y: 0, width: 320, height: 240)
        let picture = Frame.plasma(width: 320, height: 240, seed: 1)
        var told = [String]()
        let deadline = MonotonicClock.now() + 30
        var index = 0
        while told.isEmpty && MonotonicClock.now() < deadline {
            let frame = picture.renumbered(sequence: index, timestamp: Double(index) / 30)
            let stats = frame.blockStatistics(in: area, blockSize: LiveReader.blockSize, rowStep: LiveReader.rowStep)
            told = deep.step(
                frame, in: area, scene: stats, explained: [Bool](repeating: false, count: stats.mean.count)
            )
            .map(\.text)
            index += 1
            usleep(1000)
        }
        return told
    }
}

extension DeepLook {
    /// A frame read live with nothing of its own: the scan may start, then its codes are taken.
    func step(_ frame: Frame, in area: PixelRect, scene: BlockStatistics, explained: [Bool]) -> [DetectedCode] {
        prepare(frame, in: area, scene: scene, explained: explained)
        return take(scene: scene, explained: explained)
    }
}
