/// `WIFI:T:WPA;S:home;P:secret;H:true;;` (ZXing's format, which phones make): the network,
/// its security, its password (a secret: the screen masks it) and whether it is hidden.
enum WiFiPayload {
    static func meaning(_ text: String) -> CodeMeaning? {
        let pairs = KeyedFields.parse(text, prefix: "WIFI:")
        guard let ssid = pairs.first(where: { $0.key == "S" })?.value, !ssid.isEmpty else { return nil }
        var fields = [Field("ssid", ssid)]
        let security = pairs.first { $0.key == "T" }?.value ?? ""
        fields.append(Field("security", security.isEmpty ? "nopass" : security))
        if let password = pairs.first(where: { $0.key == "P" })?.value, !password.isEmpty {
            fields.append(Field("password", password))
        }
        if let hidden = pairs.first(where: { $0.key == "H" })?.value {
            fields.append(Field("hidden", hidden.lowercased() == "true" ? "true" : "false"))
        }
        return CodeMeaning(kind: .wifi, fields: fields)
    }
}
