/// GS1 element strings (GS1-128, GS1 QR and DataMatrix): application identifiers and their
/// data, such as (01) GTIN, (10) batch, (17) expiry, (21) serial. Read from the FNC1 form
/// (`]C1`, `]Q3`, `]d2`, or zbar's GS1 flag; GS, 0x1D, ends variable-length data) and from
/// the printed form `(01)09501101530003(17)261130`.
enum GS1Elements {
    /// An AI's name and its data's length (nil: variable, up to `most`, ended by GS).
    struct Identifier {
        let name: String
        let length: Int?
        var most = 90
        var date = false
    }

    /// `year`: the year the dates' centuries are judged from (GS1's rule: a year more than 50
    /// ahead is of the last century, one more than 49 behind of the next).
    static func meaning(_ text: String, year: Int) -> CodeMeaning? {
        var body = Substring(text)
        for prefix in ["]C1", "]Q3", "]d2", "]e0"] where body.hasPrefix(prefix) { body = body.dropFirst(3) }
        let fields = body.hasPrefix("(") ? printed(body, year: year) : encoded(body, year: year)
        guard let fields, !fields.isEmpty else { return nil }
        return CodeMeaning(kind: .gs1, fields: fields)
    }

    /// Digits, AIs and their data back to back, GS after variable-length data.
    private static func encoded(_ text: Substring, year: Int) -> [Field]? {
        var rest = text
        var fields = [Field]()
        while !rest.isEmpty {
            guard let (ai, identifier) = lookup(rest) else { return nil }
            rest = rest.dropFirst(ai.count)
            let data: Substring
            if let length = identifier.length {
                guard rest.count >= length else { return nil }
                data = rest.prefix(length)
                rest = rest.dropFirst(length)
            } else {
                let end = rest.firstIndex(of: "\u{1D}") ?? rest.endIndex
                data = rest[..<end]
                guard data.count <= identifier.most else { return nil }
                rest = rest[end...]
            }
            if rest.first == "\u{1D}" { rest = rest.dropFirst() }
            guard let field = field(ai, identifier, data, year: year) else { return nil }
            fields.append(field)
        }
        return fields
    }

    /// `(AI)data(AI)data`: what is printed under a GS1-128 code.
    private static func printed(_ text: Substring, year: Int) -> [Field]? {
        var fields = [Field]()
        for part in text.split(separator: "(").filter({ !$0.isEmpty }) {
            guard let close = part.firstIndex(of: ")") else { return nil }
            let ai = String(part[..<close])
            let data = part[part.index(after: close)...]
            guard let (known, identifier) = lookup(Substring(ai)), known == ai,
                identifier.length.map({ data.count == $0 }) ?? (data.count <= identifier.most),
                let field = field(ai, identifier, data, year: year)
            else { return nil }
            fields.append(field)
        }
        return fields
    }

    private static func field(_ ai: String, _ identifier: Identifier, _ data: Substring, year: Int) -> Field? {
        guard !data.isEmpty else { return nil }
        if identifier.length != nil || identifier.date, !data.allSatisfy({ $0.isASCII && $0.isNumber }) { return nil }
        var value = String(data)
        if identifier.date {
            let full = fullYear(Int(data.prefix(2)) ?? 0, judgedFrom: year)
            value = "\(full)-\(data.dropFirst(2).prefix(2))-\(data.dropFirst(4).prefix(2))"
        }
        if identifier.name.hasPrefix("net weight") || identifier.name == "price",
            let decimals = ai.last?.wholeNumberValue,
            decimals > 0, decimals < value.count
        {
            value.insert(".", at: value.index(value.endIndex, offsetBy: -decimals))
            while value.hasPrefix("0") && !value.hasPrefix("0.") { value.removeFirst() }  // "001.250" is 1.250
        }
        return Field(identifier.name, value)
    }

    /// GS1's century rule for a two-digit year (General Specifications, 7.12).
    static func fullYear(_ twoDigits: Int, judgedFrom year: Int) -> Int {
        let current = year % 100
        let century = year - current
        switch twoDigits - current {
        case 51...: return century - 100 + twoDigits
        case ...(-50): return century + 100 + twoDigits
        default: return century + twoDigits
        }
    }

    /// The AI at the start of `text`: its digits (2, 3 or 4, by its first two) and what it is.
    private static func lookup(_ text: Substring) -> (String, Identifier)? {
        guard text.count >= 2, let head = Int(text.prefix(2)) else { return nil }
        let digits: Int
        switch head {
        case 23, 24, 25, 40...42: digits = 3
        case 31...36, 39, 70...79, 80...82: digits = 4
        default: digits = 2
        }
        guard text.count >= digits else { return nil }
        let ai = String(text.prefix(digits))
        guard ai.allSatisfy({ $0.isASCII && $0.isNumber }), let identifier = identifiers[ai] ?? family(ai) else {
            return nil
        }
        return (ai, identifier)
    }

    /// AIs whose last digit is a decimal point position or a number in a series.
    private static func family(_ ai: String) -> Identifier? {
        switch ai.prefix(3) {
        case "310": Identifier(name: "net weight kg", length: 6)
        case "320": Identifier(name: "net weight lb", length: 6)
        case "392": Identifier(name: "price", length: nil, most: 15)
        case "723": Identifier(name: "certification \(ai.suffix(1))", length: nil, most: 30)
        default: Int(ai).map { (91...99).contains($0) } == true ? Identifier(name: "internal \(ai)", length: nil) : nil
        }
    }

    static let identifiers: [String: Identifier] = [
        "00": Identifier(name: "sscc", length: 18), "01": Identifier(name: "gtin", length: 14),
        "02": Identifier(name: "content gtin", length: 14), "10": Identifier(name: "batch", length: nil, most: 20),
        "11": Identifier(name: "production date", length: 6, date: true),
        "12": Identifier(name: "due date", length: 6, date: true),
        "13": Identifier(name: "packaging date", length: 6, date: true),
        "15": Identifier(name: "best before", length: 6, date: true),
        "16": Identifier(name: "sell by", length: 6, date: true),
        "17": Identifier(name: "expiry", length: 6, date: true),
        "20": Identifier(name: "variant", length: 2), "21": Identifier(name: "serial", length: nil, most: 20),
        "22": Identifier(name: "consumer variant", length: nil, most: 20),
        "240": Identifier(name: "additional id", length: nil, most: 30),
        "241": Identifier(name: "customer part", length: nil, most: 30),
        "250": Identifier(name: "secondary serial", length: nil, most: 30),
        "254": Identifier(name: "location extension", length: nil, most: 20),
        "30": Identifier(name: "count", length: nil, most: 8),
        "37": Identifier(name: "count of items", length: nil, most: 8),
        "400": Identifier(name: "order", length: nil, most: 30),
        "401": Identifier(name: "consignment", length: nil, most: 30),
        "410": Identifier(name: "ship to", length: 13), "414": Identifier(name: "location", length: 13),
        "420": Identifier(name: "ship to postcode", length: nil, most: 20),
        "422": Identifier(name: "origin country", length: 3),
        "8004": Identifier(name: "giai", length: nil, most: 30),
        "8020": Identifier(name: "payment slip", length: nil, most: 25),
        "90": Identifier(name: "agreed", length: nil, most: 30),
    ]
}
