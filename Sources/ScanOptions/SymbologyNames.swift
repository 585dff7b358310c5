import CodeReading

/// The names `-S` takes for each symbology: the shortest first (help lists it), then zbar's
/// and the other names people use. Lower case; punctuation is ignored when matching.
package enum SymbologyNames {
    package static func names(of symbology: Symbology) -> [String] {
        switch symbology {
        case .ean2: ["ean2"]
        case .ean5: ["ean5"]
        case .ean8: ["ean8"]
        case .upce: ["upce"]
        case .isbn10: ["isbn10"]
        case .upca: ["upca"]
        case .ean13: ["ean13", "ean"]
        case .isbn13: ["isbn13", "isbn"]
        case .composite: ["composite"]
        case .i25: ["i25", "itf", "interleaved2of5"]
        case .databar: ["databar", "rss14"]
        case .databarExpanded: ["databarexp", "databarexpanded", "rssexpanded"]
        case .codabar: ["codabar"]
        case .code39: ["code39"]
        case .pdf417: ["pdf417"]
        case .qr: ["qr", "qrcode"]
        case .sq: ["sq", "sqcode"]
        case .code93: ["code93"]
        case .code128: ["code128"]
        case .dataMatrix: ["datamatrix", "dm"]
        case .aztec: ["aztec"]
        case .microQR: ["microqr", "mqr"]
        case .maxiCode: ["maxicode"]
        }
    }

    /// "EAN-13", "qr", "Code 128" (any case, punctuation and spaces ignored); nil when unknown.
    package static func symbology(named name: String) -> Symbology? {
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        return Symbology.allCases.first { names(of: $0).contains(key) }
    }

    /// Each symbology's first name, in help and completions.
    package static var known: [String] { Symbology.allCases.map { names(of: $0)[0] } }
}
