/// Google Authenticator's export as its app writes it (a protobuf MigrationPayload, base64
/// in an `otpauth-migration://offline?data=` URI): test and fuzzing material.
public enum MigrationExport {
    public struct Account: Sendable {
        public var secret: [UInt8]
        public var name: String
        public var issuer: String
        /// 1 SHA1, 2 SHA256, 3 SHA512, 4 MD5.
        public var algorithm: Int
        /// 1 six digits, 2 eight.
        public var digits: Int
        /// 1 HOTP, 2 TOTP.
        public var type: Int
        public var counter: UInt64

        public init(
            secret: [UInt8], name: String, issuer: String = "", algorithm: Int = 1, digits: Int = 1, type: Int = 2,
            counter: UInt64 = 0
        ) {
            (self.secret, self.name, self.issuer, self.algorithm) = (secret, name, issuer, algorithm)
            (self.digits, self.type, self.counter) = (digits, type, counter)
        }
    }

    /// The message's bytes.
    public static func payload(_ accounts: [Account], batchSize: Int = 1, batchIndex: Int = 0) -> [UInt8] {
        var message = [UInt8]()
        for account in accounts {
            var fields = bytes(1, account.secret) + bytes(2, Array(account.name.utf8))
            if !account.issuer.isEmpty { fields += bytes(3, Array(account.issuer.utf8)) }
            fields +=
                varint(4, UInt64(account.algorithm)) + varint(5, UInt64(account.digits))
                + varint(6, UInt64(account.type))
            if account.type == 1 { fields += varint(7, account.counter) }
            message += bytes(1, fields)
        }
        return message + varint(2, 1) + varint(3, UInt64(batchSize)) + varint(4, UInt64(batchIndex))
            + varint(5, 123_456_789)
    }

    /// The URI a code holds: the payload in base64, its "+", "/" and "=" percent-encoded.
    public static func uri(_ payload: [UInt8]) -> String {
        let encoded = base64(payload).map { character -> String in
            switch character {
            case "+": "%2B"
            case "/": "%2F"
            case "=": "%3D"
            default: String(character)
            }
        }
        return "otpauth-migration://offline?data=" + encoded.joined()
    }

    static func varint(_ field: Int, _ value: UInt64) -> [UInt8] { key(field, 0) + leb128(value) }

    static func bytes(_ field: Int, _ value: [UInt8]) -> [UInt8] { key(field, 2) + leb128(UInt64(value.count)) + value }

    static func key(_ field: Int, _ wire: Int) -> [UInt8] { leb128(UInt64(field << 3 | wire)) }

    static func leb128(_ value: UInt64) -> [UInt8] {
        var out = [UInt8]()
        var rest = value
        repeat {
            let byte = UInt8(rest & 0x7F)
            rest >>= 7
            out.append(rest == 0 ? byte : byte | 0x80)
        } while rest != 0
        return out
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = Array(bytes[start..<min(start + 3, bytes.count)])
            let group = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[(group >> (18 - 6 * position)) & 63] : "=")
            }
        }
        return out
    }
}
