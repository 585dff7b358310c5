import FrameCore
import PictureOps

/// One code found in a frame: what it is, what it says, and where it is.
public struct DetectedCode: Sendable, Hashable {
    public let symbology: Symbology
    /// The payload exactly as encoded in the symbol.
    public private(set) var bytes: [UInt8]
    /// Best-effort text of `bytes` (see `PayloadText`).
    public private(set) var text: String
    public private(set) var encoding: PayloadEncoding
    /// Corner polygon in full-frame pixels. For QR: the code's top-left, bottom-left,
    /// bottom-right and top-right corners; for 1D codes the box around the scanned bars.
    public internal(set) var corners: [PixelPoint]
    /// zbar's quality score (higher is better; for 1D codes the number of scan lines that agreed).
    public let quality: Int
    /// The characters as printed, when the payload was decoded from them (Code 39 Full ASCII,
    /// Code 32); nil when the payload is what the symbol spells.
    public let raw: [UInt8]?
    /// The pass that read it (the plain picture, or one made from it), and the turn (degrees)
    /// the picture was given first, if any.
    public internal(set) var pass = ScanPass.plain
    public internal(set) var turn: Double?
    /// How many scan lines crossed the picture it was read in, in its reading direction:
    /// the most that `quality` could have been (0 when unknown).
    var scanLines = 0
    /// Where each scan line that read a 1D code finished, and which way is out (see `QuietZone`).
    var ends: [LineEnd] = []
    /// A read spelt again straight across its bars, by a decoder of our own (see `BarsAcross`).
    var checkedAcross = false
    /// Its place in a structured-append message that says so (zxing-cpp's symbols).
    var sequence: SequencePlace?
    /// A part of a structured-append message not (yet) read whole: its place in the message.
    /// It is no code to show, print or hand on: only its message is (JSON lists parts).
    public var part: SequencePlace? { sequence }
    /// zbar's read, read alike by zxing-cpp in the same picture (see `EngineAgreement`).
    var seenByBoth = false
    /// The content as the symbol's ECI designators divide it, when it has any (zxing-cpp's reads).
    var eciContent: ECIContent?
    /// Read with GS1's FNC1 (GS1-128, GS1 QR): the payload is GS1 element strings.
    public internal(set) var gs1 = false

    public init(symbology: Symbology, bytes: [UInt8], corners: [PixelPoint], quality: Int = 1, raw: [UInt8]? = nil) {
        self.symbology = symbology
        self.bytes = bytes
        (text, encoding) = PayloadText.decode(bytes)
        self.corners = corners
        self.quality = quality
        self.raw = raw
    }

    /// The same read with `text` as the engine decoded it (zxing-cpp applies ECIs and its
    /// symbologies' own character sets), named by what it matches of `bytes`.
    func saying(decoded text: String) -> DetectedCode {
        var code = self
        code.text = text
        code.encoding =
            String(validating: bytes, as: UTF8.self) == text
            ? .utf8 : PayloadText.latin1(bytes) == text ? .latin1 : .eci
        return code
    }

    /// The same read with its text in the character sets its ECI designators name, and its
    /// bytes those the symbol carries (zbar gives some sets' segments as UTF-8).
    func saying(_ content: ECIContent) -> DetectedCode {
        var code = self
        code.eciContent = content
        code.bytes = content.bytes
        (code.text, code.encoding) = content.decoded
        return code
    }

    /// The same code with its corners moved (from a crop back to the whole frame).
    public func moved(by offset: PixelPoint) -> DetectedCode {
        mapped { PixelPoint(x: $0.x + offset.x, y: $0.y + offset.y) }
    }

    /// The same code with its corners mapped (from a transformed picture back to the original).
    public func mapped(_ transform: (PixelPoint) -> PixelPoint) -> DetectedCode {
        var code = self
        code.corners = corners.map(transform)
        code.ends = ends.map { LineEnd(at: transform($0.at), beyond: transform($0.beyond)) }
        return code
    }

    /// The same read saying `bytes`, which the symbology defines as ISO 8859-1 (Code 128's
    /// extended characters, see `Code128Extended`): not guessed at.
    func saying(latin1 bytes: [UInt8]) -> DetectedCode {
        var code = self
        code.bytes = bytes
        code.text = PayloadText.latin1(bytes)
        code.encoding = .latin1
        return code
    }

    /// The same code, read by `pass` on the picture turned by `turn`.
    func found(by pass: ScanPass, turn: Double?) -> DetectedCode {
        var code = self
        code.pass = pass
        code.turn = turn
        return code
    }

    /// Two reads are the same code when type and bytes agree, wherever they were seen.
    public var identity: CodeIdentity { CodeIdentity(symbology: symbology, bytes: bytes) }
}

public struct CodeIdentity: Hashable, Sendable {
    public let symbology: Symbology
    public let bytes: [UInt8]
}

extension DetectedCode {
    /// The pixels its corners span (nil: no corners).
    var box: PixelRect? {
        corners.boundingRect.map {
            PixelRect(x: $0.minX, y: $0.minY, width: $0.maxX - $0.minX + 1, height: $0.maxY - $0.minY + 1)
        }
    }
}
