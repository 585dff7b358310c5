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
    }

    /// Codes whose halves zbar decodes apart (their guards in the middle).
    static let readInHalves: Set<Symbology> = [.ean13, .upca, .ean8, .isbn10, .isbn13]

    /// A code not seen for this long is forgotten (seconds).
    static let forgetAfter = 1.0
    private(set) var tracks: [CodeIdentity: Track] = [:]

    /// Where to look for a code in the next frame: its box grown by a quarter and 24 pixels
    /// each side (more than a hand-held code moves in a frame), by its whole length along an
    /// EAN's scan lines, and the window it was found in, within `area`.
    static func window(around track: Track, in area: PixelRect) -> PixelRect? {
        guard let box = track.code.corners.boundingRect else { return nil }
        let width = box.maxX - box.minX, height = box.maxY - box.minY
        var marginX = 24 + width / 4, marginY = 24 + height / 4
        // zbar decodes an EAN's or UPC-A's two halves on different scan lines and may mark the
        // read where those lines finished over one half only: along the scan lines, the window
        // reaches as far again. (Other 1D codes are read whole on one line: their marks span
        // them; a UPC-E, which has no halves, comes as the EAN-13 it stands for.)
        if Self.readInHalves.contains(track.code.symbology), !UPCE.couldSpell(track.code.bytes),
           let end = track.code.ends.first {
            let along = QuietZone.direction(of: end)
            if abs(along.0) >= abs(along.1) { marginX = 24 + width } else { marginY = 24 + height }
        }
        var window = PixelRect(x: box.minX - marginX, y: box.minY - marginY, width: width + 2 * marginX,
                               height: height + 2 * marginY)
        if let found = track.foundIn {
            let x0 = min(window.x, found.x), y0 = min(window.y, found.y)
            window = PixelRect(x: x0, y: y0, width: max(window.maxX, found.maxX) - x0, height: max(window.maxY, found.maxY) - y0)
        }
        window = window.clamped(to: area)
        return window.isEmpty ? nil : window
    }

    mutating func saw(_ code: DetectedCode, by job: Job, at time: Double, in scene: BlockStatistics) {
        var track = tracks[code.identity]
            ?? Track(code: code, pass: job.pass, turn: job.turn, foundIn: nil, looks: 0, lastSeen: time, lastHeld: time)
        // A read too weak to be evidence (`CodeTracker` passes it over) is no look toward
        // confirmation: the code is looked at again.
        let code = code.vouched(by: track.code)
        if (track.lastSeen < time || track.looks == 0) && Corroboration.seenEnough(code) { track.looks += 1 }
        track.code = code
        track.pass = job.pass
        track.turn = job.turn
        // Only a box that is a mere line needs the window it was found in to be looked for.
        let thin = code.corners.boundingRect.map { min($0.maxX - $0.minX, $0.maxY - $0.minY) < 8 } ?? true
        track.foundIn = thin ? (job.window ? job.rect : track.foundIn) : nil
        track.lastSeen = time
        track.scene = scene
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
}
