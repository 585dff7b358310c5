import CCrypto

/// The codes a two-factor account makes: HOTP (RFC 4226) from a counter, TOTP (RFC 6238) from
/// the time, with HMAC from OpenSSL's libcrypto (a well-kept implementation, not one of ours).
public struct OneTimeCode: Equatable, Sendable {
    public enum Algorithm: String, Sendable, CaseIterable {
        case sha1 = "SHA1", sha256 = "SHA256", sha512 = "SHA512", md5 = "MD5"
    }

    public let secret: [UInt8]
    public let algorithm: Algorithm
    public let digits: Int
    /// TOTP's time step in seconds.
    public let period: Int

    public init(secret: [UInt8], algorithm: Algorithm = .sha1, digits: Int = 6, period: Int = 30) {
        self.secret = secret
        self.algorithm = algorithm
        self.digits = min(10, max(1, digits))
        self.period = max(1, period)
    }

    /// The code for `counter`, zero-padded to its digits; nil if libcrypto cannot make the MAC.
    public func hotp(counter: UInt64) -> String? {
        let message = (0..<8).map { UInt8(truncatingIfNeeded: counter >> (56 - 8 * UInt64($0))) }
        var mac = [UInt8](repeating: 0, count: 64)
        let length = secret.withUnsafeBufferPointer { key in
            message.withUnsafeBufferPointer { data in
                mac.withUnsafeMutableBufferPointer { out in
                    qrtui_hmac(
                        algorithm.rawValue, key.baseAddress, key.count, data.baseAddress, data.count, out.baseAddress,
                        out.count)
                }
            }
        }
        guard length >= 20 else { return nil }
        // Dynamic truncation: four bytes where the last nibble points, the top bit cleared.
        let offset = Int(mac[length - 1] & 0x0F)
        let value =
            (UInt64(mac[offset] & 0x7F) << 24) | (UInt64(mac[offset + 1]) << 16) | (UInt64(mac[offset + 2]) << 8)
            | UInt64(mac[offset + 3])
        var modulus: UInt64 = 1
        for _ in 0..<digits { modulus *= 10 }
        let code = String(value % modulus)
        return String(repeating: "0", count: digits - code.count) + code
    }

    /// The code for the time `seconds` since 1970, and the seconds it stays valid.
    public func totp(at seconds: Double) -> (code: String, secondsLeft: Int)? {
        let step = UInt64(max(0, seconds) / Double(period))
        guard let code = hotp(counter: step) else { return nil }
        let left = period - Int(max(0, seconds).truncatingRemainder(dividingBy: Double(period)))
        return (code, left)
    }
}
