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

    /// `symbologies` nil: every type zxing-cpp reads for qrtui.
    public init(symbologies: Set<Symbology>? = nil) {
        self.symbologies = symbologies.map { $0.filter { $0.engine == .zxing } }
        let chosen = self.symbologies ?? Set(Symbology.allCases.filter { $0.engine == .zxing })
        formats = chosen.reduce(0) { $0 | Self.format(of: $1) }
    }

    /// Reads nothing: asked for no type it reads.
    public var isIdle: Bool { formats == 0 }

    public func decode(_ picture: Frame) -> SymbolsFound {
        var found = SymbolsFound()
        guard !isIdle else { return found }
        let results = picture.luma.withUnsafeBufferPointer { luma in
            qzx_read(
                luma.baseAddress, Int32(picture.width), Int32(picture.height), Int32(picture.stride), formats, 1, 1, 8)
        }
        guard let results else { return found }
        defer { qzx_free(results) }
        var symbol = qzx_symbol()
        for index in 0..<qzx_count(results) where qzx_symbol_at(results, index, &symbol) != 0 {
            guard let code = Self.code(from: symbol) else { continue }
            found.codes.append(code)
        }
        return found
    }

    public func narrowed(to family: Set<Symbology>) -> any CodeEngine { narrowedEngine(to: family) }

    func narrowedEngine(to family: Set<Symbology>) -> ZxingEngine {
        ZxingEngine(symbologies: (symbologies ?? Symbology.defaults).intersection(family))
    }

    /// A symbol as a code: zbar's corner order (top-left, bottom-left, bottom-right,
    /// top-right), GS1 from the symbology identifier, its text as zxing-cpp decodes it (ECIs,
    /// else the symbology's own character set).
    static func code(from symbol: qzx_symbol) -> DetectedCode? {
        guard let symbology = Symbology.allCases.first(where: { format(of: $0) == symbol.format }),
            symbol.byte_count >= 0
        else { return nil }
        let bytes =
            symbol.byte_count == 0 ? [] : Array(UnsafeBufferPointer(start: symbol.bytes, count: Int(symbol.byte_count)))
        let c = symbol.corners
        let corners = [(c.0, c.1), (c.6, c.7), (c.4, c.5), (c.2, c.3)].map { PixelPoint(x: Int($0.0), y: Int($0.1)) }
        var code = DetectedCode(symbology: symbology, bytes: bytes, corners: corners)
        let identifier = String(cString: symbol.symbology_identifier)
        // FNC1 in first position, with or without an ECI: Data Matrix, QR, Aztec.
        code.gs1 = ["]d2", "]d5", "]Q3", "]Q4", "]z1", "]z4"].contains(identifier)
        let text = UnsafeRawBufferPointer(start: symbol.text, count: Int(max(0, symbol.text_length)))
        return code.saying(decoded: String(decoding: text, as: UTF8.self))
    }

    /// zxing-cpp's format bit for a type it reads for qrtui, else 0.
    static func format(of symbology: Symbology) -> Int32 {
        switch symbology {
        case .dataMatrix: Int32(QZX_DATA_MATRIX)
        case .aztec: Int32(QZX_AZTEC)
        case .pdf417: Int32(QZX_PDF417)
        case .microQR: Int32(QZX_MICRO_QR_CODE)
        case .maxiCode: Int32(QZX_MAXICODE)
        default: 0
        }
    }

    /// zxing-cpp's version, as the library says it.
    public static var version: String { String(cString: qzx_version()) }
}
