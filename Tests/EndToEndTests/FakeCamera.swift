import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import PictureFiles

/// The environment that puts the fake V4L2 camera (libFakeV4L2.so, built by the package)
/// in front of qrtui, and what it logged.
struct FakeCamera {
    let directory = TemporaryDirectory("camera")
    var devices: String
    var payload: String? = "https://example.org/camera"
    var settings: [String: String] = [:]

    init(
        _ devices: String = "/dev/video0:yuyv", payload: String? = "https://example.org/camera",
        settings: [String: String] = [:]
    ) {
        self.devices = devices
        self.payload = payload
        self.settings = settings
    }

    static var library: String { QRTUIProcess.productsDirectory + "/libFakeV4L2.so" }
    var logPath: String { directory.path + "/fake.log" }

    /// The picture every fake device shows: a crisp code on a 640x480 scene (or none).
    var environment: [String: String] {
        let picture =
            payload.map { CodeFixtures.qrScene($0, width: 640, height: 480, moduleSize: 5) }
            ?? Frame.filled(width: 640, height: 480, value: 150)
        let image = directory.write("picture.pgm", NetpbmCodec.encode(picture))
        var result = [
            "LD_PRELOAD": Self.library, "QRTUI_FAKE_DEVICES": devices, "QRTUI_FAKE_IMAGE": image,
            "QRTUI_FAKE_LOG": logPath,
        ]
        for (key, value) in settings { result[key] = value }
        return result
    }

    /// The same as a prefix for a shell command line.
    var shellPrefix: String {
        "env " + environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
    }

    var log: [String] {
        (try? String(contentsOfFile: logPath, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }
}
