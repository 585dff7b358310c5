import CZint
import FrameCore
import PictureOps

/// The 1D symbologies the benchmarks and tests draw, through libzint.
public enum LinearSymbology: String, CaseIterable, Sendable {
    case ean13, upca, ean8, upce, code128, code39, itf

    var zintType: Int32 {
        switch self {
        case .ean13, .ean8: BARCODE_EANX
        case .upca: BARCODE_UPCA
        case .upce: BARCODE_UPCE
        case .code128: BARCODE_CODE128
        case .code39: BARCODE_CODE39
        case .itf: BARCODE_C25INTER
        }
    }

    /// A random payload this symbology can carry (check digits are added by the encoder).
    public func randomPayload(using random: inout SplitMix) -> String {
        func letters(_ alphabet: String, _ count: Int) -> String {
            let choices: [Character] = Array(alphabet)
            var text = ""
            for _ in 0..<count { text.append(choices[Int(random.next() % UInt64(choices.count))]) }
            return text
        }
        func digits(_ count: Int) -> String { letters("0123456789", count) }
        switch self {
        case .ean13: return digits(12)
        case .upca: return digits(11)
        case .ean8: return digits(7)
        case .upce: return "0" + digits(6)
        case .itf: return digits(2 * Int(3 + random.next() % 5))
        case .code39:
            // Without $ / + %: pairs of them with a letter are Full ASCII, which reads otherwise.
            let count = Int(4 + random.next() % 8)
            return letters("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. ", count).trimmingCharacters(in: " ")
        case .code128:
            let count = Int(4 + random.next() % 12)
            return letters("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-./:", count)
        }
    }
}

/// A 1D code's bars, and the text zbar reports for it.
public struct Barcode: Sendable {
    public let symbology: LinearSymbology
    public let bars: ModuleGrid
    /// What a correct read says: EAN-13 digits for UPC (zbar's default), no Code 39 asterisks.
    public let expected: String

    /// `data` encoded by libzint; nil when it cannot carry it (Code 128 takes UTF-8 text within
    /// ISO 8859-1). `gs1`: Code 128 as GS1-128,
    /// `data` in zint's bracketed form ("[01]09501101530003[10]AB-123").
    public init?(_ symbology: LinearSymbology, _ data: String, gs1: Bool = false) {
        guard let symbol = ZBarcode_Create() else { return nil }
        defer { ZBarcode_Delete(symbol) }
        symbol.pointee.symbology = symbology.zintType
        // UTF-8 text: Code 128 carries ISO 8859-1's upper half with FNC4.
        if symbology == .code128 { symbol.pointee.input_mode = UNICODE_MODE }
        if gs1 {
            symbol.pointee.symbology = BARCODE_GS1_128
            symbol.pointee.input_mode = GS1_MODE
        }
        let bytes = Array(data.utf8)
        guard ZBarcode_Encode(symbol, bytes, Int32(bytes.count)) < ZINT_ERROR else { return nil }
        let width = Int(symbol.pointee.width)
        bars = ModuleGrid(
            columns: width, rows: 1, dark: (0..<width).map { qrtui_zint_module(symbol, 0, Int32($0)) == 1 })
        let text = withUnsafeBytes(of: symbol.pointee.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        self.symbology = symbology
        expected = Self.asZbarReports(text, symbology)
    }

    /// The widths of the bars and spaces, in modules, from the first bar to the last.
    public var elementWidths: [Double] {
        var runs = [Double]()
        var column = 0
        while column < bars.columns {
            let dark = bars[column, 0]
            var end = column
            while end < bars.columns, bars[end, 0] == dark { end += 1 }
            if dark || !runs.isEmpty { runs.append(Double(end - column)) }
            column = end
        }
        return runs.count % 2 == 0 ? Array(runs.dropLast()) : runs
    }

    /// A random code of `symbology` (payloads the encoder refuses, such as some UPC-E
    /// numbers, are drawn again).
    public static func random(_ symbology: LinearSymbology, using random: inout SplitMix) -> Barcode {
        while true {
            if let code = Barcode(symbology, symbology.randomPayload(using: &random)) { return code }
        }
    }

    private static func asZbarReports(_ text: String, _ symbology: LinearSymbology) -> String {
        switch symbology {
        case .upca: return "0" + text
        case .upce: return "0" + UPCE.expanded(text)
        case .code39: return text.trimmingCharacters(in: "*")
        default: return text
        }
    }
}

/// UPC-E to UPC-A (number system, six digits, check digit), as zbar reports it.
enum UPCE {
    static func expanded(_ upce: String) -> String {
        let d = Array(upce)
        guard d.count == 8 else { return upce }
        let (system, m, check) = (d[0], Array(d[1...6]), d[7])
        let body: String
        switch m[5] {
        case "0", "1", "2": body = "\(m[0])\(m[1])\(m[5])0000\(m[2])\(m[3])\(m[4])"
        case "3": body = "\(m[0])\(m[1])\(m[2])00000\(m[3])\(m[4])"
        case "4": body = "\(m[0])\(m[1])\(m[2])\(m[3])00000\(m[4])"
        default: body = "\(m[0])\(m[1])\(m[2])\(m[3])\(m[4])0000\(m[5])"
        }
        return "\(system)\(body)\(check)"
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}

extension QRMatrix {
    /// The matrix as modules for `Frame.drawingModules`.
    public var grid: ModuleGrid { ModuleGrid(columns: size, rows: size, dark: modules) }
}
