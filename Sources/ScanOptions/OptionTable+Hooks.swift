extension OptionTable {
    /// What runs for each code announced.
    package static let hooks: [QrtuiOption] = [
        QrtuiOption(
            names: ["--exec"], argument: "CMD", section: Section.hooks,
            help: "run CMD once for each code announced: the payload on its stdin, QRTUI_TYPE, "
                + "QRTUI_TEXT (printable text only), QRTUI_SOURCE and QRTUI_KIND in its environment. No "
                + "shell unless CMD is sh -c '...'; one at a time (later codes wait); what it prints is "
                + "dropped, its failure said; codes holding a secret only with --exec-secrets",
            effect: .value { (options: inout Options, text: String) throws(UsageError) in
                options.exec = try CommandWords.split(text)
            }),
        QrtuiOption(
            names: ["--exec-timeout"], argument: "SECONDS", section: Section.hooks,
            help: "stop an --exec command still running after SECONDS",
            shownDefault: { Self.seconds($0.execTimeout) },
            effect: .value { (options: inout Options, text: String) throws(UsageError) in
                options.execTimeout = try seconds(text, for: "--exec-timeout")
            }),
        QrtuiOption(
            names: ["--exec-secrets"], section: Section.hooks,
            help: "hand codes holding a Wi-Fi password or a two-factor secret to --exec too",
            effect: .flag { $0.execSecrets = true }),
    ]

    // Seconds, as --timeout and --exec-timeout take them and help shows them.

    /// The seconds a deadline may be: from a millisecond to eleven days and more (a clock's
    /// arithmetic on them stays exact and in range).
    static let secondsRange = 0.001...1_000_000.0

    /// `text` as a number of seconds in `secondsRange`, for `option`.
    static func seconds(_ text: String, for option: String) throws(UsageError) -> Double {
        guard let seconds = Double(text), secondsRange.contains(seconds) else {
            throw UsageError(message: "\(option) needs a number of seconds from 0.001 to 1000000, not '\(text)'")
        }
        return seconds
    }

    /// Seconds as a person writes them: 10, 2.5.
    package static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
