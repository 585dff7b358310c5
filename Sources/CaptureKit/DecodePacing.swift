/// Which MJPEG frames a camera decodes. Entropy decoding is most of a frame's cost, and a
/// still scene gains nothing from every frame: then only every third frame is decoded, and
/// any frame whose compressed size jumps (something new in the picture brings detail, a hand
/// or a code, and changes the size well beyond the sensor noise's wobble) is decoded at
/// once. A scene that changes is decoded frame by frame. Only headless: a screen shows every
/// frame (`CameraLink.picturesShown`).
struct DecodePacing {
    /// Frames skipped in a row at most while the scene is still.
    static let stillSkips = 2
    private var lastDecodedSize = 0
    private var lastSize = 0
    /// How much the size wobbles from frame to frame (a running mean of the differences).
    private var wobble = 0.0
    private var skipped = 0

    /// Whether to decode a frame of `size` bytes now.
    mutating func shouldDecode(size: Int, sceneIsStill: Bool) -> Bool {
        defer { lastSize = size }
        if lastSize > 0 { wobble = wobble * 0.9 + Double(abs(size - lastSize)) * 0.1 }
        let jump = Double(abs(size - lastDecodedSize)) > max(0.01 * Double(lastDecodedSize), 4 * wobble)
        guard !sceneIsStill || jump || skipped >= Self.stillSkips || lastDecodedSize == 0 else {
            skipped += 1
            return false
        }
        skipped = 0
        lastDecodedSize = size
        return true
    }
}
