import FrameCore
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
    /// A picture larger than qrtui accepts (protects memory from hostile headers).
    case tooLarge(path: String, width: Int, height: Int)
    /// The input holds no data at all.
    case empty(path: String)
    /// Something that is not a regular file, pipe or device (a directory, a socket...).
    case notAFile(path: String, kind: String)

    /// Largest accepted picture side and area.
    public static let maxSide = 16384
    public static let maxPixels = 16384 * 16384 / 4

    public static func checkSize(_ width: Int, _ height: Int, path: String) throws(CaptureError) {
        guard width > 0, height > 0 else {
            throw .malformed(path: path, detail: "invalid size \(width)x\(height)")
        }
        guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw .tooLarge(path: path, width: width, height: height)
        }
    }

    /// The system's error, when a system call failed.
    public var errno: Errno? {
        if case .system(_, _, let code) = self { return code }
        return nil
    }

    public var description: String {
        switch self {
        case let .system(operation, path, code) where operation == "open":
            return "cannot open \(path): \(code.message)"
        case let .system(_, path, code) where code == .busy:
            return "\(path) is busy: another program is using it"
        case let .system(_, path, code) where code == .noSuchDevice:
            return "\(path): the camera was unplugged"
        case let .system(operation, path, code):
            return "\(path): \(operation) failed: \(code.message)"
        case let .malformed(path, detail):
            return "\(path): \(detail)"
        case let .unsupported(path, detail):
            return "\(path): unsupported: \(detail)"
        case let .tooLarge(path, width, height):
            return "\(path): picture size \(width)x\(height) exceeds the limit of "
                + "\(Self.maxSide)x\(Self.maxSide) and \(Self.maxPixels / 1_000_000) megapixels"
        case let .empty(path):
            return "\(path): empty input (expected a PNG, JPEG, PGM/PPM image or a Y4M stream)"
        case let .notAFile(path, kind):
            return "\(path): is a \(kind), not an image or video file"
        }
    }
}
