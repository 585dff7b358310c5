/// Two-factor payloads for the tests and the fuzz seeds.
public enum TwoFactorFixtures {
    /// The secret every spelling below holds (an export: its data).
    public static let secret = "JBSWY3DPEHPK3PXP"

    /// Secrets however a URI may spell their names: each must be masked on a terminal.
    public static let secretSpellings = [
        "otpauth://totp/GitHub:alice?SECRET=JBSWY3DPEHPK3PXP&issuer=GitHub",
        "otpauth://totp/GitHub:alice?Secret=JBSWY3DPEHPK3PXP", "otpauth://totp/a?secr%65t=JBSWY3DPEHPK3PXP",
        "otpauth://totp/a?%73ecret=JBSWY3DPEHPK3PXP", "OTPAUTH://TOTP/A?SECRET=JBSWY3DPEHPK3PXP",
        "otpauth://totp/a?issuer=x&secret=JBSWY3DPEHPK3PXP&secret=JBSWY3DPEHPK3PXP",
        "otpauth://totp/a?secret=jbsw%20y3dp%20ehpk%203pxp", "otpauth://totp/a?se+cret=x&SECRET=JBSWY3DPEHPK3PXP",
        "otpauth-migration://offline?DATA=JBSWY3DPEHPK3PXP", "otpauth-migration://offline?Data=JBSWY3DPEHPK3PXP",
        "otpauth-migration://offline?d%61ta=JBSWY3DPEHPK3PXP",
    ]
}
