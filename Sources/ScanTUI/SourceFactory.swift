import CaptureKit
import Glibc

/// Which source the options name, opened; the camera when nothing is named, the demo
/// when there is no camera at all.
enum SourceFactory {
    enum Choice: Equatable, Sendable {
        case input(String, loop: Bool)
        case demo(reason: DemoReason)
        case device(String)

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
            case .demo: "demo"
            case .device(let path): path
            }
        }
    }

    enum DemoReason: Equatable, Sendable { case requested, noCamera }

    static func choose(_ options: Options, cameras: [String]) -> Choice {
        if let input = options.input { return .input(input, loop: options.loop) }
        if let device = options.device { return .device(device) }
        if options.demo { return .demo(reason: .requested) }
        if let first = cameras.first { return .device(first) }
        return .demo(reason: .noCamera)
    }

    static func open(_ choice: Choice, camera: @Sendable (String) -> CameraRequest) throws(CaptureError) -> any FrameSource {
        switch choice {
        case let .input(path, loop):
            if loop { return try LoopingSource { () throws(CaptureError) in try InputOpener.open(path: path) } }
            return try InputOpener.open(path: path)
        case .demo:
            return DemoSource()
        case let .device(path):
            return try ReconnectingCamera(camera(path))
        }
    }

    /// The nodes that may be the default camera: capture devices, and those that cannot be
    /// opened at all (so that "permission denied" is reported, not passed over).
    static func defaultCameras() -> [String] {
        cameraNodes().filter { path in (try? CameraCatalog.isCapture(path)) ?? true }
    }

    /// Video device nodes present now, in order (/dev/video0 before /dev/video10).
    static func cameraNodes() -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard glob("/dev/video*", 0, nil, &result) == 0 else { return [] }
        let paths = (0..<Int(result.gl_pathc)).compactMap { result.gl_pathv[$0].map { String(cString: $0) } }
        return paths.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
    }
}
