import CTurboJPEG
import FrameCore

/// A camera's MJPEG frames decoded to grey with libturbojpeg, one decoder kept for the stream:
/// reading needs the luma only, and decoding it alone skips the colour conversion. A frame that
/// is not a whole JPEG of the stream's size (cut short, corrupt, another size) is refused, so
/// the camera skips it.
///
/// The accurate IDCT is the camera's: the fast one turns 8x8 blocks where a code of 4 px a
/// module meets a diagonal into checks no reader reads (`qrtui-bench --capture` measures both).
public final class MJPEGDecoder {
    public enum Transform: Sendable { case accurate, fast }

    private let handle: tjhandle
    private let flags: Int32

    public init?(_ transform: Transform = .accurate) {
        guard let handle = tjInitDecompress() else { return nil }
        self.handle = handle
        flags = TJFLAG_STOPONWARNING | (transform == .accurate ? TJFLAG_ACCURATEDCT : TJFLAG_FASTDCT)
    }

    deinit { tjDestroy(handle) }

    /// Decodes `bytes` into `plane` (`width` x `height`, `width` bytes a row); false when the
    /// frame cannot be decoded whole at that size.
    public func decodeGrey(
        _ bytes: UnsafeRawBufferPointer, width: Int, height: Int, into plane: UnsafeMutableBufferPointer<UInt8>
    )
        -> Bool
    {
        guard let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 4,
            plane.count >= width * height
        else { return false }
        var (declaredWidth, declaredHeight, subsampling, colourspace): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        guard
            tjDecompressHeader3(
                handle, source, UInt(bytes.count), &declaredWidth, &declaredHeight, &subsampling, &colourspace) == 0,
            Int(declaredWidth) == width, Int(declaredHeight) == height
        else { return false }
        // A warning (data cut short) is a failure too: the rest of the picture would be grey.
        return tjDecompress2(
            handle, source, UInt(bytes.count), plane.baseAddress, Int32(width), Int32(width), Int32(height),
            Int32(TJPF_GRAY.rawValue), flags) == 0
    }
}
