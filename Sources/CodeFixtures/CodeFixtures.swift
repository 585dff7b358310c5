import Foundation
import FrameCore
import PictureOps

/// Generated pictures of codes for tests and the benchmark: every fixture is made here
/// with libqrencode, never copied from elsewhere.
public enum CodeFixtures {
    /// A scene of `width` x `height` with a QR code of `payload` at its centre (offset by
    /// `dx`, `dy`), `moduleSize` pixels per module, scaled and rotated, with optional noise.
    public static func qrScene(
        _ payload: [UInt8], width: Int = 640, height: Int = 480, moduleSize: Int = 4,
        degrees: Double = 0, scale: Double = 1, dx: Double = 0, dy: Double = 0,
        background: UInt8 = 190, noise: Int = 0, level: QRMatrix.Level = .medium
    ) -> Frame {
        guard let matrix = QRMatrix(bytes: payload, level: level) else {
            preconditionFailure("payload of \(payload.count) bytes does not fit a QR code")
        }
        let code = matrix.render(moduleSize: moduleSize, quietZone: 4, dark: 20, light: 235)
        let scene = Frame.filled(width: width, height: height, value: background)
            .drawing(
                code, centreX: Double(width) / 2 + dx, centreY: Double(height) / 2 + dy,
                scale: scale, degrees: degrees)
        return noise > 0 ? scene.withNoise(amplitude: noise, seed: UInt64(payload.count) &* 31 &+ 7) : scene
    }

    public static func qrScene(
        _ text: String, width: Int = 640, height: Int = 480, moduleSize: Int = 4,
        degrees: Double = 0, scale: Double = 1, dx: Double = 0, dy: Double = 0,
        noise: Int = 0
    ) -> Frame {
        qrScene(
            Array(text.utf8), width: width, height: height, moduleSize: moduleSize,
            degrees: degrees, scale: scale, dx: dx, dy: dy, noise: noise)
    }
}

/// A directory under /tmp removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {  // immutable after init
    public let path: String

    public init(_ label: String = "qrtui") {
        let template = FileManager.default.temporaryDirectory.path + "/\(label)-XXXXXX"
        var bytes = Array(template.utf8CString)
        path = bytes.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` to `name` inside the directory; returns the full path.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) -> String {
        let file = path + "/" + name
        _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
        return file
    }
}
