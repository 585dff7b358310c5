import CaptureKit
import PictureFiles
import ScanOptions
import SystemCalls

/// Which source the options name, opened; the camera when nothing is named, the demo
/// when there is no camera at all.
package enum SourceFactory {
    package enum Choice: Equatable, Sendable {
        case input(String, loop: Bool)
        case demo(reason: DemoReason)
        case device(String)
        /// The screen or the clipboard, grabbed once and read as a still.
        case desktop(DesktopGrab.Kind)

        /// A file, a pipe or a grab of the desktop: neither a camera nor the demo.
        package var isPicture: Bool {
            switch self {
            case .input, .desktop: true
            case .demo, .device: false
            }
        }

        /// Files and pipes lose no frame; live pictures keep only the newest.
        package var handOver: HandOverMode {
            if case .input = self { return .lossless }
            return .latestWins
        }

        /// The demo shown for want of a camera: its made-up code is never printed, and the run
        /// fails with `noCameraMessage`, on the screen and headless alike.
        package var standsInForACamera: Bool { self == .demo(reason: .noCamera) }

        package var isDevice: Bool {
            if case .device = self { return true }
            return false
        }

        package var displayName: String {
            switch self {
            case .input(let path, _): path == "-" ? "stdin" : path
            case .demo(reason: .requested): "demo"
            case .demo(reason: .noCamera): "demo (no camera found)"
            case .device(let path): path
            case .desktop(let kind): DesktopGrab.name(kind)
            }
        }
    }

    package enum DemoReason: Equatable, Sendable { case requested, noCamera }

    /// Why a run for want of a camera ends (said by either front end, as it says anything).
    package static let noCameraMessage =
        "no camera found (no video capture device in /dev): name one with --device PATH, read a picture with --input FILE, or try --demo"

    package static func choose(_ options: Options, cameras: [String]) -> Choice {
        if let input = options.input { return .input(input, loop: options.loop) }
        if let desktop = options.desktop { return .desktop(desktop) }
        if let device = options.device { return .device(device) }
        if options.demo { return .demo(reason: .requested) }
        if let first = cameras.first { return .device(first) }
        return .demo(reason: .noCamera)
    }

    package static func open(
        _ choice: Choice, camera: @Sendable (String) -> CameraRequest,
        limits: PictureLimits = PictureLimits(), link: CameraLink? = nil, environment: [String: String] = [:],
        deadline: Double = .infinity
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
            return try DesktopGrab.open(kind, environment: environment, limits: limits, deadline: deadline)
        }
    }
}
