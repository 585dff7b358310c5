import FrameCore
import PictureFiles

/// Opens `--input PATH` (or "-" for stdin) as the right kind of source by looking at its
/// first bytes, so pictures and Y4M video both work from files and from pipes. What is
/// neither is refused from those bytes, and a picture's declared size is checked against the
/// limits before the rest is read (`PictureDecoder.read`): `/dev/urandom` costs a few
/// kilobytes, not half a gigabyte.
public enum InputOpener {
    public static func open(path: String, limits: PictureLimits = PictureLimits()) throws(CaptureError)
        -> any FrameSource
    {
        let reader = ByteReader(input: try FileInput(path: path))
        let prefix = try reader.peek(16)
        guard !prefix.isEmpty else { throw .empty(path: reader.path) }
        if Y4MSource.recognises(prefix) { return try Y4MSource(reader: reader, limits: limits) }
        guard PictureFormats.codec(for: prefix) != nil else {
            throw .unsupported(
                path: reader.path, detail: "not a \(PictureFormats.names) image or Y4M stream (by its first bytes)")
        }
        return try StillImageSource(name: reader.path) { () throws(PictureError) in
            try PictureDecoder.read(PictureReader(reader), path: reader.path, limits: limits)
        }
    }

    /// A picture file, read whole ("-" for stdin).
    public static func picture(path: String, limits: PictureLimits = PictureLimits()) throws(CaptureError) -> Frame {
        let source = try open(path: path, limits: limits)
        guard source.kind == .still, let frame = try source.nextFrame() else {
            throw .unsupported(path: source.name, detail: "a Y4M stream is video, not a still image")
        }
        return frame
    }
}

/// A file's reader as the picture decoders take their bytes.
final class PictureReader: PictureBytes {
    private let reader: ByteReader

    init(_ reader: ByteReader) { self.reader = reader }

    func peek(_ count: Int) throws(PictureError) -> [UInt8] {
        do throws(CaptureError) { return try reader.peek(count) } catch { throw PictureError(reading: error) }
    }

    func read(into destination: UnsafeMutableRawBufferPointer) throws(PictureError) -> Int {
        do throws(CaptureError) { return try reader.read(into: destination) } catch {
            throw PictureError(reading: error)
        }
    }

    func skip(_ count: Int) throws(PictureError) -> Int {
        do throws(CaptureError) { return try reader.skip(count) } catch { throw PictureError(reading: error) }
    }

    func readAll(limit: Int) throws(PictureError) -> [UInt8] {
        do throws(CaptureError) { return try reader.readAll(limit: limit) } catch { throw PictureError(reading: error) }
    }
}
