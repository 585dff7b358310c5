import FrameCore

/// A library that finds and decodes codes in a grey picture: zbar (`ZbarEngine`), and
/// others beside it. The passes, the live reader and the checks reach decoders only through
/// this, so an engine is added without touching them. An engine keeps state between
/// pictures: one per thread.
public protocol CodeEngine: AnyObject {
    /// The symbologies it reads (nil: its own defaults).
    var symbologies: Set<Symbology>? { get }
    /// Decode every Nth line and column (2: about half the work, for large codes); an engine
    /// that does not work in lines may ignore it.
    var density: Int { get set }
    /// Which way it scans (bars upright need only lines along rows); one that does not work in
    /// lines ignores it.
    var lines: ScanLines { get set }
    /// Every code in `picture`, corners in its own pixels, 1D reads already refused where
    /// they cannot lie (`LocationSanity`), and structured-append symbols it could not join.
    func decode(_ picture: Frame) -> SymbolsFound
    /// The same engine reading only `family` among what this one reads, configured alike (a
    /// code followed from frame to frame costs less to look for alone).
    func narrowed(to family: Set<Symbology>) -> any CodeEngine
    /// Whether it reads `symbology`: asked for it, or it is among its defaults.
    func reads(_ symbology: Symbology) -> Bool
    /// A second engine configured alike, for another thread to read a still's looks with
    /// (nil: this one reads alone).
    func twin() -> (any CodeEngine)?
}

/// The scan lines an engine decodes along: both ways, or only along rows (across upright
/// bars) or columns (across lying ones), half the work.
public enum ScanLines: Sendable {
    case both, rows, columns
}

extension CodeEngine {
    public func twin() -> (any CodeEngine)? { nil }

    public var lines: ScanLines {
        get { .both }
        set {}  // an engine that does not work in lines
    }

    /// zbar's: what it was asked for, else zbar's defaults.
    public func reads(_ symbology: Symbology) -> Bool {
        symbologies?.contains(symbology) ?? Symbology.zbarDefaults.contains(symbology)
    }

    /// The codes in `area` of `frame` (the whole frame when nil), decoded as it is; corners
    /// come back in full-frame pixels.
    public func codes(in frame: Frame, area: PixelRect? = nil) -> [DetectedCode] {
        let rect = (area ?? frame.bounds).clamped(to: frame.bounds)
        guard !rect.isEmpty else { return [] }
        return decode(frame.cropped(to: rect)).codes.map { $0.moved(by: PixelPoint(x: rect.x, y: rect.y)) }
    }
}

/// What one engine decoded in one picture.
public struct SymbolsFound: Sendable {
    public var codes: [DetectedCode] = []
    /// Parts of structured-append messages (see `SequenceJoiner`).
    public var parts: [SymbolPart] = []
    /// 1D reads refused for where they lie (see `LocationSanity`).
    public var withheld = 0
    public init() {}
}

/// One symbol of a structured-append message, as an engine hands it over: zbar's QR parts
/// as zbar's partial symbol (`QRPartPlaces` reads them), zxing-cpp's with their place in the message.
public struct SymbolPart: Sendable, Hashable {
    public let bytes: [UInt8]
    public let corners: [PixelPoint]
    public var sequence: SequencePlace?
    /// Its ECI designators, when zxing-cpp read it: they hold on into the parts after it.
    var eciContent: ECIContent?

    public init(bytes: [UInt8], corners: [PixelPoint], sequence: SequencePlace? = nil) {
        self.bytes = bytes
        self.corners = corners
        self.sequence = sequence
    }

    init(bytes: [UInt8], corners: [PixelPoint], sequence: SequencePlace?, eciContent: ECIContent?) {
        self.init(bytes: bytes, corners: corners, sequence: sequence)
        self.eciContent = eciContent
    }

    /// The part as a code of its own (shown until its message is read whole).
    var asCode: DetectedCode {
        var code = DetectedCode(symbology: sequence?.symbology ?? .qr, bytes: bytes, corners: corners)
        code.sequence = sequence
        if let eciContent, eciContent.isDeclared { code = code.saying(eciContent) }
        return code
    }

    /// The same part with its corners mapped into another picture's pixels.
    public func mapped(_ transform: (PixelPoint) -> PixelPoint) -> SymbolPart {
        SymbolPart(bytes: bytes, corners: corners.map(transform), sequence: sequence, eciContent: eciContent)
    }
}

/// Where a symbol stands in a structured-append message (Data Matrix, Aztec, PDF417 and QR, as
/// zxing-cpp reads them; a QR message's id is its parity).
public struct SequencePlace: Sendable, Hashable {
    public let symbology: Symbology
    /// The message's own identifier (a file id), empty when it gives none.
    public let id: String
    public let index: Int
    public let count: Int
}
