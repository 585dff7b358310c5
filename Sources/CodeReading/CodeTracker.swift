import FrameCore
import PictureOps

/// Decides which reads are news: a code is announced when it appears, and again only
/// after it was out of sight for `forgetAfter` seconds (as zbarcam's symbol cache does): a
/// code held in sight (its place unchanged, so not read again) stays in view.
/// On a stream a 1D code (EAN, UPC, Code 39...) must first be read identically in
/// `confirmations` frames, and a weak read (few scan lines, or an extra pass) in two at the
/// least, whatever `confirmations` says; a read zxing-cpp made alike in the picture as taken
/// counts as two, and an extra pass that read it in an earlier frame counts for half in the
/// next, as the same pass on the picture turned does in a still: fresh noise, but what misled
/// the pass (blur, a damaged bar) misleads it again (see `Corroboration`; a code once spelt
/// across its bars is evidence in the frames after, as in a still's looks, and it keeps its
/// pass's later reads whole); a read that disagrees with another where both lie in one frame
/// sets both back, and one of the code a new code took the place of counts for nothing (a
/// ticket after a ticket). 2D codes carry error correction and are announced at once, but
/// for PDF417 (see `Symbology.oneReadIsProof`). A still picture's reads come corroborated by
/// its thorough scan: announced at once.
public struct CodeTracker: Sendable {
    public var forgetAfter: Double
    public var confirmations: Int
    /// Frames of a stream (true), or a single picture read thoroughly (false).
    public var stream: Bool
    /// This frame's reads come from a still's whole scan of it (`FrameReading.wholeScan`):
    /// corroborated there by a second look, so each counts as two.
    public var scanned = false
    private var lastSeen: [CodeIdentity: Double] = [:]
    private var sightings: [CodeIdentity: Sighting] = [:]
    /// A still's codes in view, each in its place (one payload printed on many labels is as
    /// many codes), with when each was last seen.
    private var stillSightings: [(code: DetectedCode, last: Double)] = []
    /// On a stream, how many copies of a 2D code (one payload on several labels) were
    /// announced: the most seen at once, each in its own place, in one frame.
    private var copies: [CodeIdentity: Int] = [:]

    private struct Sighting {
        /// The looks it had, in half looks.
        var halves: Int
        var last: Double
        var code: DetectedCode
        /// The extra passes that read it (a pass's read in a later frame counts for half).
        var passes: Set<ScanPass> = []
    }

    public init(forgetAfter: Double = 2, confirmations: Int = 1, stream: Bool = true) {
        self.forgetAfter = forgetAfter
        self.confirmations = confirmations
        self.stream = stream
    }

    private mutating func confirmed(_ code: DetectedCode, at time: Double) -> Bool {
        guard stream, !code.symbology.oneReadIsProof else { return true }
        let identity = code.identity
        // What was seen of it lately (older is forgotten: counted again from nothing).
        let lately = sightings[identity].flatMap { time - $0.last <= forgetAfter ? $0 : nil }
        let code = code.vouched(by: lately?.code)
        guard Corroboration.seenEnough(code) else { return false }
        var sighting = lately ?? Sighting(halves: 0, last: time, code: code)
        // Another read where this one lies in this frame: one of them is wrong, neither is
        // believed until two frames more say so. One seen there since this code last was (a
        // code shown in its place, then this one again) leaves this code to be seen afresh; one
        // seen only before this code came is the code it took the place of (a ticket after a
        // ticket).
        let rivals = sightings.filter {
            $0.key != identity && time - $0.value.last <= forgetAfter && $0.value.code.disagrees(with: code)
        }
        if rivals.contains(where: { $0.value.last >= time }) {
            for rival in rivals.keys { sightings[rival]?.halves = -2 }
            sighting.halves = -2
        } else if let lately, rivals.contains(where: { $0.value.last > lately.last }) {
            sighting.halves = 0
        }
        if lately.map({ $0.last != time }) ?? true { sighting.halves += halves(for: code, after: sighting.passes) }
        if code.pass != .plain { sighting.passes.insert(code.pass) }
        sighting.last = time
        sighting.code = code
        sightings[identity] = sighting
        return sighting.halves >= 2 * max(confirmations, Corroboration.enoughInOneFrame(code) ? 1 : 2)
    }

    /// What one frame's read counts for, in half looks: both libraries reading it alike are two
    /// looks in one frame (`Corroboration`), as a whole scan's read is (it had its second look
    /// there); an extra pass that read it in an earlier frame counts for half, unless its read
    /// was spelt across its bars too (`Corroboration.acrossIsALook`: a decoder of its own agreed).
    private func halves(for code: DetectedCode, after passes: Set<ScanPass>) -> Int {
        if scanned || Corroboration.enginesAgreeingIsALook(code) { return 4 }
        return passes.contains(code.pass) && !Corroboration.acrossIsALook(code) ? 1 : 2
    }

    /// Records the codes of one frame taken at `time`; returns those to announce, in the
    /// order found, each identity at most once. `held`: codes still in sight where they were
    /// read (not read again): in view, so never news when a later look reads them again.
    public mutating func update(with codes: [DetectedCode], held: [DetectedCode] = [], at time: Double)
        -> [DetectedCode]
    {
        var news = [DetectedCode]()
        for code in held where lastSeen[code.identity] != nil {
            lastSeen[code.identity] = time
            // Still in sight: a rival read where it lies is in dispute with it.
            sightings[code.identity]?.last = time
        }
        if !stream { return stillNews(codes + held, isHeld: held.count, at: time) }
        for code in codes where confirmed(code, at: time) {
            let identity = code.identity
            let isNews = lastSeen[identity].map { time - $0 > forgetAfter || time < $0 } ?? true
            lastSeen[identity] = time
            if isNews {
                news.append(code)
                copies[identity] = 1
            }
        }
        news += moreCopies(in: codes, held: held)
        lastSeen = lastSeen.filter { time - $0.value <= forgetAfter && $0.value <= time }
        copies = copies.filter { lastSeen[$0.key] != nil }
        sightings = sightings.filter { time - $0.value.last <= forgetAfter }
        return news
    }

    /// The copies of codes announced that this frame shows beyond those announced: a 2D code's
    /// payload in more places at once than ever before (a code that moves is in one place a
    /// frame, so never news again).
    private mutating func moreCopies(in codes: [DetectedCode], held: [DetectedCode]) -> [DetectedCode] {
        var news = [DetectedCode]()
        for identity in Set(codes.map(\.identity)) where identity.symbology.isTwoDimensional {
            guard let announced = copies[identity] else { continue }
            // Each place once, the held first (in view already), then this frame's reads.
            var places = [(code: DetectedCode, read: Bool)]()
            for (code, read) in held.map({ ($0, false) }) + codes.map({ ($0, true) })
            where code.identity == identity && code.corners.boundingRect != nil
                && !places.contains(where: { $0.code.isSameSighting(as: code) })
            {
                places.append((code, read))
            }
            guard places.count > announced else { continue }
            news += places.suffix(places.count - announced).filter(\.read).map(\.code)
            copies[identity] = places.count
        }
        return news
    }

    /// A still's reads (the last `held` of them held in sight, not read again): a code is news
    /// where no sighting of it in view lies (its payload on another label is another code), so
    /// a still told code by code as its scan goes, then whole, gives each code once.
    private mutating func stillNews(_ codes: [DetectedCode], isHeld held: Int, at time: Double) -> [DetectedCode] {
        stillSightings.removeAll { time - $0.last > forgetAfter || time < $0.last }
        var news = [DetectedCode]()
        for (index, code) in codes.enumerated() {
            if let seen = stillSightings.firstIndex(where: { $0.code.isSameSighting(as: code) }) {
                stillSightings[seen].last = time
                continue
            }
            guard index < codes.count - held else { continue }
            stillSightings.append((code, time))
            lastSeen[code.identity] = time
            news.append(code)
        }
        return news
    }
}
