import FrameCore
import PictureOps

/// Decides which reads are news: a code is announced when it appears, and again only
/// after it was out of sight for `forgetAfter` seconds (as zbarcam's symbol cache does).
/// On a stream a 1D code (EAN, UPC, Code 39...) must first be read identically in
/// `confirmations` frames: zbar misreads some 1D codes once, and they carry at most a check
/// digit. 2D codes carry error correction and are announced at once.
public struct CodeTracker: Sendable {
    public var forgetAfter: Double
    public var confirmations: Int
    private var lastSeen: [CodeIdentity: Double] = [:]
    private var sightings: [CodeIdentity: (count: Int, last: Double)] = [:]

    public init(forgetAfter: Double = 2, confirmations: Int = 1) {
        self.forgetAfter = forgetAfter
        self.confirmations = confirmations
    }

    private mutating func confirmed(_ code: DetectedCode, at time: Double) -> Bool {
        guard confirmations > 1, !code.symbology.isTwoDimensional else { return true }
        let identity = code.identity
        var sighting = sightings[identity] ?? (0, time)
        if time - sighting.last > forgetAfter { sighting.count = 0 }
        if sighting.count == 0 || sighting.last != time { sighting.count += 1 }
        sighting.last = time
        sightings[identity] = sighting
        return sighting.count >= confirmations
    }

    /// Records the codes of one frame taken at `time`; returns those to announce, in the
    /// order found, each identity at most once.
    public mutating func update(with codes: [DetectedCode], at time: Double) -> [DetectedCode] {
        var news = [DetectedCode]()
        for code in codes where confirmed(code, at: time) {
            let identity = code.identity
            let isNews = lastSeen[identity].map { time - $0 > forgetAfter || time < $0 } ?? true
            lastSeen[identity] = time
            if isNews { news.append(code) }
        }
        lastSeen = lastSeen.filter { time - $0.value <= forgetAfter && $0.value <= time }
        sightings = sightings.filter { time - $0.value.last <= forgetAfter }
        return news
    }
}
