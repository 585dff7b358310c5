import CV4L2
import FrameCore
import Glibc

/// An MJPEG frame decoded as an MJPEG-only camera's frames are: by libv4lconvert (which
/// libv4l2 uses for them) into YUV 4:2:0, whose luma plane is the frame. The camera path
/// reaches it through libv4l2; this calls it directly, for the fuzz harness and its tests.
package enum MJPEGConversion {
    /// The luma of `bytes` as a `width` x `height` frame, or nil when libv4lconvert refuses it.
    package static func luma(_ bytes: [UInt8], width: Int, height: Int) -> Frame? {
        guard width > 0, height > 0, width <= 4096, height <= 4096, !bytes.isEmpty else { return nil }
        guard let converter = qrtui_v4lconvert_create_detached() else { return nil }
        defer { v4lconvert_destroy(converter) }
        var source = format(QRTUI_PIX_FMT_MJPEG, width: width, height: height, size: bytes.count)
        var target = format(QRTUI_PIX_FMT_YUV420, width: width, height: height, size: width * height * 3 / 2)
        var input = bytes
        var output = [UInt8](repeating: 0, count: width * height * 3 / 2 + 64)
        let written = input.withUnsafeMutableBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                v4lconvert_convert(
                    converter, &source, &target, src.baseAddress, Int32(src.count), dst.baseAddress, Int32(dst.count))
            }
        }
        guard written >= width * height else { return nil }
        return Frame(width: width, height: height, luma: Array(output.prefix(width * height)))
    }

    private static func format(_ fourcc: UInt32, width: Int, height: Int, size: Int) -> v4l2_format {
        var format = v4l2_format()
        format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        format.fmt.pix.width = UInt32(width)
        format.fmt.pix.height = UInt32(height)
        format.fmt.pix.pixelformat = fourcc
        format.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        format.fmt.pix.sizeimage = UInt32(size)
        format.fmt.pix.bytesperline = fourcc == QRTUI_PIX_FMT_MJPEG ? 0 : UInt32(width)
        return format
    }
}
