import FrameCore
import Synchronization

/// What the rest of qrtui tells a streaming camera from other threads: control changes the
/// keys asked for (applied on the capture thread between frames), whether its pictures go on a
/// screen, and what reading has seen of the scene. How the camera decodes stays its own
/// choice (`DecodePacing`).
public final class CameraLink: Sendable {
    private let changes = Mutex<[ControlChange]>([])
    /// The frames go on a screen: of a still scene's frames no two in a row are left undecoded
    /// (`DecodePacing`), so a change is drawn within a frame. Headless, a still frame only
    /// matters to reading, and pacing skips more.
    let picturesShown: Bool
    public let stillness = SceneStillness()
    /// The sequence number of the last frame decoded for the screen alone (`DecodePacing`).
    private let screenOnly = Atomic<Int>(-1)

    public init(picturesShown: Bool = false) { self.picturesShown = picturesShown }

    /// Whether `frame` was decoded for the screen alone: a still scene's frame that headless
    /// pacing would have skipped, not to be read.
    public func isForScreenOnly(_ frame: Frame) -> Bool { screenOnly.load(ordering: .relaxed) == frame.sequence }

    func decoded(sequence: Int, forScreenOnly: Bool) {
        if forScreenOnly { screenOnly.store(sequence, ordering: .relaxed) }
    }

    /// Asks for `change`; its outcome comes back as a `.control` notice.
    public func ask(_ change: ControlChange) { changes.withLock { $0.append(change) } }

    func takeChanges() -> [ControlChange] {
        changes.withLock { pending in
            defer { pending = [] }
            return pending
        }
    }
}

/// Reading's account of the scene: how many frames in a row it found unchanged beyond noise,
/// and how many in a row in which nothing changed but where codes it follows moved.
public final class SceneStillness: Sendable {
    private let stillFrames = Atomic<Int>(0)
    private let followedFrames = Atomic<Int>(0)

    public init() {}

    /// The reader's verdict on the frame it read: nothing changed beyond noise (`still`), only
    /// codes it follows moved (`followed`), or something else changed (neither).
    public func sceneWas(still: Bool, followed: Bool = false) {
        if still { stillFrames.add(1, ordering: .relaxed) } else { stillFrames.store(0, ordering: .relaxed) }
        if still || followed {
            followedFrames.add(1, ordering: .relaxed)
        } else {
            followedFrames.store(0, ordering: .relaxed)
        }
    }

    /// A third of a second of such frames makes a scene still, or followed.
    public var motion: SceneMotion {
        if stillFrames.load(ordering: .relaxed) >= 10 { return .still }
        return followedFrames.load(ordering: .relaxed) >= 10 ? .followed : .changing
    }
}

/// How a scene moves, as reading saw it lately.
public enum SceneMotion: Sendable {
    case changing
    /// Only codes being followed move: the reader finds them near where they were.
    case followed
    case still
}
