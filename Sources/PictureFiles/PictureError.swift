import FrameCore
import SystemCalls

/// What can go wrong reading a picture, as values that say what and where.
public enum PictureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The picture is damaged or not what its header says.
    case malformed(path: String, detail: String)
    /// A well-formed picture qrtui cannot read (a compressed BMP...).
    case unsupported(path: String, detail: String)
    /// Larger than qrtui accepts (protects memory from hostile headers): refused from its
    /// header, before anything is allocated for it.
    case tooLarge(path: String, width: Int, height: Int, limit: Int)
    /// The memory qrtui may use (`ulimit -v`) cannot hold what `need` names.
    case outOfMemory(need: String, errno: Errno)
    /// Reading its bytes failed (`operation` is the system call: "read").
    case unreadable(path: String, operation: String, errno: Errno)
    /// The file ends (or breaks) before the picture does: what decoded, the rest grey. A source
    /// reads it and says so; anything that needs the whole picture takes it as a failure.
    case cutShort(path: String, PartialPicture)

    /// A picture whose decoder would keep more of its own than `PictureLimits.libraryAllowance`
    /// (a progressive JPEG's coefficients, a true-colour lossless WebP's pixels).
    static func needsTooMuch(_ kind: String, path: String, width: Int, height: Int) -> PictureError {
        .unsupported(
            path: path,
            detail: "\(kind) of \(width)x\(height) needs more memory to decode than qrtui gives a picture "
                + "(about 3 bytes a pixel)")
    }

    public var errno: Errno? {
        switch self {
        case .outOfMemory(_, let code), .unreadable(_, _, let code): code
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .malformed(let path, let detail):
            return "\(path): \(detail)"
        case .unsupported(let path, let detail):
            return "\(path): unsupported: \(detail)"
        case .tooLarge(let path, let width, let height, let limit):
            let product = width.multipliedReportingOverflow(by: height)
            let pixels = PictureLimits.describe(product.overflow ? Int.max : product.partialValue)
            return "\(path): a picture of \(width)x\(height) (\(pixels)) is over the limit of "
                + "\(PictureLimits.describe(limit)) and \(PictureLimits.maxSide) pixels a side (--max-pixels)"
        case .outOfMemory(let need, let code):
            return "cannot make room for \(need) (\(code.message)): too little memory allowed (ulimit -v?)"
        case .unreadable(let path, let operation, let code):
            return "\(path): \(operation) failed: \(code.message)"
        case .cutShort(let path, let partial):
            return "\(path): cut short or damaged: \(partial.extent)"
        }
    }
}

/// What a picture cut short still gave: the rows that decoded, the rest mid grey.
public struct PartialPicture: Sendable, Equatable {
    public let frame: Frame
    /// How far it got, in words: "the JPEG decodes to row 812 of 3000, the rest is grey".
    public let extent: String

    /// `frame` whose rows from `row` on are made up (nil: where, the decoder cannot tell).
    init(_ frame: Frame, format: String, decodedRows row: Int?, detail: String = "") {
        self.frame = frame
        let rows =
            row.map { $0 >= frame.height ? " to its last row" : " to row \($0) of \(frame.height), the rest is grey" }
            ?? " in part"
        extent = "the \(format) decodes\(rows)\(detail.isEmpty ? "" : " (\(detail))")"
    }

    public static func == (a: PartialPicture, b: PartialPicture) -> Bool {
        a.extent == b.extent && a.frame.width == b.frame.width && a.frame.height == b.frame.height
    }
}

/// How large a picture qrtui accepts (`--max-pixels`): a header that declares more is
/// refused before its pixels are read or room is made for them.
public struct PictureLimits: Sendable, Equatable {
    public var maxPixels: Int
    public static let maxSide = 65_535
    public static let defaultMaxPixels = 100_000_000

    public init(maxPixels: Int = PictureLimits.defaultMaxPixels) { self.maxPixels = maxPixels }

    /// What a decoding library may keep of its own for a picture of `pixels` (beside the grey
    /// plane qrtui decodes into): two bytes a pixel and a fixed 48 MB, so that decoding costs
    /// about three bytes a pixel at most, whatever the picture claims to be.
    static func libraryAllowance(pixels: Int) -> Int { 2 * pixels + 48 << 20 }

    /// The most bytes a compressed picture of `pixels` pixels is let take (compression
    /// seldom makes a picture larger; room for metadata besides).
    public func fileBytes(for pixels: Int) -> Int { 32 << 20 + 4 * pixels }

    /// Refuses a size that is empty, over the limits, or more than the memory qrtui may use
    /// can decode and read (about three bytes a pixel, and room).
    public func check(_ width: Int, _ height: Int, path: String) throws(PictureError) {
        guard width > 0, height > 0 else {
            throw .malformed(path: path, detail: "invalid size \(width)x\(height)")
        }
        guard width <= Self.maxSide, height <= Self.maxSide, width * height <= maxPixels else {
            throw .tooLarge(path: path, width: width, height: height, limit: maxPixels)
        }
        let need = 3 * width * height + (16 << 20)
        do throws(Errno) {
            try AddressSpace.ensureRoom(for: need)
        } catch {
            throw .outOfMemory(need: "a picture of \(width)x\(height) (\(need >> 20) MB)", errno: error)
        }
    }

    /// "100 megapixels", "2.5 megapixels" or "5000 pixels".
    public static func describe(_ pixels: Int) -> String {
        guard pixels >= 1_000_000 else { return "\(pixels) pixels" }
        let tenths = (pixels + 50_000) / 100_000
        return tenths % 10 == 0 ? "\(tenths / 10) megapixels" : "\(tenths / 10).\(tenths % 10) megapixels"
    }
}
