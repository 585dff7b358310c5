/// Decides which reads are news: a code is announced when it appears, and again only
/// after it was out of sight for `forgetAfter` seconds (as zbarcam's symbol cache does).
public struct CodeTracker: Sendable {
    public var forgetAfter: Double
    private var lastSeen: [CodeIdentity: Double] = [:]

    public init(forgetAfter: Double = 2) {
        self.forgetAfter = forgetAfter
    }

    /// Records the codes of one frame taken at `time`; returns those to announce, in the
    /// order found, each identity at most once.
    public mutating func update(with codes: [DetectedCode], at time: Double) -> [DetectedCode] {
        var news = [DetectedCode]()
        for code in codes {
            let identity = code.identity
            let isNews = lastSeen[identity].map { time - $0 > forgetAfter || time < $0 } ?? true
            lastSeen[identity] = time
            if isNews { news.append(code) }
        }
        lastSeen = lastSeen.filter { time - $0.value <= forgetAfter && $0.value <= time }
        return news
    }
}
