import CaptureKit
import Overlay
import SystemCalls

/// What to do about a failure: shown in the status line and after the message on stderr.
enum FailureHint {
    static func `for`(_ error: CaptureError, device: Bool) -> String? {
        guard device else { return error.errno == .permissionDenied ? "check the file's permissions" : nil }
        switch error.errno {
        case .permissionDenied?: return "join the video group: sudo usermod -aG video $USER, then log in again"
        case .busy?: return "close it and try again; fuser /dev/video* names it"
        case .noSuchFile?: return "no such device; qrtui --list-devices shows the cameras"
        case .noSuchDevice?: return "the camera was unplugged; plug it in again"
        // A file or a node that answers no camera's questions (VIDIOC_QUERYCAP: ENOTTY).
        case .notATerminal?, .isADirectory?: return "not a camera: read pictures with -i"
        default: return nil
        }
    }

    /// The message with its hint, for stderr.
    static func message(_ error: CaptureError, device: Bool) -> TerminalText {
        guard let hint = self.for(error, device: device) else { return "\(error.description)" }
        return "\(error.description) (\(hint))"
    }
}
