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
    /// A picture larger than qrtui accepts (protects memory from hostile headers): refused
    /// from its header, before anything is allocated for it.
    case tooLarge(path: String, width: Int, height: Int, limit: Int)
    /// The input holds no data at all.
    case empty(path: String)
    /// Something that is not a regular file, pipe or device (a directory, a socket...).
    case notAFile(path: String, kind: String)
    /// The memory qrtui may use (`ulimit -v`) cannot hold what `need` names.
    case outOfMemory(need: String, errno: Errno)

    public static func checkSize(_ width: Int, _ height: Int, path: String,
                                 limits: PictureLimits = PictureLimits()) throws(CaptureError) {
        guard width > 0, height > 0 else {
            throw .malformed(path: path, detail: "invalid size \(width)x\(height)")
        }
        guard width <= PictureLimits.maxSide, height <= PictureLimits.maxSide, width * height <= limits.maxPixels else {
            throw .tooLarge(path: path, width: width, height: height, limit: limits.maxPixels)
        }
        // What decoding and reading it may take at once (about three bytes a pixel, and room).
        let need = 3 * width * height + (16 << 20)
        do throws(Errno) {
            try AddressSpace.ensureRoom(for: need)
        } catch {
            throw .outOfMemory(need: "a picture of \(width)x\(height) (\(need >> 20) MB)", errno: error)
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
        case let .tooLarge(path, width, height, limit):
            let product = width.multipliedReportingOverflow(by: height)
            let pixels = PictureLimits.describe(product.overflow ? Int.max : product.partialValue)
            return "\(path): a picture of \(width)x\(height) (\(pixels)) is over the limit of "
                + "\(PictureLimits.describe(limit)) and \(PictureLimits.maxSide) pixels a side (--max-pixels)"
        case let .empty(path):
            return "\(path): empty input (expected a PNG, JPEG, PGM/PPM image or a Y4M stream)"
        case let .outOfMemory(need, code):
            return "cannot make room for \(need) (\(code.message)): too little memory allowed (ulimit -v?)"
        case let .notAFile(path, kind):
            return "\(path): is a \(kind), not an image or video file"
        }
    }
}

/// How large a picture qrtui accepts (`--max-pixels`): a header that declares more is
/// refused before its pixels are read or room is made for them.
public struct PictureLimits: Sendable, Equatable {
    public var maxPixels: Int
    public static let maxSide = 65_535
    public static let defaultMaxPixels = 100_000_000

    public init(maxPixels: Int = PictureLimits.defaultMaxPixels) { self.maxPixels = maxPixels }

    /// The most bytes a compressed picture of `pixels` pixels is let take (compression
    /// seldom makes a picture larger; room for metadata besides).
    func fileBytes(for pixels: Int) -> Int { 32 << 20 + 4 * pixels }

    /// "100 megapixels", "2.5 megapixels" or "5000 pixels".
    static func describe(_ pixels: Int) -> String {
        guard pixels >= 1_000_000 else { return "\(pixels) pixels" }
        let tenths = (pixels + 50_000) / 100_000
        return tenths % 10 == 0 ? "\(tenths / 10) megapixels" : "\(tenths / 10).\(tenths % 10) megapixels"
    }
}
