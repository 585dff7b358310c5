import CodeReading

/// `-S` as zbar users type it, applied in order to the set of codes to read:
/// - names, comma-separated (`-S qr,ean13`): read these; a repeated `-S` adds to them;
/// - zbar's settings, `[SYMBOLOGY.]enable[=0|1]` and `disable`: `-Sdisable -Sqrcode.enable`,
///   `-Sean13.disable`, `-S'*.enable'`, `-Sisbn13.enable` (added to zbar's defaults).
/// nil is zbar's defaults (every type but the ISBNs and add-ons).
package enum SymbologySettings {
    package static func apply(_ text: String, to current: Set<Symbology>?) throws(UsageError) -> Set<Symbology>? {
        var result = current
        let items = text.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) }
        guard !items.isEmpty else { throw UsageError(message: "-S needs a symbology or a setting, not '\(text)'") }
        for item in items {
            let (target, enable) = try setting(item)
            var set = result ?? Symbology.zbarDefaults
            switch target {
            case .all: set = enable ? Set(Symbology.allCases) : []
            case .one(let symbology, named: true) where result == nil:
                set = [symbology]  // a bare name: read this, not everything
            case .one(let symbology, _):
                if enable { set.insert(symbology) } else { set.remove(symbology) }
            }
            result = set
        }
        return result
    }

    private enum Target {
        case all
        /// `named`: given as a bare name (`qr`), not as a setting (`qr.enable`).
        case one(Symbology, named: Bool)
    }

    /// "qrcode.enable=0" as (QR, false); "disable" as (all, false); "ean13" as (EAN-13, true).
    private static func setting(_ item: String) throws(UsageError) -> (Target, Bool) {
        let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
        var value = true
        if parts.count == 2 {
            guard parts[1] == "0" || parts[1] == "1" else {
                throw UsageError(message: "-S \(item): a setting's value is 0 or 1")
            }
            value = parts[1] == "1"
        }
        let key = parts.first ?? item
        let dot = key.lastIndex(of: ".")
        let name = dot.map { String(key[..<$0]) } ?? key
        let config = dot.map { String(key[key.index(after: $0)...]) }
        if config == nil, let enable = Self.enableSetting(name) { return (.all, enable == value) }
        if Self.otherZbarSettings.contains(config ?? name) {
            throw UsageError(message: "-S \(item): qrtui takes zbar's enable and disable settings only")
        }
        let target: Target
        if name == "*" {
            target = .all
        } else if let symbology = Symbology(optionName: name) {
            target = .one(symbology, named: config == nil)
        } else {
            throw UsageError(message: "unknown symbology '\(name)' in -S (known: \(CommandLineParser.knownSymbologies))")
        }
        guard let config else { return (target, value) }
        guard let enable = Self.enableSetting(config) else {
            throw UsageError(message: "-S \(item): unknown setting '\(config)' (qrtui takes enable and disable)")
        }
        return (target, enable == value)
    }

    /// zbar's settings other than enabling (qrtui chooses densities and checks itself).
    static let otherZbarSettings: Set<String> = [
        "add-check", "emit-check", "ascii", "binary", "min-length", "max-length", "uncertainty", "position",
        "test-inverted", "x-density", "y-density",
    ]

    /// "enable" as true, "disable" as false, anything else as nil.
    private static func enableSetting(_ word: String) -> Bool? {
        switch word.lowercased() {
        case "enable": true
        case "disable": false
        default: nil
        }
    }
}
