import FrameCore
import PictureOps

/// When a 1D read is evidence enough. A 2D code carries error correction: one read is
/// proof. A 1D code carries a check digit at most, and blur, noise or a scan line crossing
/// the bars at a slant can make a wrong read that passes it; so a 1D read is believed when
/// many of zbar's scan lines agreed on it in the picture as it is, or when a second,
/// independent look (another pass over the picture, the picture turned a little, or another
/// frame) reads the same. The same pass on the picture turned a little counts for half a
/// look: it samples the picture afresh, so it rules out noise, but what misled the pass (a
/// damaged bar, blur) can mislead it again. Where looks read different things in one place,
/// the read with at least twice the weight wins; a closer call gives nothing.
struct Corroboration {
    /// Scan lines that make a plain read enough on its own. Measured on `qrtui-bench --stress`
    /// (`--stress-dump`): wrong plain reads of EAN and UPC codes were seen by 6 to 8 lines,
    /// of ITF by up to 10; right ones mostly by more.
    static func strongQuality(_ symbology: Symbology) -> Int {
        symbology == .i25 ? 20 : 12
    }

    /// Scan lines an ITF read needs at the least when the lines across its bars could not
    /// spell it (see `ITFAcross`): ITF has no check digit and its start and stop patterns
    /// recur inside it, so a scan line crossing its bars at a slant reads a run of digit pairs
    /// as a code of its own, and every look repeats that. Measured on `qrtui-bench --stress`:
    /// fragments were seen by 2 to 10 lines, whole codes mostly by 11 or more; with the quiet
    /// zone and edge checks, 4 lines let 6 fragments in 1000 pictures through on the still path
    /// (extra passes enlarge the picture, and its lines with it). (A picture with fewer lines
    /// than twice that, a thin strip cut round a code, needs half of its lines.)
    static let itfMinimumQuality = 11

    /// Whether a read was seen by scan lines enough to be evidence at all: only ITF asks
    /// (see `itfMinimumQuality`); the tracker, the follower and the still scan all ask here.
    static func seenEnough(_ code: DetectedCode) -> Bool {
        code.symbology != .i25 || code.checkedAcross
            || code.quality >= min(itfMinimumQuality, max(2, code.scanLines / 2))
    }

    /// Whether the lines across the bars that spelt `code` (`BarsAcross`) count as a look of
    /// their own: they owe nothing to zbar (their own edges, their own decoder), and for an
    /// EAN, UPC or Code 128 they must get guards, quiet zones and the check digit right too;
    /// for Code 39 quiet zones, start and stop, and every character one of its patterns of
    /// three wide elements in nine. Not for ITF, whose digit pairs recur inside longer codes and
    /// carry no check: there they only lift the scan-line rule (`seenEnough`).
    static func acrossIsALook(_ code: DetectedCode) -> Bool {
        code.checkedAcross && Symbology.barsAcrossIsALook.contains(code.symbology)
    }

    /// Whether zxing-cpp's reading it alike in the same picture (`EngineAgreement`) counts as a
    /// look of its own: another library's binariser and decoder (which itself wants two rows
    /// that agree) on the pixels as taken. Not on a pass's view, where both would read what the
    /// pass made of the bars, and not for ITF (see `acrossIsALook`).
    static func enginesAgreeingIsALook(_ code: DetectedCode) -> Bool {
        code.seenByBoth && code.pass == .plain && !code.symbology.isTwoDimensional
            && !code.symbology.descriptor.recursInLonger
    }

    /// Whether one frame's read is enough for the tracker on a stream: proof on its own, or read
    /// alike by both libraries (the second look a 1D read needs).
    static func enoughInOneFrame(_ code: DetectedCode) -> Bool {
        guard code.symbology.oneReadIsProof || !code.symbology.isTwoDimensional else { return false }
        return isStrong(code) || enginesAgreeingIsALook(code)
    }

    /// Whether `code` alone is proof: 2D, or a read of the picture as it is (no pass, no
    /// turn) seen by enough scan lines. PDF417 (whose rows zxing-cpp can misplace, see
    /// `Symbology.oneReadIsProof`) only from the picture as it is: on `qrtui-bench --stress
    /// 1000` an enlarged, doubled or magnified view gave 4 wrong reads ("AA") on their own.
    static func isStrong(_ code: DetectedCode) -> Bool {
        if code.symbology == .pdf417 { return code.pass == .plain && code.turn == nil }
        return code.symbology.isTwoDimensional
            || (code.pass == .plain && code.turn == nil && code.quality >= strongQuality(code.symbology))
    }

    /// One way of looking: a pass over the picture, turned or not.
    private struct Look: Hashable {
        let pass: ScanPass
        let turn: Double?
    }

    private struct Sighting {
        var code: DetectedCode
        /// The read with every look's corners together: zbar places a 1D read where its scan
        /// lines ended, at one end of the code or the other from look to look, so one look's
        /// corners can miss a rival another look would have met.
        var place: DetectedCode
        /// Each look that read it, and what it counts for (in half looks): a strong read 4,
        /// the first look by a pass 2, each further turn of the same pass 1; an EAN, UPC or
        /// Code 128 read spelt across its bars 2 more (see `acrossIsALook`), and 2 more for a
        /// read zxing-cpp read alike (see `enginesAgreeingIsALook`).
        var looks: [Look: Int] = [:]
        var enginesAgreed = false
        var weight: Int {
            var byPass = [ScanPass: [Int]]()
            for (look, value) in looks { byPass[look.pass, default: []].append(value) }
            let across = Corroboration.acrossIsALook(code) ? 2 : 0
            return across + (enginesAgreed ? 2 : 0)
                + byPass.values.reduce(0) { total, values in
                    let sorted = values.sorted(by: >)
                    return total + sorted[0] + sorted.dropFirst().count
                }
        }
    }

    /// One code in one place: a matrix code's payload may be printed many times on one sheet
    /// (labels), each a code of its own; a 1D read's place is wherever its looks put it.
    private struct Key: Hashable {
        let identity: CodeIdentity
        let slot: Int
    }

    private var sightings: [Key: Sighting] = [:]
    private var order: [Key] = []

    /// The sighting `code` adds to: of its identity, and for a matrix code where it lies.
    private func key(for code: DetectedCode) -> Key {
        let same = order.filter { $0.identity == code.identity }
        guard code.symbology.isTwoDimensional else { return Key(identity: code.identity, slot: 0) }
        if let here = same.first(where: { sightings[$0].map { $0.place.meets(code) } ?? false }) { return here }
        return Key(identity: code.identity, slot: same.count)
    }

    /// Records what one look read.
    mutating func add(_ codes: [DetectedCode]) {
        for code in codes {
            let key = key(for: code)
            var sighting = sightings[key] ?? Sighting(code: code, place: code)
            if sighting.looks.isEmpty { order.append(key) }
            let look = Look(pass: code.pass, turn: code.turn)
            sighting.looks[look] = max(sighting.looks[look] ?? 0, Self.isStrong(code) ? 4 : 2)
            let checkedAcross = sighting.code.checkedAcross || code.checkedAcross
            sighting.enginesAgreed = sighting.enginesAgreed || Self.enginesAgreeingIsALook(code)
            if code.quality > sighting.code.quality { sighting.code = code }
            sighting.code.checkedAcross = checkedAcross
            sighting.place.corners =
                (sighting.place.corners + code.corners).boundingRect.map {
                    [PixelPoint(x: $0.minX, y: $0.minY), PixelPoint(x: $0.maxX, y: $0.maxY)]
                } ?? code.corners
            sightings[key] = sighting
        }
    }

    /// The heaviest read that disagrees with `key`'s where it lies.
    private func rivalWeight(_ key: Key) -> Int {
        guard let place = sightings[key]?.place else { return 0 }
        return sightings.values.filter { $0.code.identity != key.identity && $0.place.disagrees(with: place) }
            .map(\.weight).max() ?? 0
    }

    private func believed(_ key: Key) -> Bool {
        guard let sighting = sightings[key] else { return false }
        if sighting.code.symbology.oneReadIsProof { return true }
        if !Self.seenEnough(sighting.code) { return false }
        return sighting.weight >= 4 && sighting.weight >= 2 * rivalWeight(key)
    }

    /// Reads believed: proof on their own or seen by two looks, outweighing any rival.
    var accepted: [DetectedCode] { order.filter(believed).compactMap { sightings[$0]?.code } }

    /// Reads a further look could still decide: not believed, and not outweighed twice over
    /// by a believed rival.
    var pending: [DetectedCode] {
        order.compactMap { key in
            guard let sighting = sightings[key], !believed(key) else { return nil }
            let beaten = sightings.contains { other, rival in
                other.identity != key.identity && rival.place.disagrees(with: sighting.place) && believed(other)
                    && rival.weight >= 2 * sighting.weight
            }
            return beaten ? nil : sighting.code
        }
    }

    /// Reads not believed (in the end: still waiting, or outweighed, or a close call).
    var withheld: Int { sightings.count - accepted.count }

    /// Something is believed and nothing is left that a further look could decide.
    var isSettled: Bool { !accepted.isEmpty && pending.isEmpty }
}

extension DetectedCode {
    /// This read, spelt across its bars if `earlier` (a read of the same code, in an earlier
    /// frame) was: a code once spelt is that code, and its later reads need not be spelt again
    /// (the still scan adds up its looks at one code the same way).
    func vouched(by earlier: DetectedCode?) -> DetectedCode {
        guard let earlier, earlier.identity == identity, earlier.checkedAcross else { return self }
        var code = self
        code.checkedAcross = true
        return code
    }

    /// Another 1D read of the same family, saying something else, where this one lies:
    /// one of them is wrong.
    func disagrees(with other: DetectedCode) -> Bool {
        guard !symbology.isTwoDimensional, !other.symbology.isTwoDimensional, bytes != other.bytes,
            symbology == other.symbology
                || (Symbology.productCodes.contains(symbology)
                    && Symbology.productCodes.contains(other.symbology))
        else { return false }
        return liesOver(other)
    }
}
