/// Codes that start a message or a call, or name a place: `tel:`, `SMSTO:number:text`,
/// `sms:number?body=`, `mailto:address?subject=&body=`, `MATMSG:TO:;SUB:;BODY:;;`, and
/// `geo:lat,lon[,alt][?q=]`.
enum MessagePayload {
    static func meaning(_ text: String) -> CodeMeaning? {
        let lower = text.prefix(7).lowercased()
        if lower.hasPrefix("tel:") { return phone(text.dropFirst(4)) }
        if lower.hasPrefix("smsto:") { return smsTo(text.dropFirst(6)) }
        if lower.hasPrefix("sms:") { return sms(text.dropFirst(4)) }
        if lower.hasPrefix("mailto:") { return mailto(text.dropFirst(7)) }
        if lower.hasPrefix("matmsg:") { return matmsg(text) }
        if lower.hasPrefix("geo:") { return geo(text.dropFirst(4)) }
        return nil
    }

    static func phone(_ number: Substring) -> CodeMeaning? {
        let value = PercentDecoding.decode(number)
        return value.isEmpty ? nil : CodeMeaning(kind: .phone, fields: [Field("number", value)])
    }

    static func smsTo(_ rest: Substring) -> CodeMeaning? {
        let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let number = parts.first, !number.isEmpty else { return nil }
        var fields = [Field("number", String(number))]
        if parts.count > 1, !parts[1].isEmpty { fields.append(Field("body", String(parts[1]))) }
        return CodeMeaning(kind: .sms, fields: fields)
    }

    static func sms(_ rest: Substring) -> CodeMeaning? {
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let number = PercentDecoding.decode(parts[0])
        guard !number.isEmpty else { return nil }
        var fields = [Field("number", number)]
        if parts.count > 1, let body = PercentDecoding.query(parts[1]).first(where: { $0.0 == "body" })?.1,
            !body.isEmpty
        {
            fields.append(Field("body", body))
        }
        return CodeMeaning(kind: .sms, fields: fields)
    }

    static func mailto(_ rest: Substring) -> CodeMeaning? {
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var fields = [Field]()
        for address in parts[0].split(separator: ",") { fields.append(Field("to", PercentDecoding.decode(address))) }
        for (key, value) in parts.count > 1 ? PercentDecoding.query(parts[1]) : [] where !value.isEmpty {
            switch key {
            case "to": fields.append(Field("to", value))
            case "cc", "bcc", "subject", "body": fields.append(Field(key, value))
            default: break
            }
        }
        return fields.contains { $0.name == "to" } ? CodeMeaning(kind: .email, fields: fields) : nil
    }

    static func matmsg(_ text: String) -> CodeMeaning? {
        let pairs = KeyedFields.parse(text, prefix: "MATMSG:")
        var fields = [Field]()
        for (key, name) in [("TO", "to"), ("SUB", "subject"), ("BODY", "body")] {
            if let value = pairs.first(where: { $0.key == key })?.value, !value.isEmpty {
                fields.append(Field(name, value))
            }
        }
        return fields.contains { $0.name == "to" } ? CodeMeaning(kind: .email, fields: fields) : nil
    }

    /// RFC 5870 with Android's `?q=` query; latitude and longitude must be in range.
    static func geo(_ rest: Substring) -> CodeMeaning? {
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let coordinates = (parts[0].split(separator: ";").first ?? "").split(separator: ",")
        guard coordinates.count >= 2, let latitude = Double(coordinates[0]), let longitude = Double(coordinates[1]),
            abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        var fields = [Field("latitude", String(coordinates[0])), Field("longitude", String(coordinates[1]))]
        if coordinates.count > 2, Double(coordinates[2]) != nil {
            fields.append(Field("altitude", String(coordinates[2])))
        }
        if parts.count > 1, let query = PercentDecoding.query(parts[1]).first(where: { $0.0 == "q" })?.1, !query.isEmpty
        {
            fields.append(Field("query", query))
        }
        return CodeMeaning(kind: .geo, fields: fields)
    }
}
