import CaptureKit
import Foundation
import FrameCore
import Glibc
import PictureFiles

/// Whole files as `--input` opens them: recognition by the first bytes, the header's size
/// check, then the still decoders or the Y4M header and its frames (at most a few).
enum InputHarness {
    /// One scratch file per process, rewritten for every input.
    nonisolated(unsafe) static var scratch: String = {
        NSTemporaryDirectory() + "qrtui-fuzz-input-\(getpid())"
    }()
    static let maxFrames = 4

    static func run(_ bytes: [UInt8]) {
        let path = scratch
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { fatalError("cannot write \(path)") }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard let source = try? InputOpener.open(path: path, limits: PictureLimits(maxPixels: 4_000_000)) else {
            return
        }
        for _ in 0..<maxFrames {
            guard let frame = try? source.nextFrame() else { return }
            if frame.luma.count < frame.width * frame.height { fatalError("input harness: short frame") }
        }
    }
}
