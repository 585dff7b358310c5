import CodeReading

/// The names `-S` takes for each symbology (its descriptor's): the shortest first (help lists
/// it), then zbar's and the other names people use. Lower case; punctuation is ignored when matching.
package enum SymbologyNames {
    package static func names(of symbology: Symbology) -> [String] { symbology.descriptor.names }

    /// "EAN-13", "qr", "Code 128" (any case, punctuation and spaces ignored); nil when unknown.
    package static func symbology(named name: String) -> Symbology? {
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        return Symbology.allCases.first { names(of: $0).contains(key) }
    }

    /// Each symbology's first name, in help and completions.
    package static var known: [String] { Symbology.allCases.map { names(of: $0)[0] } }
}
