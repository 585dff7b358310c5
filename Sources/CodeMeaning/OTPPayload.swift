/// A two-factor account (Google Authenticator's Key URI format):
/// `otpauth://totp/Issuer:account?secret=BASE32&issuer=Issuer&algorithm=SHA1&digits=6&period=30`,
/// or `hotp` with a `counter`. The secret is what makes the codes: the screen masks it.
enum OTPPayload {
    static let algorithms = ["SHA1", "SHA256", "SHA512"]
    /// The longest period told as usable: a day (RFC 6238 suggests 30 seconds).
    static let longestPeriod = 86_400

    static func meaning(_ text: String) -> CodeMeaning? {
        guard text.prefix(10).lowercased() == "otpauth://" else { return nil }
        let rest = text.dropFirst(10)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let type = rest[..<slash].lowercased()
        guard type == "totp" || type == "hotp" else { return nil }
        let afterType = rest[slash...].dropFirst()
        let question = afterType.firstIndex(of: "?") ?? afterType.endIndex
        let label = PercentDecoding.decode(afterType[..<question])
        let query = PercentDecoding.query(afterType[question...].dropFirst())
        func value(_ name: String) -> String? { query.first { $0.0 == name }.map(\.1) }
        let labelParts = label.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces() }
        let named = value("issuer") ?? ""
        // A label of only spaces before its colon names no issuer.
        let fromLabel = labelParts.count == 2 && !labelParts[0].isEmpty ? labelParts[0] : nil
        let issuer = named.isEmpty ? fromLabel : named
        var fields = [Field("type", type)]
        if let issuer { fields.append(Field("issuer", issuer)) }
        if let account = labelParts.last, !account.isEmpty { fields.append(Field("account", account)) }
        let settings = Settings(type: type, value: value)
        fields += settings.fields
        let secrets = query.filter { $0.0 == "secret" }.map { String($0.1.filter { $0 != " " }) }
        let secret = secrets.first ?? ""
        if let problem = settings.problem {
            fields.append(Field("problem", problem))
        } else if secrets.count > 1 {
            fields.append(Field("problem", "two secrets: which one makes the codes is not known"))
        } else if secret.isEmpty {
            fields.append(Field("problem", "no secret"))
        } else if !Base32.isValid(secret) {
            fields.append(Field("problem", "the secret is not base32"))
        } else {
            let normalised = secret.uppercased().filter { $0 != "=" }
            fields.append(Field("secret", normalised))
            fields.append(
                Field(
                    "uri", uri(type: type, label: label, issuer: issuer, settings: settings.fields, secret: normalised))
            )
        }
        return CodeMeaning(kind: .otp, fields: fields)
    }

    /// The URI another app imports, with only the parameters the Key URI format names.
    static func uri(type: String, label: String, issuer: String?, settings: [Field], secret: String) -> String {
        var uri = "otpauth://\(type)/\(PercentDecoding.encode(label))?secret=\(secret)"
        if let issuer, !issuer.isEmpty { uri += "&issuer=\(PercentDecoding.encode(issuer))" }
        for field in settings { uri += "&\(field.name)=\(field.value)" }
        return uri
    }

    /// The algorithm, digits and period (or counter) an account asks for, and what makes them
    /// unusable: what RFC 4226 and 6238 do not allow is told, not shown.
    struct Settings {
        var fields: [Field] = []
        var problem: String?

        init(type: String, value: (String) -> String?) {
            let algorithm = (value("algorithm") ?? "SHA1").uppercased()
            let digits = value("digits") ?? "6"
            if OTPPayload.algorithms.contains(algorithm) {
                fields.append(Field("algorithm", algorithm))
            } else {
                problem = "an algorithm two-factor codes do not use"
            }
            if let count = Int(digits), (6...8).contains(count) {
                fields.append(Field("digits", "\(count)"))
            } else {
                problem = problem ?? "a number of digits outside 6 to 8"
            }
            if type == "totp" {
                if let period = Int(value("period") ?? "30"), (1...OTPPayload.longestPeriod).contains(period) {
                    fields.append(Field("period", "\(period)"))
                } else {
                    problem = problem ?? "a period outside 1 second to a day"
                }
            } else if let counter = UInt64(value("counter") ?? "0") {
                fields.append(Field("counter", "\(counter)"))
            } else {
                problem = problem ?? "a counter that is not a number"
            }
        }
    }
}

/// RFC 4648 base32, as two-factor secrets are written (padding optional, any case).
public enum Base32 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")

    /// `bytes` in base32, without padding (as two-factor URIs write secrets).
    static func encode(_ bytes: [UInt8]) -> String {
        var out = ""
        var bits = 0
        var count = 0
        for byte in bytes {
            bits = bits << 8 | Int(byte)
            count += 8
            while count >= 5 {
                count -= 5
                out.append(alphabet[(bits >> count) & 31])
            }
            bits &= (1 << count) - 1
        }
        if count > 0 { out.append(alphabet[(bits << (5 - count)) & 31]) }
        return out
    }

    /// The bytes of a base32 secret (any case, padding and spaces ignored); nil when invalid.
    public static func decode(_ text: String) -> [UInt8]? {
        let body = text.uppercased().filter { $0 != " " && $0 != "=" }
        guard isValid(body) else { return nil }
        var packer = BitPacker()
        for character in body {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            packer.append(value, bits: 5)
        }
        return packer.bytes
    }

    static func isValid(_ text: String) -> Bool {
        let body = text.uppercased().reversed().drop { $0 == "=" }
        return !body.isEmpty && body.allSatisfy { alphabet.contains($0) } && ![1, 3, 6].contains(body.count % 8)
    }
}
