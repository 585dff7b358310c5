/// How much of a core the picture in pixels may take (making it and the terminal's writes): what
/// is left of `total` once the rest of qrtui (the camera, reading) took its part over the last
/// second, within `least...most`. A still scene or a code followed leaves the picture most of
/// it; a scene that changes whole, its reading near a third of a core, leaves it little, and the
/// picture drops frames rather than take qrtui beyond its share.
struct PictureBudget {
    static let total = 0.38
    /// A scene read at a third of a core still gets a moving picture (about three a second),
    /// and qrtui stays within 40% of a core.
    static let least = 0.03
    static let most = 0.2
    static let window = 1.0

    /// The share of a core the pictures may take now.
    private(set) var share = most
    /// Recent looks: when, the process's CPU seconds, and the pictures' of them (their writes too).
    private var looks: [(time: Double, process: Double, pictures: Double)] = []
    private var pictures = 0.0
    /// When the last picture was made, the CPU seconds making it took, and the terminal's
    /// writes' CPU seconds then (what they took since is that picture's too).
    private var made = (time: -Double.infinity, cost: 0.0, writing: 0.0)

    /// Whether a picture may be made at `now` (monotonic seconds), the process having used
    /// `process` CPU seconds in all and the terminal's writes `writing` of them: once the last
    /// picture's making and writing fit in the share.
    mutating func allows(now: Double, process: Double, writing: Double = 0) -> Bool {
        let ours = pictures + writing
        looks.append((now, process, ours))
        while looks.count > 2 && now - looks[1].time >= Self.window { looks.removeFirst() }
        if let first = looks.first, now - first.time >= Self.window / 2 {
            let span = now - first.time
            let others = ((process - first.process) - (ours - first.pictures)) / span
            share = min(Self.most, max(Self.least, Self.total - others))
        }
        let cost = made.cost + max(0, writing - made.writing)
        return now >= made.time + cost / share
    }

    /// A picture was made at `now`, taking `cost` CPU seconds, the terminal's writes having
    /// taken `writing` in all.
    mutating func spent(_ cost: Double, at now: Double, writing: Double = 0) {
        pictures += cost
        made = (now, cost, writing)
    }
}
