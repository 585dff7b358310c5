/// What a code's payload means, as phone scanners tell it: a link, a Wi-Fi network, a
/// contact, a product... with its parts named. Pure: text in, meaning out (no I/O, no
/// imports), so every kind is tested on its own.
public struct CodeMeaning: Equatable, Sendable {
    public let kind: CodeKind
    /// The parts, in the order a person reads them ("ssid", "security", "password"...).
    public let fields: [Field]

    public init(kind: CodeKind, fields: [Field] = []) {
        self.kind = kind
        self.fields = fields
    }

    public subscript(name: String) -> String? { fields.first { $0.name == name }?.value }

    /// Every value of a repeated field (a contact's phone numbers).
    public func all(_ name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }

    /// A two-factor export's accounts, each its own fields (each begins with its "type").
    public var accounts: [CodeMeaning] {
        guard kind == .otpExport else { return [] }
        var groups = [[Field]]()
        for field in fields {
            if field.name == "type" { groups.append([]) }
            if !groups.isEmpty { groups[groups.count - 1].append(field) }
        }
        return groups.map { CodeMeaning(kind: .otp, fields: $0) }
    }
}

public struct Field: Equatable, Sendable {
    public let name: String
    public let value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

public enum CodeKind: String, Sendable, CaseIterable {
    case url, wifi, contact, event, geo, phone, sms, email, product, isbn, gs1, payment, otp
    /// Two-factor accounts exported together (Google Authenticator's `otpauth-migration:`).
    case otpExport = "otpexport"
    case boardingPass = "boardingpass"
    case text
}

/// What the reader knows of the symbology, which some meanings depend on.
public enum CodeFamily: Sendable {
    /// EAN-13, UPC-A, EAN-8, UPC-E: a product number.
    case product
    /// Read with GS1's FNC1 (GS1-128, GS1 QR): element strings.
    case gs1
    case other
}

extension CodeMeaning {
    /// The meaning of `text` read from a code of `family`.
    /// `year`: this year, which GS1's two-digit years are judged from (the module reads no clock).
    public static func of(_ text: String, family: CodeFamily = .other, year: Int = 2026) -> CodeMeaning {
        if family == .product, let product = ProductCode.meaning(text) { return product }
        if family == .gs1 || text.hasPrefix("]C1") || text.hasPrefix("]Q3") || text.hasPrefix("]d2"),
            let elements = GS1Elements.meaning(text, year: year)
        {
            return elements
        }
        let upper = text.prefix(16).uppercased()
        if upper.hasPrefix("WIFI:") { return WiFiPayload.meaning(text) ?? plain(text) }
        if upper.hasPrefix("BEGIN:VCARD") || upper.hasPrefix("MECARD:") {
            return ContactPayload.meaning(text) ?? plain(text)
        }
        if upper.hasPrefix("BEGIN:VCALENDAR") || upper.hasPrefix("BEGIN:VEVENT") {
            return EventPayload.meaning(text) ?? plain(text)
        }
        if upper.hasPrefix("BCD\n") || upper.hasPrefix("BCD\r\n") { return PaymentPayload.meaning(text) ?? plain(text) }
        if upper.hasPrefix("M"), let pass = BoardingPass.meaning(text) { return pass }
        if let message = MessagePayload.meaning(text) { return message }
        if let account = OTPPayload.meaning(text) { return account }
        if let export = MigrationPayload.meaning(text) { return export }
        if let link = LinkPayload.meaning(text) { return link }
        return plain(text)
    }

    static func plain(_ text: String) -> CodeMeaning { CodeMeaning(kind: .text) }
}
