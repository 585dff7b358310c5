/// Which MJPEG frames a camera decodes. Entropy decoding is most of a frame's cost (decoding
/// only each block's mean, to see whether a frame changed, measured 2.0 ms against 3.0 ms for
/// the whole of a 1280x720 frame at noise σ 6: looking costs two thirds of decoding), and a
/// still scene gains nothing from every frame: then only some are decoded, and any frame
/// whose compressed size jumps (something new in the picture brings detail, a hand or a
/// code, and changes the size well beyond the sensor noise's wobble) is decoded at once.
/// Headless every third frame of a still scene is decoded; on a screen every other one, so
/// that a change the size does not show (the scene shifted a little) is drawn within a frame.
/// On a screen, of a still scene's frames decoded in turn one is read and the next only drawn
/// (`forScreenOnly`): reading gets every fourth frame, as headless about. A scene where only
/// followed codes move is decoded every other frame: the follower finds a code two frames on
/// as well as one (its window allows for the motion), and a new code's detail still jumps the
/// size. A scene that changes otherwise is decoded frame by frame.
struct DecodePacing {
    /// Frames skipped in a row at most while the scene is still: headless, and on a screen;
    /// and while only followed codes move.
    static let stillSkips = 2
    static let shownSkips = 1
    static let followedSkips = 1
    private var lastDecodedSize = 0
    private var lastSize = 0
    /// How much the size wobbles from frame to frame (a running mean of the differences).
    private var wobble = 0.0
    private var skipped = 0
    /// Frames in a row not read, decoded or not.
    private var unread = 0
    /// The frame last decoded is for a screen alone: reading skips it.
    private(set) var forScreenOnly = false

    /// Whether to decode a frame of `size` bytes now; `shown`: the frames go on a screen.
    mutating func shouldDecode(size: Int, motion: SceneMotion, shown: Bool = false) -> Bool {
        defer { lastSize = size }
        if lastSize > 0 { wobble = wobble * 0.9 + Double(abs(size - lastSize)) * 0.1 }
        let jump = Double(abs(size - lastDecodedSize)) > max(0.01 * Double(lastDecodedSize), 4 * wobble)
        let most =
            switch motion {
            case .changing: 0
            case .followed: Self.followedSkips
            case .still: shown ? Self.shownSkips : Self.stillSkips
            }
        guard jump || skipped >= most || lastDecodedSize == 0 else {
            skipped += 1
            unread += 1
            return false
        }
        forScreenOnly = shown && motion == .still && !jump && lastDecodedSize > 0 && unread <= Self.stillSkips
        unread = forScreenOnly ? unread + 1 : 0
        skipped = 0
        lastDecodedSize = size
        return true
    }
}
