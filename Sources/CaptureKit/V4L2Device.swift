import CV4L2
import FrameCore
import Glibc
import SystemCalls

/// A V4L2 device opened through libv4l2, with the ioctls qrtui uses as throwing calls that
/// carry the operation name and errno (EINTR retried in one place).
final class V4L2Device {
    let path: String
    let fd: Int32

    /// libv4l2 writes its errors to stderr, which garbles the screen: send them nowhere.
    private static let silenced: Bool = {
        qrtui_v4l2_set_log_file(fopen("/dev/null", "w"))
        return true
    }()

    init(path: String) throws(CaptureError) {
        _ = Self.silenced
        self.path = path
        do {
            fd = try ArgumentBytes.withSystemPath(path) { bytes throws(Errno) in
                try Syscall.checked { qrtui_v4l2_open(bytes, O_RDWR | O_NONBLOCK | O_CLOEXEC) }
            }
        } catch {
            throw .system(operation: "open", path: path, errno: error)
        }
    }

    deinit { v4l2_close(fd) }

    func control<T>(_ request: UInt, _ name: String, _ argument: inout T) throws(CaptureError) {
        let status = withUnsafeMutablePointer(to: &argument) { pointer in
            Syscall.retryingEINTR { qrtui_v4l2_ioctl(fd, request, pointer) }
        }
        if status < 0 { throw .system(operation: name, path: path, errno: .current) }
    }

    /// Like `control`, but "not supported" or "no more entries" (EINVAL, ENOTTY) is nil.
    func query<T>(_ request: UInt, _ name: String, _ argument: T) throws(CaptureError) -> T? {
        var value = argument
        do {
            try control(request, name, &value)
            return value
        } catch {
            if error.errno == .invalidArgument || error.errno == .notATerminal { return nil }
            throw error
        }
    }

    func capabilities() throws(CaptureError) -> v4l2_capability {
        var capability = v4l2_capability()
        try control(QRTUI_VIDIOC_QUERYCAP, "VIDIOC_QUERYCAP", &capability)
        return capability
    }

    /// The capabilities of this node (not of the whole physical device).
    func nodeCapabilities() throws(CaptureError) -> UInt32 {
        let capability = try capabilities()
        return capability.capabilities & QRTUI_CAP_DEVICE_CAPS != 0 ? capability.device_caps : capability.capabilities
    }

    /// Picture formats, sizes and frame rates the camera itself offers.
    func formats() throws(CaptureError) -> [CameraFormat] {
        var result = [CameraFormat]()
        for index in 0..<64 {
            var description = v4l2_fmtdesc()
            description.index = UInt32(index)
            description.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            guard let found = try query(QRTUI_VIDIOC_ENUM_FMT, "VIDIOC_ENUM_FMT", description) else { break }
            let name = withUnsafeBytes(of: found.description) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            result.append(
                CameraFormat(
                    fourcc: found.pixelformat, name: name,
                    emulated: found.flags & QRTUI_FMT_FLAG_EMULATED != 0,
                    sizes: try sizes(of: found.pixelformat)))
        }
        return result
    }

    private func sizes(of fourcc: UInt32) throws(CaptureError) -> [CameraSize] {
        var result = [CameraSize]()
        for index in 0..<64 {
            var size = v4l2_frmsizeenum()
            size.index = UInt32(index)
            size.pixel_format = fourcc
            guard let found = try query(QRTUI_VIDIOC_ENUM_FRAMESIZES, "VIDIOC_ENUM_FRAMESIZES", size) else { break }
            if found.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
                let width = Int(found.discrete.width)
                let height = Int(found.discrete.height)
                result.append(CameraSize(width: width, height: height, rates: try rates(of: fourcc, width, height)))
            } else {
                // Stepwise or continuous: offer the common sizes that fit its range.
                let range = found.stepwise
                for (width, height) in [(640, 480), (1280, 720), (1920, 1080)]
                where width >= range.min_width && width <= range.max_width && height >= range.min_height
                    && height <= range.max_height
                {
                    result.append(CameraSize(width: width, height: height, rates: try rates(of: fourcc, width, height)))
                }
                break
            }
        }
        return result
    }

    private func rates(of fourcc: UInt32, _ width: Int, _ height: Int) throws(CaptureError) -> [Double] {
        var result = [Double]()
        for index in 0..<32 {
            var interval = v4l2_frmivalenum()
            interval.index = UInt32(index)
            interval.pixel_format = fourcc
            interval.width = UInt32(width)
            interval.height = UInt32(height)
            guard let found = try query(QRTUI_VIDIOC_ENUM_FRAMEINTERVALS, "VIDIOC_ENUM_FRAMEINTERVALS", interval) else {
                break
            }
            let fraction = found.type == V4L2_FRMIVAL_TYPE_DISCRETE.rawValue ? found.discrete : found.stepwise.min
            if fraction.numerator > 0 { result.append(Double(fraction.denominator) / Double(fraction.numerator)) }
            if found.type != V4L2_FRMIVAL_TYPE_DISCRETE.rawValue { break }
        }
        return result
    }
}

/// A picture format a camera offers.
public struct CameraFormat: Equatable, Sendable {
    public let fourcc: UInt32
    public let name: String
    /// Made by libv4l2's conversion rather than by the camera.
    public let emulated: Bool
    public let sizes: [CameraSize]

    public var code: String { FourCC.string(fourcc) }
}

public struct CameraSize: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let rates: [Double]

    public var fastest: Double { rates.max() ?? 0 }
}

public enum FourCC {
    public static func string(_ value: UInt32) -> String {
        String(decoding: (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }, as: UTF8.self)
            .trimmingSuffixSpaces()
    }
}

extension String {
    func trimmingSuffixSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
