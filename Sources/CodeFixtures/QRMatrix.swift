import CQREncode
import FrameCore

/// A QR code's module grid made with libqrencode: the demo scene's code and the test codes.
public struct QRMatrix: Sendable {
    public enum Level: Sendable { case low, medium, quartile, high }

    /// Modules per side (without quiet zone).
    public let size: Int
    /// Row-major, true = dark module.
    public let modules: [Bool]

    /// Encodes `bytes` in 8-bit mode (any bytes, NUL included); nil if they do not fit.
    public init?(bytes: [UInt8], level: Level = .medium, version: Int = 0) {
        let code = bytes.withUnsafeBufferPointer {
            QRcode_encodeData(Int32($0.count), $0.baseAddress, Int32(version), level.qrencode)
        }
        guard let code else { return nil }
        defer { QRcode_free(code) }
        self.init(code: code.pointee)
    }

    /// Encodes text (UTF-8) letting libqrencode pick compact modes.
    public init?(text: String, level: Level = .medium) {
        guard let code = QRcode_encodeString(text, 0, level.qrencode, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        self.init(code: code.pointee)
    }

    /// A structured-append set: the text split over several symbols of `version`.
    public static func structured(text: String, version: Int, level: Level = .low) -> [QRMatrix] {
        guard let list = QRcode_encodeStringStructured(text, Int32(version), level.qrencode, QR_MODE_8, 1) else {
            return []
        }
        return symbols(of: list)
    }

    /// A structured-append set of the given parts (byte mode, `version`), each carrying
    /// `parity` as the message's parity (nil: the parity of the parts joined, as it should be).
    public static func structured(parts: [String], version: Int, parity: UInt8? = nil) -> [QRMatrix] {
        guard let set = QRinput_Struct_new() else { return [] }
        defer { QRinput_Struct_free(set) }
        for part in parts {
            guard let input = QRinput_new2(Int32(version), QR_ECLEVEL_L) else { return [] }
            let bytes = Array(part.utf8)
            guard QRinput_append(input, QR_MODE_8, Int32(bytes.count), bytes) == 0,
                QRinput_Struct_appendInput(set, input) >= 0
            else {
                QRinput_free(input)
                return []
            }
        }
        if let parity { QRinput_Struct_setParity(set, parity) }
        guard QRinput_Struct_insertStructuredAppendHeaders(set) == 0, let list = QRcode_encodeInputStructured(set)
        else { return [] }
        return symbols(of: list)
    }

    /// The symbols of an encoded set, which it frees.
    private static func symbols(of list: UnsafeMutablePointer<QRcode_List>) -> [QRMatrix] {
        defer { QRcode_List_free(list) }
        var result = [QRMatrix]()
        var entry: UnsafeMutablePointer<QRcode_List>? = list
        while let current = entry {
            if let code = current.pointee.code { result.append(QRMatrix(code: code.pointee)) }
            entry = current.pointee.next
        }
        return result
    }

    private init(code: QRcode) {
        size = Int(code.width)
        modules = (0..<(size * size)).map { code.data[$0] & 1 == 1 }
    }

    public subscript(x: Int, y: Int) -> Bool { modules[y * size + x] }

    /// Renders the code, `moduleSize` pixels per module, with a quiet zone of `quietZone`
    /// modules around it.
    public func render(moduleSize: Int, quietZone: Int = 4, dark: UInt8 = 0, light: UInt8 = 255) -> Frame {
        let side = (size + 2 * quietZone) * moduleSize
        var luma = [UInt8](repeating: light, count: side * side)
        for y in 0..<side {
            let my = y / moduleSize - quietZone
            guard my >= 0, my < size else { continue }
            for x in 0..<side {
                let mx = x / moduleSize - quietZone
                if mx >= 0, mx < size, self[mx, my] { luma[y * side + x] = dark }
            }
        }
        return Frame(width: side, height: side, luma: luma)
    }
}

extension QRMatrix.Level {
    var qrencode: QRecLevel {
        switch self {
        case .low: QR_ECLEVEL_L
        case .medium: QR_ECLEVEL_M
        case .quartile: QR_ECLEVEL_Q
        case .high: QR_ECLEVEL_H
        }
    }
}
