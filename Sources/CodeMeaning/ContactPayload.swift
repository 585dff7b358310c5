/// A contact: vCard 2.1, 3.0 or 4.0, or DoCoMo's MECARD. Name, phones, e-mails, organisation,
/// title, address, link, note, birthday; repeated fields stay repeated.
enum ContactPayload {
    static func meaning(_ text: String) -> CodeMeaning? {
        text.uppercased().hasPrefix("MECARD:") ? mecard(text) : vcard(text)
    }

    static func vcard(_ text: String) -> CodeMeaning? {
        let lines = ContentLine.parse(text)
        var fields = [Field]()
        if let name = lines.first(where: { $0.name == "FN" })?.text, !name.isEmpty {
            fields.append(Field("name", name))
        } else if let structured = lines.first(where: { $0.name == "N" })?.components() {
            // N: family; given; additional; prefix; suffix
            let parts = [
                structured.count > 3 ? structured[3] : "", structured.count > 1 ? structured[1] : "",
                structured.count > 2 ? structured[2] : "", structured[0], structured.count > 4 ? structured[4] : "",
            ]
            let name = parts.filter { !$0.isEmpty }.joined(separator: " ")
            if !name.isEmpty { fields.append(Field("name", name)) }
        }
        let simple = [
            ("TEL", "phone"), ("EMAIL", "email"), ("ORG", "organisation"), ("TITLE", "title"), ("URL", "url"),
            ("NOTE", "note"), ("BDAY", "birthday"),
        ]
        for line in lines {
            if let field = simple.first(where: { $0.0 == line.name })?.1 {
                let value =
                    line.name == "ORG" ? line.components().filter { !$0.isEmpty }.joined(separator: ", ") : line.text
                // "tel:" alone is no number.
                let stripped = strippingTelScheme(value, field: field)
                if !stripped.isEmpty { fields.append(Field(field, stripped)) }
            } else if line.name == "ADR" {
                let address = line.components().filter { !$0.isEmpty }.joined(separator: ", ")
                if !address.isEmpty { fields.append(Field("address", address)) }
            }
        }
        return fields.isEmpty ? nil : CodeMeaning(kind: .contact, fields: fields)
    }

    /// vCard 4.0 writes phones as `tel:+1...` URIs.
    private static func strippingTelScheme(_ value: String, field: String) -> String {
        field == "phone" && value.lowercased().hasPrefix("tel:") ? String(value.dropFirst(4)) : value
    }

    static func mecard(_ text: String) -> CodeMeaning? {
        var fields = [Field]()
        let names = [
            ("TEL", "phone"), ("EMAIL", "email"), ("ORG", "organisation"), ("ADR", "address"), ("URL", "url"),
            ("NOTE", "note"), ("BDAY", "birthday"), ("NICKNAME", "nickname"),
        ]
        for (key, value) in KeyedFields.parse(text, prefix: "MECARD:") where !value.isEmpty {
            if key == "N" {
                // "Family,Given" reads "Given Family"; a name of commas and spaces is none.
                let parts = value.split(separator: ",", maxSplits: 1).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
                if !parts.isEmpty { fields.insert(Field("name", parts.reversed().joined(separator: " ")), at: 0) }
            } else if let name = names.first(where: { $0.0 == key })?.1 {
                fields.append(Field(name, value))
            }
        }
        return fields.isEmpty ? nil : CodeMeaning(kind: .contact, fields: fields)
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
