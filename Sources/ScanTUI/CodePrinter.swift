import CaptureKit
import CodeReading
import Foundation
import FrameCore
import Overlay
import ScanOptions

/// Formats codes for stdout: text, raw bytes or JSON lines. On a terminal every payload is
/// escaped (no byte of a code reaches the terminal raw); into a pipe it is exact.
struct CodePrinter {
    let format: Options.Format
    let toTerminal: Bool

    func line(for code: DetectedCode, frame: Int) -> [UInt8] {
        switch format {
        case .text:
            return Array((toTerminal ? VisibleText.escaping(code.text) : code.text).utf8) + [0x0A]
        case .raw:
            if toTerminal { return Array(VisibleText.escaping(code.text).utf8) + [0x0A] }
            return code.bytes + [0x0A]
        case .json:
            return Array(json(for: code, frame: frame).utf8) + [0x0A]
        }
    }

    func json(for code: DetectedCode, frame: Int) -> String {
        var fields = [
            "\"type\":\(JSON.string(code.symbology.displayName))",
            "\"text\":\(JSON.string(code.text))",
            "\"encoding\":\(JSON.string(code.encoding.rawValue))",
        ]
        if code.encoding != .utf8 {
            fields.append("\"bytes\":\(JSON.string(Data(code.bytes).base64EncodedString()))")
        }
        if let raw = code.raw {
            fields.append("\"raw\":\(JSON.string(String(decoding: raw, as: UTF8.self)))")
        }
        let corners = code.corners.map { "[\($0.x),\($0.y)]" }.joined(separator: ",")
        fields.append("\"corners\":[\(corners)]")
        fields.append("\"frame\":\(frame)")
        return "{" + fields.joined(separator: ",") + "}"
    }
}

enum JSON {
    /// A JSON string literal. Controls, C1 controls and line separators are \u-escaped so the
    /// output is also safe on a terminal.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || (0x202A...0x202E).contains(v)
                    || (0x2066...0x2069).contains(v) {
                    let hex = String(v, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
