import FrameCore
import PictureOps

/// A still holds as many QR codes as it holds: once the picture is read, each place its
/// finder patterns mark (`QRCandidates`) that no code read covers is read on its own, by
/// both engines, look by look across the places (the plain one first), within a counted
/// budget. A sheet of labels, of which a look at the whole reads a few, is read whole.
struct CandidateWindows {
    /// The looks each place gets, those that read most first.
    static let looks: [ScanPass] = [.plain, .binarised, .straightened, .thresholded, .enlarged]
    /// Their counted work, as a share of the picture's pixels, and at the least.
    static let share = 0.75
    static let leastWork = 4_000_000.0

    let thorough: ThoroughScan

    static func applies(to engine: any CodeEngine) -> Bool { engine.symbologies?.contains(.qr) ?? true }

    /// A place this large a share of the picture is the picture again: the looks the whole
    /// picture had are not run on it.
    static let wholeShare = 0.5

    /// Reads the places in `rect` of `frame` that `evidence` marks and `reading`'s codes leave
    /// uncovered, adding what they read; a read where another code was read is withheld.
    /// `wholeLooks`: the passes the whole of `rect` had; `placeLooks`: those every place had
    /// already (`placesFirst`).
    func read(
        _ frame: Frame, in rect: PixelRect, evidence: StillEvidence, wholeLooks: Set<ScanPass>,
        placeLooks: Set<ScanPass> = [], with engine: any CodeEngine, limit: ReadingLimit?,
        into reading: inout FrameReading
    ) {
        let matrix = MatrixWindows(thorough: thorough, engine: engine)
        guard Self.applies(to: engine) || matrix != nil else { return }
        defer {
            let bullseyes = evidence.places.bullseyes.map {
                (centre: PixelPoint(x: $0.x, y: $0.y), moduleSize: $0.moduleSize)
            }
            matrix?.read(frame, in: rect, bullseyes: bullseyes, limit: limit, into: &reading)
        }
        read(
            frame, in: rect, evidence: evidence, looks: Self.looks.filter { !placeLooks.contains($0) },
            wholeLooks: wholeLooks, with: engine, limit: limit, into: &reading)
    }

    /// The plain look at each place alone, before the whole picture's: a sheet's codes are
    /// out (`limit` tells them) long before the looks at all of it end. The passes it ran.
    /// Where finders crowd (a sheet), the places' other looks come before the whole picture's
    /// too, which read little there and cost most; elsewhere they stay after. Each set of
    /// looks keeps a budget of its own: given one for all, the places read fewer codes (85 and
    /// 91 of lots' 240 on `qrtui-bench --live-photos`, against 104).
    func placesFirst(
        _ frame: Frame, in rect: PixelRect, evidence: StillEvidence, with engine: any CodeEngine,
        limit: ReadingLimit?, into reading: inout FrameReading
    ) -> Set<ScanPass> {
        guard Self.applies(to: engine), !evidence.places.qrWindows.isEmpty else { return [] }
        read(
            frame, in: rect, evidence: evidence, looks: [.plain], wholeLooks: [], with: engine, limit: limit,
            into: &reading)
        guard evidence.crowded else { return [.plain] }
        read(
            frame, in: rect, evidence: evidence, looks: Array(Self.looks.dropFirst()), wholeLooks: [], with: engine,
            limit: limit, into: &reading)
        return Set(Self.looks)
    }

    /// Every place `evidence` shows in `rect` gets its plain look within the budget (none was
    /// left out for want of room among the windows).
    static func readsEvery(_ evidence: StillEvidence, in rect: PixelRect) -> Bool {
        let places = evidence.places.qrWindows
        guard places.count < QRCandidates.mostWindows else { return false }
        let pixels = places.reduce(0) { sum, place in
            let inside = place.clamped(to: rect)
            return sum + inside.width * inside.height
        }
        return Double(pixels) <= budget(for: evidence, in: rect)
    }

    /// The windows' counted work in `rect`: a crowd of finders costs zbar far more a pixel than
    /// a code does, so no floor under its share.
    static func budget(for evidence: StillEvidence, in rect: PixelRect) -> Double {
        let share = Double(rect.width * rect.height) * Self.share
        return evidence.crowded ? share : max(Self.leastWork, share)
    }

    private func read(
        _ frame: Frame, in rect: PixelRect, evidence: StillEvidence, looks: [ScanPass], wholeLooks: Set<ScanPass>,
        with engine: any CodeEngine, limit: ReadingLimit?, into reading: inout FrameReading
    ) {
        let places = evidence.places.qrWindows
        guard Self.applies(to: engine), !places.isEmpty else { return }
        let budget = WorkBudget(Self.budget(for: evidence, in: rect))
        let area = Double(rect.width * rect.height)
        // Every place's every look, read ahead on every core, taken in this order.
        let windows = WindowReadings(
            looks.filter { thorough.extraPasses.contains($0) || $0 == .plain },
            on: places.map { place in
                let inside = place.clamped(to: frame.bounds)
                return WindowReadings.Window(
                    pixels: inside.width * inside.height, origin: PixelPoint(x: place.x, y: place.y),
                    picture: { frame.cropped(to: place) })
            }, by: thorough, engine: engine, budget: budget, limit: limit)
        let skipped = { (index: Int, read: FrameReading) in
            let (pass, window) = windows.look(at: index)
            let place = places[window]
            // A place this large had the whole picture's looks already.
            return self.covered(place, by: read)
                || wholeLooks.contains(pass) && Double(place.width * place.height) >= Self.wholeShare * area
        }
        windows.forgo { skipped($0, reading) }
        for index in 0..<windows.count where limit?.reached != true {
            guard !skipped(index, reading) else { continue }
            let found = windows.reading(at: index)
            reading.adding(found)
            limit?.tell(reading.codes)
            if !found.codes.isEmpty || !found.parts.isEmpty { windows.forgo { skipped($0, reading) } }
        }
        reading.work += budget.spent
    }

    /// The place's middle lies within a code already read, or a part of a message.
    private func covered(_ place: PixelRect, by read: FrameReading) -> Bool {
        let middle = PixelPoint(x: place.x + place.width / 2, y: place.y + place.height / 2)
        return isCovered(middle, by: read.codes) || read.parts.contains { isWithin(middle, $0.corners) }
    }
}

/// The middle of a place lies within a 2D code already read.
func isCovered(_ point: PixelPoint, by codes: [DetectedCode]) -> Bool {
    codes.contains { $0.symbology.isTwoDimensional && isWithin(point, $0.corners) }
}

/// `point` lies within the box round `corners`.
private func isWithin(_ point: PixelPoint, _ corners: [PixelPoint]) -> Bool {
    guard let box = corners.boundingRect else { return false }
    return (box.minX...box.maxX).contains(point.x) && (box.minY...box.maxY).contains(point.y)
}

extension FrameReading {
    /// What a window's reading found, added: a code seen again is not added twice, and one
    /// read otherwise where another was read is withheld; its counted work is added too.
    mutating func adding(_ found: FrameReading) {
        passesRun += found.passesRun
        work += found.work
        parts += found.parts
        withheld += found.withheld
        for code in found.codes where !codes.contains(where: { $0.isSameSighting(as: code) }) {
            if codes.contains(where: { EngineAgreement.samePlace($0, code) }) {
                withheld += 1
            } else {
                codes.append(code)
                pass = pass ?? found.pass
            }
        }
    }
}
