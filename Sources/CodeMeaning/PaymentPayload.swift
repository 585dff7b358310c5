/// The European Payments Council's QR code for SEPA credit transfers ("BCD", version 001 or
/// 002): who is paid (name, IBAN, BIC), how much, and what for. Lines in a fixed order.
enum PaymentPayload {
    static func meaning(_ text: String) -> CodeMeaning? {
        let lines = text.replacingLineEnds().split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingSpaces()
        }
        guard lines.count >= 7, lines[0] == "BCD", ["001", "002"].contains(lines[1]), lines[3] == "SCT" else {
            return nil
        }
        let iban = lines[6].replacingSpaces()
        guard !lines[5].isEmpty, iban.count >= 15, iban.count <= 34,
            iban.prefix(2).allSatisfy({ $0.isASCII && $0.isLetter }),
            ibanChecks(iban)
        else { return nil }
        var fields = [Field("name", lines[5]), Field("iban", iban)]
        if !lines[4].isEmpty { fields.append(Field("bic", lines[4])) }
        if lines.count > 7, lines[7].hasPrefix("EUR"), Double(lines[7].dropFirst(3)) != nil {
            fields.append(Field("amount", String(lines[7].dropFirst(3))))
            fields.append(Field("currency", "EUR"))
        }
        for (index, name) in [(8, "purpose"), (9, "reference"), (10, "text"), (11, "information")]
        where lines.count > index && !lines[index].isEmpty {
            fields.append(Field(name, lines[index]))
        }
        return CodeMeaning(kind: .payment, fields: fields)
    }

    /// ISO 13616: the country and check digits moved to the end, letters as 10-35, mod 97 is 1.
    static func ibanChecks(_ iban: String) -> Bool {
        let moved = iban.dropFirst(4) + iban.prefix(4)
        var remainder = 0
        for character in moved.uppercased() {
            guard let value = character.wholeNumberValue ?? character.asciiValue.map({ Int($0) - 55 }),
                character.isASCII, value >= 0, value <= 35
            else { return false }
            for digit in String(value) { remainder = (remainder * 10 + digit.wholeNumberValue!) % 97 }
        }
        return remainder == 1
    }
}

extension String {
    func replacingSpaces() -> String { filter { $0 != " " } }
}
