import CaptureKit
import CodeReading
import FrameCore
import Overlay

/// The source chosen, as the screen names it: fixed for the session.
struct SourceFacts {
    let name: String
    let isDemo: Bool
    /// A file or pipe rather than a camera or the demo.
    let isInput: Bool
    /// The demo shows because no camera was found.
    let demoForWantOfCamera: Bool
    /// The `-S` symbologies by name, for the status line (nil: all of them).
    let looksFor: [String]?
    /// A camera (`--device`, or the first found): its controls can be turned.
    var isCamera: Bool { !isDemo && !isInput }
}

/// What the terminal can show, and its size.
struct TerminalFacts: Equatable {
    var unicode = true
    var colour = true
    var greys = false
    var columns = 80
    var rows = 24
    var cellAspect = 0.5
    /// What the terminal said it draws besides characters (nil: not asked).
    var pictures: String?
    /// Why the picture cannot be drawn in the terminal's pixels (nil: it can).
    var noPictures: String? = "the terminal shows no pictures"
    /// The backend could not draw the picture at this size (too small, too slow a link): the
    /// picture is tried again at another size.
    var refusedAt: CellRect?
    /// The picture was shown in pixels when the backend refused it.
    var refusedWhileShown = false
}

/// How the picture is shown: `g` changes the glyphs (and then to the picture in pixels, where
/// the terminal draws one), `m` mirrors it.
struct ViewChoices {
    var glyphs: GlyphSet
    var mirrored = false
    var inPixels = false
}

/// What a code's secrets show: `r` a Wi-Fi password; `t` a two-factor account's code, as of a
/// time (wall-clock seconds; nil: hidden).
struct SecretsShown {
    var revealed = false
    var codeShownAt: Double?
}

/// A key whose second press soon does more (monotonic seconds until it lapses).
enum ArmedKey {
    /// `o` opens a warned link, `w` joins a network.
    case open(CodeIdentity, until: Double)
    /// `c` copies the next field of the code.
    case nextField(CodeIdentity, index: Int, until: Double)
}

/// The field a copy was of, for the clipboard's report: its name and the next one's.
typealias CopiedField = (name: String, next: String?)

/// What the source has given so far.
struct SourcePictures {
    var frame: Frame?
    /// The frame as shown when mirrored (`m`); the frame as taken is what is read.
    var mirroredFrame: Frame?
    /// What kind of picture is shown (`sourceOpened`): a still (an image file) is read once
    /// per scan area.
    var kind = SourceKind.live
    var framesReceived = 0
    /// When frames came and their place in the source's sequence (a camera that skips decoding
    /// frames of a still scene still delivers them: the rate counts the sequence).
    var frameTimes: [(time: Double, sequence: Int)] = []
    var inputEnded = false
    /// What the camera streams ("MJPEG 1280x720 at 30 fps"), once it said.
    var stream: String?
    var corruptFrames = 0
}

/// How the screen ended, when it did otherwise than by `q`.
struct ScreenEnding {
    var failure: CaptureError?
    /// The signal that closed the screen: qrtui then prints nothing and dies of it.
    var stoppedBySignal: Int32?
    /// `--timeout` closed the screen.
    var timedOut = false
}

/// The time as the events brought it: monotonic seconds for what expires, wall-clock seconds
/// for two-factor codes and the history's times (keys carry none: the last event's).
struct EventClock {
    var monotonic = 0.0
    var wall = 0.0
}
