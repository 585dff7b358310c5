import CaptureKit
import Overlay
import PictureFiles
import ScanOptions
import SystemCalls

/// Which source the options name, opened; the camera when nothing is named, the demo
/// when there is no camera at all.
enum SourceFactory {
    enum Choice: Equatable, Sendable {
        case input(String, loop: Bool)
        case demo(reason: DemoReason)
        case device(String)
        /// The screen or the clipboard, grabbed once and read as a still.
        case desktop(DesktopGrab.Kind)

        /// A file, a pipe or a grab of the desktop: neither a camera nor the demo.
        var isPicture: Bool {
            switch self {
            case .input, .desktop: true
            case .demo, .device: false
            }
        }

        /// Files and pipes lose no frame; live pictures keep only the newest.
        var handOver: FrameChannel.Mode {
            if case .input = self { return .lossless }
            return .latestWins
        }

        var isDevice: Bool {
            if case .device = self { return true }
            return false
        }

        var displayName: String {
            switch self {
            case .input(let path, _): path == "-" ? "stdin" : path
            case .demo(reason: .requested): "demo"
            case .demo(reason: .noCamera): "demo (no camera found)"
            case .device(let path): path
            case .desktop(let kind): DesktopGrab.name(kind)
            }
        }
    }

    enum DemoReason: Equatable, Sendable { case requested, noCamera }

    static let noCameraMessage: TerminalText =
        "no camera found (no video capture device in /dev): name one with --device PATH, read a picture with --input FILE, or try --demo"

    static func choose(_ options: Options, cameras: [String]) -> Choice {
        if let input = options.input { return .input(input, loop: options.loop) }
        if let desktop = options.desktop { return .desktop(desktop) }
        if let device = options.device { return .device(device) }
        if options.demo { return .demo(reason: .requested) }
        if let first = cameras.first { return .device(first) }
        return .demo(reason: .noCamera)
    }

    static func open(
        _ choice: Choice, camera: @Sendable (String) -> CameraRequest,
        limits: PictureLimits = PictureLimits(), link: CameraLink? = nil
    ) throws(CaptureError) -> any FrameSource {
        switch choice {
        case .input(let path, let loop):
            if loop {
                return try LoopingSource { () throws(CaptureError) in try InputOpener.open(path: path, limits: limits) }
            }
            return try InputOpener.open(path: path, limits: limits)
        case .demo:
            return DemoSource(code: DemoCode.picture())
        case .device(let path):
            return try ReconnectingCamera(camera(path), link: link)
        case .desktop(let kind):
            return try DesktopGrab.open(kind, environment: ProcessEnvironment.all, limits: limits)
        }
    }
}
