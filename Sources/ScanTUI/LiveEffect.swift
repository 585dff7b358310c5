import CaptureKit
import CodeReading
import FrameCore
import ScanPipeline

/// What the shell around the loop must do (bubbletea's commands): the logic stays testable.
enum LiveEffect: Equatable, Sendable {
    /// Read a frame's scan area on the reading thread.
    case scan(ScanJob)
    case copy([UInt8])
    case bell
    /// Hand a link (or place, address, number) to the desktop's opener.
    case open(String)
    /// Ask NetworkManager to join a network (ssid, password, hidden).
    case join(ssid: String, password: String?, hidden: Bool)
    /// A code was announced: `--history` records it.
    case record(DetectedCode, frame: Int, source: String)
    /// A code was announced: `--exec` runs for it.
    case exec(DetectedCode, source: String)
    /// Turn a camera control (on the capture thread; the outcome comes back as a notice).
    case camera(ControlChange)
    /// The screen shows something new: render the scene and draw it.
    case draw
    case quit
}
