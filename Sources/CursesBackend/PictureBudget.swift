/// How much of a core the picture in pixels may take: what is left of `total` once the rest of
/// qrtui (the camera, reading, the screen) took its part over the last second, within
/// `least...most`. A still scene or a code followed leaves the picture most of it; a scene that
/// changes whole, its reading near a third of a core, leaves it little, and the picture drops
/// frames rather than take qrtui beyond its share.
struct PictureBudget {
    static let total = 0.38
    /// A scene read at a third of a core still gets a moving picture (about three a second),
    /// and qrtui stays within 40% of a core.
    static let least = 0.03
    static let most = 0.2
    static let window = 1.0

    /// The share of a core the pictures may take now.
    private(set) var share = most
    /// Recent looks: when, the process's CPU seconds, and the pictures' of them.
    private var looks: [(time: Double, process: Double, pictures: Double)] = []
    private var pictures = 0.0
    /// When the last picture was made, and the CPU seconds making it took.
    private var made = (time: -Double.infinity, cost: 0.0)

    /// Whether a picture may be made at `now` (monotonic seconds), the process having used
    /// `process` CPU seconds in all: once the last picture's making fits in the share.
    mutating func allows(now: Double, process: Double) -> Bool {
        looks.append((now, process, pictures))
        while looks.count > 2 && now - looks[1].time >= Self.window { looks.removeFirst() }
        if let first = looks.first, now - first.time >= Self.window / 2 {
            let span = now - first.time
            let others = ((process - first.process) - (pictures - first.pictures)) / span
            share = min(Self.most, max(Self.least, Self.total - others))
        }
        return now >= made.time + made.cost / share
    }

    /// A picture was made at `now`, taking `cost` CPU seconds.
    mutating func spent(_ cost: Double, at now: Double) {
        pictures += cost
        made = (now, cost)
    }
}
