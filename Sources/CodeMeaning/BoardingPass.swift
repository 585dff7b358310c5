/// IATA's Bar Coded Boarding Pass (BCBP, Resolution 792), as PDF417 and Aztec codes on
/// boarding passes carry it: the fixed-width mandatory items of the first flight leg. Each
/// item is checked for its form, so ordinary text is never taken for a boarding pass.
enum BoardingPass {
    /// The mandatory items: name, offset, length.
    private static let items: [(name: String, start: Int, length: Int)] = [
        ("legs", 1, 1), ("passenger", 2, 20), ("ticket", 22, 1), ("pnr", 23, 7), ("from", 30, 3), ("to", 33, 3),
        ("carrier", 36, 3), ("flight", 39, 5), ("date", 44, 3), ("class", 47, 1), ("seat", 48, 4),
        ("sequence", 52, 5), ("status", 57, 1), ("more", 58, 2),
    ]

    static func meaning(_ text: String) -> CodeMeaning? {
        let characters = Array(text)
        guard characters.count >= 60, characters[0] == "M", characters.prefix(60).allSatisfy({ $0.isASCII }) else {
            return nil
        }
        var item = [String: String]()
        for (name, start, length) in items { item[name] = String(characters[start..<start + length]) }
        guard let legs = Int(item["legs"]!), (1...4).contains(legs),
            let passenger = trimmed(item["passenger"]!), passenger.contains("/"),
            passenger.allSatisfy({ $0.isLetter || " /-.'".contains($0) }),
            let from = item["from"], isAirport(from), let to = item["to"], isAirport(to),
            let carrier = trimmed(item["carrier"]!), carrier.count >= 2, carrier.allSatisfy(isUpperAlphanumeric),
            let flight = item["flight"], flight.prefix(4).allSatisfy(\.isNumber),
            let day = Int(item["date"]!), (1...366).contains(day),
            let seat = item["seat"], seat.allSatisfy({ isUpperAlphanumeric($0) || $0 == " " }),
            item["more"]!.allSatisfy(\.isHexDigit)
        else { return nil }
        var fields = [
            Field("passenger", passenger),
            Field("flight", "\(carrier) \(unpadded(flight.prefix(4)))" + String(flight.last!).trimmingSpaces()),
            Field("from", from), Field("to", to), Field("date", String(day)),
        ]
        if let pnr = trimmed(item["pnr"]!) { fields.insert(Field("pnr", pnr), at: 1) }
        if let seatNumber = trimmed(seat) { fields.append(Field("seat", unpadded(seatNumber[...]))) }
        if let travelClass = trimmed(item["class"]!) { fields.append(Field("class", travelClass)) }
        if legs > 1 { fields.append(Field("legs", String(legs))) }
        return CodeMeaning(kind: .boardingPass, fields: fields)
    }

    private static func trimmed(_ text: String) -> String? {
        let value = text.trimmingSpaces()
        return value.isEmpty ? nil : value
    }

    /// "0834" as "834", "001A" as "1A".
    private static func unpadded(_ text: Substring) -> String {
        let value = text.drop { $0 == "0" }
        return value.first?.isNumber == true ? String(value) : "0" + value
    }

    private static func isAirport(_ code: String) -> Bool { code.count == 3 && code.allSatisfy { $0.isUppercase } }

    private static func isUpperAlphanumeric(_ character: Character) -> Bool {
        character.isASCII && (character.isUppercase || character.isNumber)
    }
}
