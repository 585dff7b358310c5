import FrameCore
import PictureFiles

/// YUV4MPEG2 video (what `ffmpeg -f yuv4mpegpipe` writes) from a file or a pipe.
/// Only the luma plane is kept; chroma planes are skipped.
public final class Y4MSource: FrameSource {
    public let name: String
    public let kind = SourceKind.recorded
    public let framesPerSecond: Double?
    public let width: Int
    public let height: Int
    private let reader: ByteReader
    private let chromaBytes: Int
    private var sequence = 0
    /// How long each of the last frames waited for its bytes (a pipe only).
    private var waits: [Double] = []

    /// The frames come as a camera's do, paced by their producer (`ffmpeg -re`, a capture
    /// tool): most of the last eight waited for their bytes for a third of a frame's time or
    /// more. Such a stream is read as a camera is, within a share of the CPU; a regular file,
    /// or a pipe faster than real time, keeps its counted work and reads alike on every run.
    public var arrivesPaced: Bool {
        guard waits.count >= 8 else { return false }
        let interval = 1 / (framesPerSecond ?? 30)
        return waits.sorted()[waits.count / 2] >= interval / 3
    }

    static let headerLimit = 4096

    /// Whether a file's first bytes start a Y4M stream.
    static func recognises(_ prefix: [UInt8]) -> Bool { prefix.starts(with: Array("YUV4MPEG2".utf8)) }

    init(reader: ByteReader, limits: PictureLimits = PictureLimits()) throws(CaptureError) {
        self.reader = reader
        name = reader.path
        guard let header = try reader.readLine(limit: Self.headerLimit) else { throw .empty(path: name) }
        var fields = header.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
        guard fields.first == "YUV4MPEG2" else {
            throw .malformed(path: name, detail: "not a Y4M stream (no YUV4MPEG2 header)")
        }
        fields.removeFirst()
        var width = 0
        var height = 0
        var rate: Double?
        var colour = "420jpeg"
        for field in fields where !field.isEmpty {
            let value = String(field.dropFirst())
            switch field.first {
            case "W": width = Int(value) ?? -1
            case "H": height = Int(value) ?? -1
            case "C": colour = value
            case "F":
                let parts = value.split(separator: ":").compactMap { Double($0) }
                if parts.count == 2, parts[0] > 0, parts[1] > 0 { rate = parts[0] / parts[1] }
            default: break  // interlacing, aspect, X extensions: irrelevant for luma
            }
        }
        try CaptureError.checkSize(width, height, path: name, limits: limits)
        guard let chroma = Self.chromaBytes(colour: colour, width: width, height: height) else {
            throw .unsupported(
                path: name, detail: "Y4M colour space C\(colour) (8-bit 4:2:0, 4:2:2, 4:4:4 and mono are)")
        }
        self.width = width
        self.height = height
        framesPerSecond = rate
        chromaBytes = chroma
    }

    /// Opens a Y4M file or "-" for stdin.
    public convenience init(path: String) throws(CaptureError) {
        try self.init(reader: ByteReader(input: try FileInput(path: path)))
    }

    static func chromaBytes(colour: String, width: Int, height: Int) -> Int? {
        let halfWidth = (width + 1) / 2
        let halfHeight = (height + 1) / 2
        switch colour {
        case "420jpeg", "420paldv", "420mpeg2", "420": return 2 * halfWidth * halfHeight
        case "422": return 2 * halfWidth * height
        case "411": return 2 * ((width + 3) / 4) * height
        case "444": return 2 * width * height
        case "444alpha": return 3 * width * height
        case "mono": return 0
        default: return nil
        }
    }

    public func nextFrame() throws(CaptureError) -> Frame? {
        let started = MonotonicClock.now()
        defer {
            if !reader.input.isRegularFile { waits = Array((waits + [MonotonicClock.now() - started]).suffix(8)) }
        }
        guard let marker = try reader.readLine(limit: Self.headerLimit) else { return nil }
        guard marker.starts(with: Array("FRAME".utf8)) else {
            throw .malformed(path: name, detail: "frame \(sequence): expected FRAME, found other data")
        }
        var luma = [UInt8](repeating: 0, count: width * height)
        let got = try luma.withMutableBytes { raw throws(CaptureError) in try reader.read(into: raw) }
        let skipped = got == luma.count ? try reader.skip(chromaBytes) : 0
        guard got == luma.count, skipped == chromaBytes else {
            let total = luma.count + chromaBytes
            throw .malformed(
                path: name, detail: "truncated Y4M: frame \(sequence) has \(got + skipped) of \(total) bytes")
        }
        defer { sequence += 1 }
        return Frame(
            width: width, height: height, sequence: sequence,
            timestamp: Double(sequence) / (framesPerSecond ?? 30), luma: luma)
    }
}
