import FrameCore

/// Opens `--input PATH` (or "-" for stdin) as the right kind of source by looking at its
/// first bytes, so images and Y4M video both work from files and from pipes.
public enum InputOpener {
    public static func open(path: String) throws(CaptureError) -> any FrameSource {
        let reader = ByteReader(input: try FileInput(path: path))
        let prefix = try reader.peek(10)
        guard !prefix.isEmpty else { throw .empty(path: reader.path) }
        if ImageFormat.detect(prefix) == .y4m { return try Y4MSource(reader: reader) }
        let data = try reader.readAll()
        return StillImageSource(name: reader.path, frame: try ImageDecoder.decode(data, path: reader.path))
    }
}
