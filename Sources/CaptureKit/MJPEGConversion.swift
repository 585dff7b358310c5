import FrameCore
import PictureFiles

/// An MJPEG frame decoded as the camera path decodes it (`MJPEGDecoder`, as `V4L2Camera`
/// does for an MJPEG camera): for the fuzz harness, its tests and the benchmarks' clips.
package enum MJPEGConversion {
    /// The luma of `bytes` as a `width` x `height` frame, or nil when the frame is refused.
    /// `decoder`: one kept for a stream, as the camera keeps one.
    package static func luma(_ bytes: [UInt8], width: Int, height: Int, decoder: MJPEGDecoder? = nil) -> Frame? {
        guard width > 0, height > 0, width <= 4096, height <= 4096, let decoder = decoder ?? MJPEGDecoder() else {
            return nil
        }
        var plane = [UInt8](repeating: 0, count: width * height)
        let decoded = bytes.withUnsafeBytes { source in
            plane.withUnsafeMutableBufferPointer { decoder.decodeGrey(source, width: width, height: height, into: $0) }
        }
        return decoded ? Frame(width: width, height: height, luma: plane) : nil
    }
}
