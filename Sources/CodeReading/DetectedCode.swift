import FrameCore
import PictureOps

/// One code found in a frame: what it is, what it says, and where it is.
public struct DetectedCode: Sendable, Hashable {
    public let symbology: Symbology
    /// The payload exactly as encoded in the symbol.
    public let bytes: [UInt8]
    /// Best-effort text of `bytes` (see `PayloadText`).
    public let text: String
    public let encoding: PayloadEncoding
    /// Corner polygon in full-frame pixels. For QR: the code's top-left, bottom-left,
    /// bottom-right and top-right corners; for 1D codes the box around the scanned bars.
    public let corners: [PixelPoint]
    /// zbar's quality score (higher is better; for 1D codes the number of scan lines that agreed).
    public let quality: Int

    public init(symbology: Symbology, bytes: [UInt8], corners: [PixelPoint], quality: Int = 1) {
        self.symbology = symbology
        self.bytes = bytes
        (text, encoding) = PayloadText.decode(bytes)
        self.corners = corners
        self.quality = quality
    }

    /// The same code with its corners moved (from a crop back to the whole frame).
    public func moved(by offset: PixelPoint) -> DetectedCode {
        mapped { PixelPoint(x: $0.x + offset.x, y: $0.y + offset.y) }
    }

    /// The same code with its corners mapped (from a transformed picture back to the original).
    public func mapped(_ transform: (PixelPoint) -> PixelPoint) -> DetectedCode {
        DetectedCode(symbology: symbology, bytes: bytes, corners: corners.map(transform), quality: quality)
    }

    /// Two reads are the same code when type and bytes agree, wherever they were seen.
    public var identity: CodeIdentity { CodeIdentity(symbology: symbology, bytes: bytes) }
}

public struct CodeIdentity: Hashable, Sendable {
    public let symbology: Symbology
    public let bytes: [UInt8]
}
