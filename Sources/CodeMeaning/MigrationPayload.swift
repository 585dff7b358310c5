/// Google Authenticator's export (`otpauth-migration://offline?data=…`): base64 of a small
/// protobuf message holding the accounts it moves. Each account becomes the `otpauth://` URI
/// another app imports, and its fields; a payload that is not what it claims (bad base64, a
/// length past its end, no account) is plain text with a note of why.
enum MigrationPayload {
    struct Account: Equatable {
        var secret: [UInt8] = []
        var name = ""
        var issuer = ""
        /// 1 SHA1, 2 SHA256, 3 SHA512, 4 MD5 (0: unspecified, SHA1).
        var algorithm = 0
        /// 1 six digits, 2 eight (0: six).
        var digits = 0
        /// 1 HOTP, 2 TOTP (0: TOTP).
        var type = 0
        var counter: UInt64 = 0
    }

    struct Batch: Equatable {
        var accounts: [Account] = []
        var index: UInt64 = 0
        var size: UInt64 = 1
    }

    static func meaning(_ text: String) -> CodeMeaning? {
        guard text.prefix(20).lowercased() == "otpauth-migration://" else { return nil }
        // The data as written: a "+" of base64 is no space here.
        guard let data = QueryPairs.of(text).first(where: { $0.name == "data" }) else {
            return CodeMeaning(kind: .text, fields: [Field("note", "a two-factor export without its data")])
        }
        guard let bytes = Base64.decode(PercentDecoding.decode(text[data.value])) else {
            return CodeMeaning(kind: .text, fields: [Field("note", "a two-factor export whose data is not base64")])
        }
        guard let batch = parse(bytes), !batch.accounts.isEmpty else {
            return CodeMeaning(kind: .text, fields: [Field("note", "a two-factor export that cannot be read")])
        }
        var fields = [Field("accounts", "\(batch.accounts.count)")]
        // Numbers from outside: a batch is told only when its index lies within its size.
        if batch.size > 1, batch.index < batch.size {
            fields.append(Field("batch", "\(batch.index + 1) of \(batch.size)"))
        }
        for account in batch.accounts { fields += accountFields(account) }
        return CodeMeaning(kind: .otpExport, fields: fields)
    }

    /// One account's fields, its URI last: each account starts with its "type". MD5 (which
    /// no two-factor standard names) makes an account unusable.
    static func accountFields(_ account: Account) -> [Field] {
        let type = account.type == 1 ? "hotp" : "totp"
        let algorithm = [2: "SHA256", 3: "SHA512", 4: "MD5"][account.algorithm] ?? "SHA1"
        let secret = Base32.encode(account.secret)
        var fields = [Field("type", type)]
        if !account.issuer.isEmpty { fields.append(Field("issuer", account.issuer)) }
        if !account.name.isEmpty { fields.append(Field("account", account.name)) }
        let settings = [
            Field("algorithm", algorithm), Field("digits", account.digits == 2 ? "8" : "6"),
            type == "totp" ? Field("period", "30") : Field("counter", "\(account.counter)"),
        ]
        guard OTPPayload.algorithms.contains(algorithm) else {
            return fields + [Field("problem", "an algorithm two-factor codes do not use")]
        }
        fields += settings
        guard !secret.isEmpty else { return fields + [Field("problem", "no secret")] }
        let label = account.issuer.isEmpty ? account.name : account.issuer + ":" + account.name
        let issuer = account.issuer.isEmpty ? nil : account.issuer
        return fields + [
            Field("secret", secret),
            Field("uri", OTPPayload.uri(type: type, label: label, issuer: issuer, settings: settings, secret: secret)),
        ]
    }

    /// The MigrationPayload message: accounts (field 1), batch size (3) and index (4); nil
    /// when a length or value runs past the end, or a wire type is unknown.
    static func parse(_ bytes: [UInt8]) -> Batch? {
        var batch = Batch()
        var reader = ProtobufReader(bytes: bytes[...])
        while !reader.atEnd {
            guard let (field, value) = reader.next() else { return nil }
            switch (field, value) {
            case (1, .bytes(let message)):
                guard let account = parseAccount(message) else { return nil }
                batch.accounts.append(account)
            case (3, .varint(let size)): batch.size = size
            case (4, .varint(let index)): batch.index = index
            default: break  // the version, the batch id, fields of later versions
            }
        }
        return batch
    }

    private static func parseAccount(_ bytes: ArraySlice<UInt8>) -> Account? {
        var account = Account()
        var reader = ProtobufReader(bytes: bytes)
        while !reader.atEnd {
            guard let (field, value) = reader.next() else { return nil }
            switch (field, value) {
            case (1, .bytes(let secret)): account.secret = Array(secret)
            case (2, .bytes(let name)): account.name = String(decoding: name, as: UTF8.self)
            case (3, .bytes(let issuer)): account.issuer = String(decoding: issuer, as: UTF8.self)
            case (4, .varint(let algorithm)): account.algorithm = Int(clamping: algorithm)
            case (5, .varint(let digits)): account.digits = Int(clamping: digits)
            case (6, .varint(let type)): account.type = Int(clamping: type)
            case (7, .varint(let counter)): account.counter = counter
            default: break
            }
        }
        return account
    }
}

/// Protocol buffers' wire format, as far as a reader of small messages needs it.
struct ProtobufReader {
    enum Value {
        case varint(UInt64)
        case bytes(ArraySlice<UInt8>)
        case fixed
    }

    var bytes: ArraySlice<UInt8>
    var atEnd: Bool { bytes.isEmpty }

    /// The next field number and value; nil when the message is cut short or malformed.
    mutating func next() -> (Int, Value)? {
        guard let key = varint(), key >> 3 > 0, key >> 3 <= UInt64(Int32.max) else { return nil }
        let field = Int(key >> 3)
        switch key & 7 {
        case 0: return varint().map { (field, .varint($0)) }
        case 1, 5:
            let width = key & 7 == 1 ? 8 : 4
            guard bytes.count >= width else { return nil }
            bytes = bytes.dropFirst(width)
            return (field, .fixed)
        case 2:
            guard let length = varint(), length <= UInt64(bytes.count) else { return nil }
            let value = bytes.prefix(Int(length))
            bytes = bytes.dropFirst(Int(length))
            return (field, .bytes(value))
        default: return nil  // groups (3, 4) are long gone; 6 and 7 do not exist
        }
    }

    private mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while let byte = bytes.first {
            bytes = bytes.dropFirst()
            guard shift < 64 else { return nil }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }
}
