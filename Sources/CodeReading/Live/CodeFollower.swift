import FrameCore
import PictureOps

/// Codes seen lately and where to look for them next: a code once read is looked for
/// first in a window around it, so its outline follows it without a search of the whole
/// area, and a 1D code gets the second look its confirmation needs.
struct CodeFollower {
    struct Track {
        var code: DetectedCode
        /// The pass (and turn) that last read it: the likeliest to read it again.
        var pass: ScanPass
        var turn: Double?
        /// zxing-cpp read it (`ZxingQRWindow`), not the general engine.
        var zxingQR = false
        /// The candidate window it was read in, if it was: it holds the whole code, where a
        /// 1D code read in one direction only marks a line at one end of its bars.
        var foundIn: PixelRect?
        /// Frames it was read in lately, by reads that count toward its confirmation.
        var looks: Int
        var lastSeen: Double
        /// The last time its window was found unchanged since it was read (it is still there).
        var lastHeld: Double
        /// The scene's blocks when it was read: its window unchanged since means it is there.
        var scene: BlockStatistics?
        /// How fast its box moved between its last two reads, when they were close in time
        /// (pixels a second).
        var velocity: (x: Double, y: Double)?
        /// How it looked when last read: its window unchanged may still show another code.
        var appearance: CodeAppearance?
    }

    /// Codes whose halves zbar decodes apart (their guards in the middle).
    static let readInHalves = Symbology.readInHalves

    /// A code not seen for this long is forgotten (seconds).
    static let forgetAfter = 1.0
    private(set) var tracks: [CodeIdentity: Track] = [:]

    /// Where to look for a code in the next frame: its box grown by a quarter and 24 pixels
    /// each side (more than a hand-held code moves in a frame), along an EAN's or UPC's scan
    /// lines as far as the code may reach (`productReach`), and the window it was found in,
    /// within `area`.
    static func window(around track: Track, in area: PixelRect) -> PixelRect? {
        guard let box = track.code.corners.boundingRect else { return nil }
        let width = box.maxX - box.minX
        let height = box.maxY - box.minY
        var (left, right) = (24 + width / 4, 24 + width / 4)
        var (top, bottom) = (24 + height / 4, 24 + height / 4)
        if let reach = productReach(of: track.code, width: width, height: height) {
            if reach.alongRows {
                (left, right) = (max(left, reach.before), max(right, reach.after))
            } else {
                (top, bottom) = (max(top, reach.before), max(bottom, reach.after))
            }
        }
        var window = PixelRect(
            x: box.minX - left, y: box.minY - top, width: width + left + right, height: height + top + bottom)
        if let found = track.foundIn {
            let x0 = min(window.x, found.x)
            let y0 = min(window.y, found.y)
            window = PixelRect(
                x: x0, y: y0, width: max(window.maxX, found.maxX) - x0, height: max(window.maxY, found.maxY) - y0)
        }
        window = window.clamped(to: area)
        return window.isEmpty ? nil : window
    }

    /// Where a matrix code is looked for first, at `time`: its box carried on as it last moved,
    /// grown each side by 4 pixels and an eighth of its size (2.6 modules or more of its quiet
    /// zone) and by half the move (a hand changes its speed), within `window`. A matrix code
    /// reads whole or not at all, so a window cut close cannot make a part of it read as a
    /// code; nil for others. Its use is zbar's time: a picture's noise around a code costs
    /// zbar more than the code.
    static func nearWindow(around track: Track, at time: Double, in window: PixelRect) -> PixelRect? {
        guard track.code.symbology.oneReadIsProof, let box = track.code.corners.boundingRect else { return nil }
        let elapsed = time - track.lastSeen
        let velocity = elapsed <= maxMotionGap ? track.velocity ?? (x: 0, y: 0) : (x: 0, y: 0)
        let shift = (x: Int((velocity.x * elapsed).rounded()), y: Int((velocity.y * elapsed).rounded()))
        let moving = (abs(shift.x) + abs(shift.y)) / 2
        let width = box.maxX - box.minX
        let height = box.maxY - box.minY
        let (slackX, slackY) = (4 + width / 8 + moving, 4 + height / 8 + moving)
        let near = PixelRect(
            x: box.minX + shift.x - slackX, y: box.minY + shift.y - slackY, width: width + 2 * slackX,
            height: height + 2 * slackY
        ).clamped(to: window)
        return near.isEmpty || near == window ? nil : near
    }

    /// Reads further apart than this (seconds) say nothing of how a code moves.
    static let maxMotionGap = 0.1

    /// How fast `code` moved since `track` last read it (pixels a second), when that was lately.
    static func velocity(of code: DetectedCode, since track: Track, at time: Double) -> (x: Double, y: Double)? {
        let elapsed = time - track.lastSeen
        guard elapsed > 0, elapsed <= maxMotionGap, let before = track.code.corners.boundingRect,
            let now = code.corners.boundingRect
        else { return nil }
        return (
            Double(now.minX + now.maxX - before.minX - before.maxX) / 2 / elapsed,
            Double(now.minY + now.maxY - before.minY - before.maxY) / 2 / elapsed
        )
    }

    /// How far along its scan lines an EAN or UPC may reach beyond its box, before and after.
    /// - zbar decodes an EAN's or UPC-A's two halves on different scan lines and may mark the
    ///   read where those lines finished over one half only: the code may reach as far again
    ///   each way. (A UPC-E, which has no halves, comes as the EAN-13 it stands for.)
    /// - Where the marks are a line across the bars and every scan line ran the same way, they
    ///   lie at one end and the code on their far side, up to twice its bars' height long (a
    ///   product code is 0.7 to 1.6 times as long as its bars are high, truncated ones more).
    static func productReach(of code: DetectedCode, width: Int, height: Int)
        -> (alongRows: Bool, before: Int, after: Int)?
    {
        guard readInHalves.contains(code.symbology), let first = code.ends.first else { return nil }
        let alongRows = abs(QuietZone.direction(of: first).0) >= abs(QuietZone.direction(of: first).1)
        let length = alongRows ? width : height
        let across = alongRows ? height : width
        let halves = UPCE.couldSpell(code.bytes) ? 0 : 24 + length
        guard let afterIsOut = endMarkedOutward(code, width: width, height: height) else {
            return (alongRows, halves, halves)
        }
        let far = max(halves, 24 + 2 * across - length)
        return afterIsOut ? (alongRows, far, halves) : (alongRows, halves, far)
    }

    /// Whether a 1D read's marks lie at one end of its bars, and if so whether the way out of
    /// the code points after them (right or down): the marks are a line across the bars (twice
    /// as long as it is wide) and every scan line that read it ran the same way.
    static func endMarkedOutward(_ code: DetectedCode, width: Int, height: Int) -> Bool? {
        guard let first = code.ends.first else { return nil }
        let alongRows = abs(QuietZone.direction(of: first).0) >= abs(QuietZone.direction(of: first).1)
        let outward = Set(code.ends.map { alongRows ? $0.beyond.x > $0.at.x : $0.beyond.y > $0.at.y })
        guard alongRows ? height >= 2 * width : width >= 2 * height, outward.count == 1 else { return nil }
        return outward.first
    }

    /// `code` read by `look` in `frame` (its appearance kept); `keepingWay`: the way that read it before stays its way (it read it
    /// lately, and a plan's look at the whole region reading it again says nothing of that).
    mutating func saw(
        _ code: DetectedCode, by look: Look, at time: Double, in scene: BlockStatistics, frame: Frame? = nil,
        keepingWay: Bool = false
    ) {
        var track =
            tracks[code.identity]
            ?? Track(
                code: code, pass: look.pass, turn: look.turn, zxingQR: look.zxingQR, foundIn: nil, looks: 0,
                lastSeen: time, lastHeld: time)
        // A read too weak to be evidence (`CodeTracker` passes it over) is no look toward
        // confirmation: the code is looked at again.
        let code = code.vouched(by: track.code)
        if track.lastSeen < time { track.velocity = Self.velocity(of: code, since: track, at: time) }
        if (track.lastSeen < time || track.looks == 0) && Corroboration.seenEnough(code) { track.looks += 1 }
        track.code = code
        if !keepingWay {
            track.pass = look.pass
            track.turn = look.turn
            track.zxingQR = look.zxingQR
        }
        // Only a box that is a mere line, or marks at one end of the bars, need the window it
        // was found in to be looked for.
        let thin =
            code.corners.boundingRect.map { box in
                let width = box.maxX - box.minX
                let height = box.maxY - box.minY
                return min(width, height) < 8 || Self.endMarkedOutward(code, width: width, height: height) != nil
            } ?? true
        track.foundIn = thin ? (look.window ? look.rect : track.foundIn) : nil
        track.lastSeen = time
        track.scene = scene
        track.appearance = frame.flatMap { CodeAppearance(of: code, in: $0) }
        tracks[code.identity] = track
    }

    /// `code` marked as spelt across its bars when it reads a followed code that was, lying
    /// where that code was: then it is that code, whatever this frame's few scan lines show of
    /// its ends, and it is not checked again. nil for any other read.
    func vouched(_ code: DetectedCode) -> DetectedCode? {
        guard let track = tracks[code.identity], track.code.checkedAcross, track.code.liesOver(code) else { return nil }
        return code.vouched(by: track.code)
    }

    /// The code's window has not changed since it was read: it is still in sight.
    mutating func held(_ identity: CodeIdentity, at time: Double) {
        tracks[identity]?.lastHeld = time
    }

    mutating func forget(before time: Double) {
        tracks = tracks.filter { time - max($0.value.lastSeen, $0.value.lastHeld) <= Self.forgetAfter }
    }

    mutating func clear() { tracks = [:] }

    /// Codes held where they were (not read again) that a read of this frame disagrees with
    /// where it lies: another code in the place of one whose bars look much alike (a ticket
    /// after a ticket that differs in a few bars). The held one is not in sight this frame, so
    /// that it does not dispute the read (`CodeTracker`), and is looked at again in the next:
    /// the look tells which one is there.
    mutating func release(_ held: inout [DetectedCode], rivalledBy codes: [DetectedCode]) {
        let rivalled = held.filter { held in codes.contains { $0.disagrees(with: held) } }
        held.removeAll { code in rivalled.contains { $0.identity == code.identity } }
        for code in rivalled { tracks[code.identity]?.scene = nil }
    }

    /// A code no longer where it was (another stands there).
    mutating func drop(_ identity: CodeIdentity) { tracks[identity] = nil }
}
