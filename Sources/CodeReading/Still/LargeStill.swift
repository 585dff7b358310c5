import FrameCore
import PictureOps

/// A picture of many megapixels (a phone's photo) is read as zbarimg reads it, once at full
/// size, and then, when that reads nothing, given a little more: its work is counted, and
/// the other looks together may cost `extraShare` of that first one (a photo without a code
/// costs about as much as zbarimg spends on it). They go where a code may be:
/// - a picture far larger than any code needs is also read shrunk (a large, blurred code);
/// - the places the localiser finds are read at full size (halved when large), look by look
///   across them, each look only when its cost fits what is left.
///
/// A picture beyond any camera's photo (`fullSizeAtMost`) has its first look shrunk too, and its
/// places at full size come before the further shrunk looks.
struct LargeStill {
    /// Areas above this many pixels are read this way.
    static let threshold = 4_000_000
    /// Above this the picture is also read shrunk to about `target` pixels.
    static let shrinkFrom = 16_000_000
    static let target = 4_000_000
    /// Above this (beyond any camera's photo) even the first look reads the picture shrunk: a
    /// full-size look at 100 megapixels costs seconds, the localiser finds a small code's place.
    static let fullSizeAtMost = 24_000_000
    /// The other looks' counted work, as a share of the first look's.
    static let extraShare = 0.5
    /// zbar spends more on a busy window's pixel than on the picture's average one: its looks
    /// are charged this much more.
    static let busyWeight = 1.5
    /// Full-size windows read at most (the smallest places first: a code is small beside what
    /// else a busy photo holds, and more of them fit the budget); larger ones are read halved.
    static let maxWindows = 48
    static let halveAbove = 1_000_000

    let thorough: ThoroughScan

    static func applies(to rect: PixelRect) -> Bool { rect.width * rect.height > threshold }

    /// `seen`: the picture of the first look (`firstPicture`); `evidence`: what the picture shows
    /// of codes, its texture among it.
    func scan(
        _ frame: Frame, in rect: PixelRect, seen: Scaled, with engine: any CodeEngine, limit: ReadingLimit?,
        evidence: Pending<StillEvidence>
    ) -> FrameReading {
        let start = MonotonicClock.now()
        var reading = thorough.scanWhole(seen.picture, with: engine, limit: limit, passes: [.plain])
            .mapped(seen.back)
        limit?.tell(reading.codes)
        reading.work = Double(seen.picture.width * seen.picture.height)
        if reading.codes.isEmpty {
            let budget = WorkBudget(reading.work * Self.extraShare)
            // Where the first look was shrunk already, the places at full size come first.
            let shrunkFirst = seen.picture.width < rect.width
            if !shrunkFirst && rect.width * rect.height > Self.shrinkFrom {
                readShrunk(seen, with: engine, limit: limit, budget: budget, into: &reading)
            }
            if reading.codes.isEmpty {
                readWindows(
                    of: frame, in: rect, texture: evidence.answer.texture, with: engine, limit: limit, budget: budget,
                    into: &reading)
            }
            if shrunkFirst && reading.codes.isEmpty {
                readShrunk(seen, with: engine, limit: limit, budget: budget, into: &reading)
            }
            reading.work += budget.spent
        }
        reading.frameSequence = frame.sequence
        reading.area = rect == frame.bounds ? nil : rect
        reading.milliseconds = (MonotonicClock.now() - start) * 1000
        return reading
    }

    /// A picture of part of a frame, and the way from its pixels to the frame's.
    struct Scaled {
        let picture: Frame
        let back: (PixelPoint) -> PixelPoint

        /// This picture shrunk by `factor`.
        func shrunk(by factor: Int) -> Scaled {
            let back = self.back
            return Scaled(picture: picture.shrunk(by: factor)) { p in
                back(PixelPoint(x: p.x * factor + factor / 2, y: p.y * factor + factor / 2))
            }
        }
    }

    /// What the plain look reads whole: `rect` at full size, or shrunk to at most
    /// `fullSizeAtMost` pixels when larger (the smallest codes then left to the windows).
    static func firstPicture(of frame: Frame, in rect: PixelRect) -> Scaled {
        let whole = Scaled(picture: frame.cropped(to: rect)) { p in PixelPoint(x: rect.x + p.x, y: rect.y + p.y) }
        guard rect.width * rect.height > fullSizeAtMost else { return whole }
        return whole.shrunk(by: factor(for: rect, target: fullSizeAtMost))
    }

    /// The smallest whole factor (2 or more) that brings `rect` to about `target` pixels.
    static func factor(for rect: PixelRect, target: Int = target) -> Int {
        var factor = 2
        while rect.width * rect.height / (factor * factor) > target { factor += 1 }
        return factor
    }

    /// The first look's picture shrunk to about `target` pixels, read thoroughly within the
    /// budget; codes in frame pixels.
    private func readShrunk(
        _ seen: Scaled, with engine: any CodeEngine, limit: ReadingLimit?, budget: WorkBudget,
        into reading: inout FrameReading
    ) {
        budget.weight = 1
        let shrunk = seen.shrunk(by: Self.factor(for: seen.picture.bounds))
        let found = thorough.scanWhole(shrunk.picture, with: engine, limit: limit, budget: budget)
        reading.add(found, mapped: shrunk.back)
        limit?.tell(reading.codes)
    }

    /// The looks the candidate windows get, in turn across all of them, the cheap ones that read
    /// most first (a light code on dark, uneven light), so that no one window spends the budget.
    /// (The plain look only where a window is read halved: the whole picture had it at full size.)
    static let windowLooks: [ScanPass] = [
        .inverted, .binarised, .plain, .thresholded, .straightened, .smoothed, .equalisedBinarised, .enlarged,
        .enlargedBinarised,
        .enlargedThresholded, .enlargedEqualised, .rotated, .doubled, .magnifiedThresholded, .magnifiedBinarised,
    ]

    /// The candidate windows at full size (a large one halved, whose plain look is then a new
    /// one), look by look across them, within the budget.
    private func readWindows(
        of frame: Frame, in rect: PixelRect, texture: [Candidate], with engine: any CodeEngine, limit: ReadingLimit?,
        budget: WorkBudget, into reading: inout FrameReading
    ) {
        budget.weight = Self.busyWeight
        let places = texture.map(\.window).sorted {
            $0.width * $0.height < $1.width * $1.height
        }
        let windows = places.prefix(Self.maxWindows).map { window in
            let crop = frame.cropped(to: window)
            let halved = window.width * window.height > Self.halveAbove
            let back =
                halved
                ? { (p: PixelPoint) in PixelPoint(x: window.x + p.x * 2 + 1, y: window.y + p.y * 2 + 1) }
                : { (p: PixelPoint) in PixelPoint(x: window.x + p.x, y: window.y + p.y) }
            return (picture: halved ? crop.shrunk(by: 2) : crop, halved: halved, back: back)
        }
        // Every window's every look, read ahead on every core, taken in this order.
        let readings = WindowReadings(
            Self.windowLooks.filter { $0 == .plain || thorough.extraPasses.contains($0) },
            on: windows.map { window in
                WindowReadings.Window(
                    pixels: window.picture.width * window.picture.height, origin: PixelPoint(x: 0, y: 0),
                    picture: { window.picture })
            }, by: thorough, engine: engine, budget: budget, limit: limit)
        let skipped = { (index: Int) in
            let (pass, window) = readings.look(at: index)
            return pass == .plain && !windows[window].halved
        }
        readings.forgo(where: skipped)
        for index in 0..<readings.count where !skipped(index) && limit?.reached != true {
            reading.add(readings.reading(at: index), mapped: windows[readings.look(at: index).window].back)
            limit?.tell(reading.codes)
            if !reading.codes.isEmpty { return }
        }
    }
}

extension FrameReading {
    /// `other`'s codes (new ones only, `map` taking their corners to this reading's pixels),
    /// parts and passes added to this reading's.
    mutating func add(_ other: FrameReading, mapped map: (PixelPoint) -> PixelPoint) {
        passesRun += other.passesRun
        withheld += other.withheld
        parts += other.parts.map { $0.mapped(map) }
        for code in other.codes.map({ $0.mapped(map) }) where !codes.contains(where: { $0.isSameSighting(as: code) }) {
            codes.append(code)
            pass = pass ?? other.pass
        }
    }

    /// The same reading with its codes' and parts' corners mapped.
    func mapped(_ map: (PixelPoint) -> PixelPoint) -> FrameReading {
        var reading = FrameReading(frameSequence: frameSequence, area: area)
        reading.add(self, mapped: map)
        return reading
    }
}
