import CV4L2
import FrameCore
import Glibc

/// What `--list-devices` shows of one device node.
public struct CameraDescription: Sendable {
    public let path: String
    public let card: String
    public let driver: String
    public let bus: String
    public let isCapture: Bool
    /// The camera's own formats (libv4l2's emulated ones left out).
    public let formats: [CameraFormat]
    /// What qrtui would stream from it for the request ("MJPEG 1280x720 at 30 fps").
    public let choice: String?
    public let controls: [CameraControl]
}

/// The cameras this machine has: which device nodes exist, which of them capture video,
/// and what each offers.
public enum CameraCatalog {
    /// Video device nodes present now, in order (/dev/video0 before /dev/video10).
    public static func deviceNodes() -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard glob("/dev/video*", 0, nil, &result) == 0 else { return [] }
        let paths = (0..<Int(result.gl_pathc)).compactMap { result.gl_pathv[$0].map { String(cString: $0) } }
        return paths.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
    }

    /// The nodes that may be the default camera: capture devices, and those that cannot be
    /// opened at all (so that "permission denied" is reported, not passed over).
    public static func defaultCameras() -> [String] {
        deviceNodes().filter { path in (try? isCapture(path)) ?? true }
    }

    /// Whether the node is a video capture device (metadata nodes of the same camera are not).
    public static func isCapture(_ path: String) throws(CaptureError) -> Bool {
        try V4L2Device(path: path).nodeCapabilities() & QRTUI_CAP_VIDEO_CAPTURE != 0
    }

    /// What the device at `path` is, offers, and would stream for `request`.
    public static func describe(_ path: String, request: CameraRequest? = nil) throws(CaptureError)
        -> CameraDescription
    {
        let device = try V4L2Device(path: path)
        let capability = try device.capabilities()
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let isCapture = try device.nodeCapabilities() & QRTUI_CAP_VIDEO_CAPTURE != 0
        let formats = isCapture ? try device.formats().filter { !$0.emulated } : []
        let choice = CameraFormatChoice.choose(from: formats, for: request ?? CameraRequest(path: path)).map {
            CameraFormatChoice.describe(
                fourcc: $0.fourcc, convertedFrom: $0.convertedFrom, width: $0.width, height: $0.height,
                rate: $0.framesPerSecond)
        }
        return CameraDescription(
            path: path, card: text(capability.card), driver: text(capability.driver),
            bus: text(capability.bus_info), isCapture: isCapture, formats: formats, choice: isCapture ? choice : nil,
            controls: isCapture ? device.controls() : [])
    }
}
