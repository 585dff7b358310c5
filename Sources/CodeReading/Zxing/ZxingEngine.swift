import CZXing
import FrameCore

/// zxing-cpp as a `CodeEngine`, for the types zbar cannot read (Data Matrix, Aztec, PDF417,
/// Micro QR, MaxiCode). Its reader holds no state between pictures, but one engine per
/// thread, as for every engine.
public final class ZxingEngine: CodeEngine {
    public let symbologies: Set<Symbology>?
    /// zxing-cpp finds its codes in its own way, not line by line: kept for the protocol.
    public var density = 1
    private let formats: Int32

    /// zxing-cpp's quick reading (no extra effort, no turned tries), for the live path's
    /// windows: a frame's budget is shared with zbar.
    public let quick: Bool

    /// Whether it reads QR codes too, beside zbar (stills: `PairedEngine` compares the two).
    public let readsQR: Bool

    /// `symbologies` nil: every type zxing-cpp reads for qrtui. `readsQR`: QR too, when asked for.
    public init(symbologies: Set<Symbology>? = nil, quick: Bool = false, readsQR: Bool = false) {
        self.quick = quick
        self.symbologies = symbologies.map { $0.filter { $0.engine == .zxing } }
        self.readsQR = readsQR && symbologies?.contains(.qr) ?? true
        formats =
            Self.formats(of: self.symbologies ?? Set(Symbology.allCases.filter { $0.engine == .zxing }))
            | (self.readsQR ? Self.format(of: .qr) : 0)
    }

    /// Reads nothing: asked for no type it reads.
    public var isIdle: Bool { formats == 0 }

    public func decode(_ picture: Frame) -> SymbolsFound {
        var found = SymbolsFound()
        // A part of a structured-append message is a code of its own too, until the whole
        // message is read (`CodeReader` then shows the message instead).
        for code in Self.readEvery(picture, formats: formats, quick: quick) {
            found.codes.append(code)
            if let place = code.sequence {
                found.parts.append(
                    SymbolPart(bytes: code.bytes, corners: code.corners, sequence: place, eciContent: code.eciContent))
            }
        }
        return found
    }

    /// Most symbols looked for in one picture.
    static let mostSymbols = 100

    /// zxing-cpp 1.4 finds one Data Matrix or Aztec symbol in a picture however many it holds:
    /// on a still each one read is covered over with the picture's light and the picture read
    /// again, until nothing new is found. A live window holds one code: it is read once.
    static func readEvery(_ picture: Frame, formats: Int32, quick: Bool) -> [DetectedCode] {
        if quick { return read(picture, formats: formats, quick: true) }
        var codes = [DetectedCode]()
        var current = picture
        while codes.count < mostSymbols {
            let found = read(current, formats: formats, quick: quick).filter { code in
                !codes.contains { $0.bytes == code.bytes && $0.corners == code.corners }
            }
            guard !found.isEmpty else { break }
            codes += found
            current = covering(
                found.compactMap { $0.corners.boundingRect }.map {
                    PixelRect(x: $0.minX, y: $0.minY, width: $0.maxX - $0.minX + 1, height: $0.maxY - $0.minY + 1)
                }, in: current)
        }
        return codes
    }

    /// Every symbol of `formats` (format bits) zxing-cpp reads in `picture`. With a 1D
    /// format among them it is asked for one symbol: 1.4 asserts (aborting the process) when
    /// it compares two 1D results seen on several lines.
    static func read(_ picture: Frame, formats: Int32, quick: Bool = false) -> [DetectedCode] {
        guard formats != 0 else { return [] }
        let most: Int32 = formats & linearFormats != 0 ? 1 : 8
        let margin = edgeMargin(for: picture, formats: formats)
        let seen = margin.map { picture.bordered(by: Self.margin, value: $0) } ?? picture
        let codes = readAsIs(seen, formats: formats, quick: quick, most: most)
        guard margin != nil else { return codes }
        return codes.map { $0.moved(by: PixelPoint(x: -Self.margin, y: -Self.margin)) }
    }

    /// Pixels of light put round a picture whose edge a matrix code may touch.
    static let margin = 4
    /// A 1080p frame's pixels: a camera's frame filled by a symbol is still bordered.
    static let mostBordered = 1920 * 1080

    /// zxing-cpp's Data Matrix detector follows the symbol's edges out into its quiet zone: a
    /// symbol filling the picture to its edges is found only once light is put round it (one
    /// pixel is enough). The light of the picture's edge, when dark also touches that edge and
    /// matrix codes are looked for; nil when the picture needs none. A picture of more than
    /// `mostBordered` pixels is left as it is: its copy, beside the picture, a pass's view of it
    /// and zxing-cpp's own copies (its PDF417 search turns the whole thresholded picture, in
    /// noise too), would cost more than the 3 bytes a pixel a picture is given.
    static func edgeMargin(for picture: Frame, formats: Int32) -> UInt8? {
        guard formats & ~linearFormats != 0, picture.width * picture.height <= mostBordered else { return nil }
        let edge = picture.edgeRange
        return Int(edge.lightest) - Int(edge.darkest) >= 64 ? edge.lightest : nil
    }

    private static func readAsIs(_ picture: Frame, formats: Int32, quick: Bool, most: Int32) -> [DetectedCode] {
        let results = picture.luma.withUnsafeBufferPointer { luma in
            qzx_read(
                luma.baseAddress, Int32(picture.width), Int32(picture.height), Int32(picture.stride), formats,
                quick ? 0 : 1, quick ? 0 : 1, most)
        }
        guard let results else { return [] }
        defer { qzx_free(results) }
        var symbol = qzx_symbol()
        var codes = [DetectedCode]()
        for index in 0..<qzx_count(results) where qzx_symbol_at(results, index, &symbol) != 0 {
            if let code = code(from: symbol) { codes.append(code) }
        }
        return codes
    }

    /// zxing-cpp on its own, trying harder and turned, for `symbologies` (those of zbar's too):
    /// the benchmarks' anchor of what the library reads without qrtui's passes.
    public static func readAlone(_ picture: Frame, symbologies: Set<Symbology>) -> [DetectedCode] {
        read(picture, formats: formats(of: symbologies))
    }

    public func narrowed(to family: Set<Symbology>) -> any CodeEngine { narrowedEngine(to: family) }

    public func reads(_ symbology: Symbology) -> Bool { formats & Self.format(of: symbology) != 0 }

    /// An engine of its own, configured as this one is.
    var alike: ZxingEngine {
        ZxingEngine(symbologies: symbologies.map { $0.union(readsQR ? [.qr] : []) }, quick: quick, readsQR: readsQR)
    }

    func narrowedEngine(to family: Set<Symbology>) -> ZxingEngine {
        let asked = (symbologies ?? Symbology.defaults).union(readsQR ? [.qr] : []).intersection(family)
        return ZxingEngine(symbologies: asked, quick: quick, readsQR: readsQR)
    }

    /// A symbol as a code: zbar's corner order (top-left, bottom-left, bottom-right,
    /// top-right), GS1 from the symbology identifier, its text in the sets its ECIs name, else
    /// as zxing-cpp decodes it (the symbology's own character set).
    static func code(from symbol: qzx_symbol) -> DetectedCode? {
        guard let symbology = Symbology.allCases.first(where: { format(of: $0) == symbol.format }),
            symbol.byte_count >= 0
        else { return nil }
        let bytes =
            symbol.byte_count == 0 ? [] : Array(UnsafeBufferPointer(start: symbol.bytes, count: Int(symbol.byte_count)))
        if symbology == .aztec, !AztecCapacity.fits(bytes, dataBits: Int(symbol.data_bits)) { return nil }
        let c = symbol.corners
        let corners = [(c.0, c.1), (c.6, c.7), (c.4, c.5), (c.2, c.3)].map { PixelPoint(x: Int($0.0), y: Int($0.1)) }
        var code = DetectedCode(symbology: symbology, bytes: bytes, corners: corners)
        let identifier = String(cString: symbol.symbology_identifier)
        // FNC1 in first position, with or without an ECI: Data Matrix, QR, Aztec.
        code.gs1 = ["]d2", "]d5", "]Q3", "]Q4", "]z1", "]z4"].contains(identifier)
        if symbol.sequence_size >= 2, (0..<Int(symbol.sequence_size)).contains(Int(symbol.sequence_index)) {
            code.sequence = SequencePlace(
                symbology: symbology, id: String(cString: symbol.sequence_id), index: Int(symbol.sequence_index),
                count: Int(symbol.sequence_size))
        }
        let written = Array(
            UnsafeBufferPointer(start: symbol.eci_content, count: Int(max(0, symbol.eci_content_count))))
        if symbol.has_eci != 0, let content = ECIContent(protocol: written), content.bytes == bytes {
            return code.saying(content)
        }
        let text = UnsafeRawBufferPointer(start: symbol.text, count: Int(max(0, symbol.text_length)))
        return code.saying(decoded: String(decoding: text, as: UTF8.self))
    }

    /// `picture` with each box (and a little around it) painted the lightest grey of its edge.
    static func covering(_ boxes: [PixelRect], in picture: Frame) -> Frame {
        let frame = picture.packed
        var luma = frame.luma
        for box in boxes {
            let margin = max(2, min(box.width, box.height) / 8)
            let rect = PixelRect(
                x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin
            ).clamped(to: frame.bounds)
            guard !rect.isEmpty else { continue }
            let (top, bottom) = (rect.y * frame.width, (rect.y + rect.height - 1) * frame.width)
            var light: UInt8 = 0
            for x in rect.x..<rect.x + rect.width { light = max(light, luma[top + x], luma[bottom + x]) }
            for y in rect.y..<rect.y + rect.height {
                for x in rect.x..<rect.x + rect.width { luma[y * frame.width + x] = light }
            }
        }
        return Frame(
            width: frame.width, height: frame.height, sequence: frame.sequence, timestamp: frame.timestamp, luma: luma)
    }

    /// zxing-cpp's format bit for a type: those it reads for qrtui, and the zbar types it
    /// reads as a second look (`EngineAgreement`); else 0.
    static func format(of symbology: Symbology) -> Int32 {
        switch symbology {
        case .dataMatrix: Int32(QZX_DATA_MATRIX)
        case .aztec: Int32(QZX_AZTEC)
        case .pdf417: Int32(QZX_PDF417)
        case .microQR: Int32(QZX_MICRO_QR_CODE)
        case .maxiCode: Int32(QZX_MAXICODE)
        case .qr: Int32(QZX_QR_CODE)
        case .ean13: Int32(QZX_EAN_13)
        case .upca: Int32(QZX_UPC_A)
        case .ean8: Int32(QZX_EAN_8)
        case .upce: Int32(QZX_UPC_E)
        case .code128: Int32(QZX_CODE_128)
        case .code39: Int32(QZX_CODE_39)
        case .i25: Int32(QZX_ITF)
        default: 0
        }
    }

    static let linearFormats = formats(of: Symbology.secondLook.filter { !$0.isTwoDimensional })

    static func formats(of symbologies: Set<Symbology>) -> Int32 {
        symbologies.reduce(0) { $0 | format(of: $1) }
    }

    /// zxing-cpp's version, as the library says it.
    public static var version: String { String(cString: qzx_version()) }
}
