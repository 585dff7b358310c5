import CTurboJPEG
import FrameCore

/// A camera's MJPEG frames decoded to grey with libturbojpeg, one decoder kept for the stream:
/// reading needs the luma only, and decoding it alone skips the colour conversion. A frame that
/// is not a whole JPEG of the stream's size (cut short, corrupt, another size) is refused, so
/// the camera skips it.
public final class MJPEGDecoder {
    private let handle: tjhandle

    public init?() {
        guard let handle = tjInitDecompress() else { return nil }
        self.handle = handle
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
            Int32(TJPF_GRAY.rawValue), TJFLAG_STOPONWARNING | TJFLAG_FASTDCT) == 0
    }
}
