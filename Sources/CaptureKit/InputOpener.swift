import FrameCore

/// Opens `--input PATH` (or "-" for stdin) as the right kind of source by looking at its
/// first bytes, so images and Y4M video both work from files and from pipes. What is not a
/// picture is refused from those bytes, and a picture's declared size is checked against the
/// limits before the rest is read: `/dev/urandom` costs a few kilobytes, not half a gigabyte.
public enum InputOpener {
    /// How far into a file its header's size is looked for (a JPEG's metadata comes first).
    static let headerLimit = 1 << 20

    public static func open(path: String, limits: PictureLimits = PictureLimits()) throws(CaptureError) -> any FrameSource {
        let reader = ByteReader(input: try FileInput(path: path))
        let prefix = try reader.peek(16)
        guard !prefix.isEmpty else { throw .empty(path: reader.path) }
        guard let format = ImageFormat.detect(prefix) else {
            throw .unsupported(path: reader.path, detail: "not a \(ImageFormat.known) (by its first bytes)")
        }
        if format == .y4m { return try Y4MSource(reader: reader, limits: limits) }
        // A TIFF says its size only in its directory (anywhere in it): it is read up to what
        // the largest picture allowed may take, and its size checked before its pixels.
        var pixels = limits.maxPixels
        if format != .tiff {
            let size = try declaredSize(reader, format: format)
            try CaptureError.checkSize(size.width, size.height, path: reader.path, limits: limits)
            pixels = size.width * size.height
        }
        // Uncompressed pictures are read a row at a time, never held whole as they come.
        if format == .netpbm { return StillImageSource(name: reader.path, frame: try NetpbmCodec.decode(reader, path: reader.path, limits: limits)) }
        if format == .bmp { return StillImageSource(name: reader.path, frame: try BMPCodec.decode(reader, path: reader.path, limits: limits)) }
        let data = try reader.readAll(limit: limits.fileBytes(for: pixels))
        return StillImageSource(name: reader.path, frame: try ImageDecoder.decode(data, path: reader.path, limits: limits))
    }

    /// The header's size, reading ever more of the start (at most `headerLimit` bytes).
    private static func declaredSize(_ reader: ByteReader, format: ImageFormat) throws(CaptureError) -> (width: Int, height: Int) {
        var count = 64
        while true {
            let prefix = try reader.peek(count)
            if let size = PictureHeader.size(prefix, format: format) { return size }
            guard prefix.count == count, count < headerLimit else {
                throw .malformed(path: reader.path, detail: "no picture size in its \(format.rawValue) header")
            }
            count *= 4
        }
    }
}
