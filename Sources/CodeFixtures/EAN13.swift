import FrameCore
import PictureOps

/// EAN-13 barcodes drawn from their digits, for tests of 1D reading (no library needed:
/// the symbology is three tables and a parity pattern).
public enum EAN13 {
    static let left = [
        "0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011",
    ]
    static let parity = [
        "LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL",
    ]

    /// The 13th digit for 12 digits.
    public static func checkDigit(_ twelve: String) -> Int {
        let digits = twelve.compactMap(\.wholeNumberValue)
        let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
        return (10 - sum % 10) % 10
    }

    /// Modules (true = bar) of a 13-digit code, guards included.
    static func modules(_ digits: String) -> [Bool] {
        let d = digits.compactMap(\.wholeNumberValue)
        precondition(d.count == 13)
        var bits = "101"
        let pattern = Array(parity[d[0]])
        for i in 1...6 {
            let code = left[d[i]]
            bits += pattern[i - 1] == "L" ? code : String(code.reversed().map { $0 == "0" ? "1" : "0" })
        }
        bits += "01010"
        for i in 7...12 { bits += String(left[d[i]].map { $0 == "0" ? "1" : "0" }) }
        bits += "101"
        return bits.map { $0 == "1" }
    }

    /// The barcode for 12 digits (the check digit is added), `moduleWidth` pixels per module,
    /// with quiet zones, on a `width` x `height` scene, optionally turned by `degrees`.
    public static func scene(
        _ twelve: String, moduleWidth: Int = 3, barHeight: Int = 120,
        width: Int = 640, height: Int = 360, degrees: Double = 0
    ) -> Frame {
        let digits = twelve + String(checkDigit(twelve))
        let modules = Self.modules(digits)
        let quiet = 11 * moduleWidth
        let codeWidth = modules.count * moduleWidth + 2 * quiet
        var luma = [UInt8](repeating: 235, count: codeWidth * (barHeight + 2 * quiet))
        for y in quiet..<(quiet + barHeight) {
            for (index, bar) in modules.enumerated() where bar {
                for x in 0..<moduleWidth { luma[y * codeWidth + quiet + index * moduleWidth + x] = 25 }
            }
        }
        let code = Frame(width: codeWidth, height: barHeight + 2 * quiet, luma: luma)
        return Frame.filled(width: width, height: height, value: 190)
            .drawing(code, centreX: Double(width) / 2, centreY: Double(height) / 2, degrees: degrees)
    }
}
