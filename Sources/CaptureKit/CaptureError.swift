import FrameCore
import PictureFiles
import SystemCalls

/// Everything that can go wrong between a frame source and the scanner, as values that
/// carry what was being done, to what, and the `Errno` (swift-system style).
public enum CaptureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call failed: `operation` is e.g. "open" or "VIDIOC_DQBUF".
    case system(operation: String, path: String, errno: Errno)
    /// The input is damaged or not what its header says.
    case malformed(path: String, detail: String)
    /// A well-formed input that qrtui cannot use (e.g. a 10-bit Y4M stream).
    case unsupported(path: String, detail: String)
    /// A picture (a still, or a video's frame size) that could not be read.
    case picture(PictureError)
    /// The input holds no data at all.
    case empty(path: String)
    /// Something that is not a regular file, pipe or device (a directory, a socket...).
    case notAFile(path: String, kind: String)
    /// The memory qrtui may use (`ulimit -v`) cannot hold what `need` names.
    case outOfMemory(need: String, errno: Errno)
    /// The screen or the clipboard could not be had (no session, no tool, nothing there).
    case desktop(String)
    /// The camera's driver broke the stream (a buffer it never gave): it is opened again.
    case driverFault(path: String, detail: String)

    /// The camera went away or broke its stream: a `ReconnectingCamera` opens it again.
    public var needsReopening: Bool {
        if case .driverFault = self { return true }
        return errno == .noSuchDevice
    }

    /// A frame's size checked as a picture's is (`PictureLimits.check`).
    public static func checkSize(
        _ width: Int, _ height: Int, path: String,
        limits: PictureLimits = PictureLimits()
    ) throws(CaptureError) {
        do throws(PictureError) {
            try limits.check(width, height, path: path)
        } catch {
            throw .picture(error)
        }
    }

    /// The system's error, when a system call failed.
    public var errno: Errno? {
        switch self {
        case .system(_, _, let code), .outOfMemory(_, let code): code
        case .picture(let error): error.errno
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .system(let operation, let path, let code) where operation == "open":
            return "cannot open \(path): \(code.message)"
        case .system(_, let path, let code) where code == .busy:
            return "\(path) is busy: another program is using it"
        case .system(_, let path, let code) where code == .noSuchDevice:
            return "\(path): the camera was unplugged"
        case .system(let operation, let path, let code):
            return "\(path): \(operation) failed: \(code.message)"
        case .malformed(let path, let detail):
            return "\(path): \(detail)"
        case .unsupported(let path, let detail):
            return "\(path): unsupported: \(detail)"
        case .picture(let error):
            return error.description
        case .empty(let path):
            return "\(path): empty input (expected a \(PictureFormats.names) image or a Y4M stream)"
        case .outOfMemory(let need, let code):
            return "cannot make room for \(need) (\(code.message)): too little memory allowed (ulimit -v?)"
        case .notAFile(let path, let kind):
            return "\(path): is a \(kind), not an image or video file"
        case .desktop(let detail):
            return detail
        case .driverFault(let path, let detail):
            return "\(path): \(detail): the stream is opened again"
        }
    }
}

extension PictureError {
    /// A reader's failure (a file's read), as a picture decoder reports it.
    init(reading error: CaptureError) {
        switch error {
        case .system(let operation, let path, let code):
            self = .unreadable(path: path, operation: operation, errno: code)
        case .malformed(let path, let detail): self = .malformed(path: path, detail: detail)
        case .picture(let error): self = error
        default: self = .malformed(path: "", detail: error.description)
        }
    }
}
