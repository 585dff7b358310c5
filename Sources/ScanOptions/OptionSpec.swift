/// One command-line option of a program whose settings are a `Target` (qrtui's `Options`,
/// the benchmark's settings): its names, its value, its default, how a shell completes it,
/// its help, and what it does. Parser, help, man page and completions are all made from a
/// table of these, so an option is declared once.
package struct OptionSpec<Target>: Sendable {
    package enum Effect: Sendable {
        /// An option without a value.
        case flag(@Sendable (inout Target) -> Void)
        /// An option with a value (`--name VALUE`, `--name=VALUE`, `-nVALUE`).
        case value(@Sendable (inout Target, String) throws(UsageError) -> Void)
        /// A value that may be left out: given only inline (`--name=VALUE`), as getopt's
        /// optional arguments are, so the next word is never taken by mistake.
        case optionalValue(@Sendable (inout Target, String?) throws(UsageError) -> Void)
        /// A value from a few words, which may be left out (`--screen`, `--screen select`): the
        /// next word is taken only when it is one of them (or given inline, `--screen=select`).
        case optionalWord([String], @Sendable (inout Target, String?) throws(UsageError) -> Void)
        /// An option that is a command of its own (`--help`).
        case command(Command)
        /// A command that takes a value (`--completions bash`).
        case valueCommand(@Sendable (String) throws(UsageError) -> Command)
    }

    /// Short name first when there is one ("-d"), then the long one.
    package let names: [String]
    /// Other spellings accepted (zbar's, British ones), named in help.
    package var aliases: [String] = []
    /// The value's name in help ("PATH"); nil for a flag.
    package var argument: String?
    /// The heading it is listed under in help.
    package let section: String
    /// What it does, in words: one paragraph, wrapped by the help text.
    package let help: String
    /// The value a run gets without the option, as help shows it, read from the settings'
    /// own defaults (nil: none, or the help says in words what it depends on).
    package var shownDefault: (@Sendable (Target) -> String)?
    /// What a shell offers after it.
    package var completion: ValueHint = .none
    package let effect: Effect

    package init(
        names: [String], aliases: [String] = [], argument: String? = nil, section: String, help: String,
        shownDefault: (@Sendable (Target) -> String)? = nil, completion: ValueHint? = nil, effect: Effect
    ) {
        self.names = names
        self.aliases = aliases
        self.argument = argument
        self.section = section
        self.help = help
        self.shownDefault = shownDefault
        self.completion = completion ?? (argument == nil ? .none : .choices([]))
        self.effect = effect
    }

    package var allNames: [String] { names + aliases }

    /// The help with the default a fresh `Target` has, as "(default 30)".
    package func described(defaults: Target) -> String {
        guard let shownDefault else { return help }
        return help + " (default \(shownDefault(defaults)))"
    }
}

/// What an option's value can be, for completions: made from the same enums the parsers
/// accept, so a new glyph set or format is offered without being written twice.
package enum ValueHint: Equatable, Sendable {
    case none
    case files
    case devices
    case choices([String])
    /// Choices given comma-separated (`-S qr,ean13`): each after the last comma is completed.
    case list([String])
}

/// A command-line mistake: exit status 2 with one line on stderr.
package struct UsageError: Error, Equatable {
    package let message: String

    package init(message: String) { self.message = message }
}

/// The sections of a table, in the order their first options come.
package func sections<Target>(of table: [OptionSpec<Target>]) -> [String] {
    var seen = [String]()
    for option in table where !seen.contains(option.section) { seen.append(option.section) }
    return seen
}
