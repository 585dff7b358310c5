import CodeReading

/// `-S` as zbar users type it, applied in order:
/// - names, comma-separated (`-S qr,ean13`): read these; a repeated `-S` adds to them;
/// - zbar's settings, `[SYMBOLOGY.]enable[=0|1]` and `disable`: `-Sdisable -Sqrcode.enable`,
///   `-Sean13.disable`, `-S'*.enable'`, `-Sisbn13.enable` (added to zbar's defaults);
/// - zbar's scanner settings, as zbar takes them: `-Sx-density=N` and `-Sy-density=N` (every
///   Nth column or row; 0 turns that direction off), `-Stest-inverted` (light codes on dark),
///   and `-Sbinary` (the payload's bytes as they are: `--format raw`).
/// nil symbologies are qrtui's defaults (every type but the ISBNs and add-ons).
package enum SymbologySettings {
    package static func apply(_ text: String, to options: inout Options) throws(UsageError) {
        let items = text.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) }
        guard !items.isEmpty else { throw UsageError(message: "-S needs a symbology or a setting, not '\(text)'") }
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            let key = parts.first ?? item
            let dot = key.lastIndex(of: ".")
            let name = dot.map { String(key[..<$0]) } ?? key
            let config =
                dot.map { String(key[key.index(after: $0)...]) } ?? (scannerSettings.contains(name) ? name : nil)
            if let config, scannerSettings.contains(config) {
                try applyScanner(config, value: parts.count == 2 ? parts[1] : nil, item: item, to: &options)
            } else {
                options.reading.symbologies = try applySymbology(
                    item, parts: parts, name: name, config: config,
                    to: options.reading.symbologies)
            }
        }
    }

    /// zbar's scanner settings qrtui takes (for any symbology or none: zbar's are scanner-wide).
    static let scannerSettings: Set<String> = ["x-density", "y-density", "test-inverted", "binary"]

    private static func applyScanner(_ config: String, value: String?, item: String, to options: inout Options)
        throws(UsageError)
    {
        if config.hasSuffix("density") {
            guard let text = value, let density = Int(text), (0...100).contains(density) else {
                throw UsageError(message: "-S \(item): a density is a number of lines from 0 (off) to 100")
            }
            if config == "x-density" {
                options.reading.scanner.xDensity = density
            } else {
                options.reading.scanner.yDensity = density
            }
            return
        }
        let on = try flag(value, item: item)
        if config == "test-inverted" {
            options.reading.scanner.testInverted = on
        } else if on, options.format == .text {
            options.format = .raw
        } else if !on, options.format == .raw {
            options.format = .text
        }
    }

    private static func applySymbology(
        _ item: String, parts: [String], name: String, config: String?,
        to current: Set<Symbology>?
    ) throws(UsageError) -> Set<Symbology>? {
        let value = try flag(parts.count == 2 ? parts[1] : nil, item: item)
        if config == nil, let enable = enableSetting(name) { return enable == value ? Set(Symbology.allCases) : [] }
        if otherZbarSettings.contains(config ?? name) {
            throw UsageError(
                message: "-S \(item): qrtui takes zbar's enable, disable, density, test-inverted "
                    + "and binary settings only")
        }
        var set = current ?? Symbology.defaults
        if name == "*" {
            guard let config, let enable = enableSetting(config) else { throw unknownSetting(item, config) }
            return enable == value ? Set(Symbology.allCases) : []
        }
        guard let symbology = SymbologyNames.symbology(named: name) else {
            throw UsageError(
                message: "unknown symbology '\(name)' in -S (known: \(SymbologyNames.known.joined(separator: ",")))")
        }
        guard let config else {
            // A bare name: read this, not everything.
            return current == nil ? [symbology] : set.union([symbology])
        }
        guard let enable = enableSetting(config) else { throw unknownSetting(item, config) }
        if enable == value { set.insert(symbology) } else { set.remove(symbology) }
        return set
    }

    /// A setting's value: nothing or 1 is on, 0 off.
    private static func flag(_ value: String?, item: String) throws(UsageError) -> Bool {
        guard let value else { return true }
        guard value == "0" || value == "1" else {
            throw UsageError(message: "-S \(item): this setting's value is 0 or 1")
        }
        return value == "1"
    }

    private static func unknownSetting(_ item: String, _ config: String?) -> UsageError {
        UsageError(message: "-S \(item): unknown setting '\(config ?? "")' (qrtui takes enable and disable)")
    }

    /// zbar's settings that qrtui does not take (it checks lengths and places itself).
    static let otherZbarSettings: Set<String> = [
        "add-check", "emit-check", "ascii", "min-length", "max-length", "uncertainty", "position",
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
