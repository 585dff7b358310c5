/// Parses a command line against a table of options, as GNU programs take them: `--name
/// VALUE`, `--name=VALUE`, `-nVALUE`, short flags bundled (`-vv`), and `--` before words that
/// start with '-' but are not options. Words that are not options go to `positional`.
package struct OptionParser<Target> {
    package enum Outcome {
        case run(Target)
        case command(Command)
    }

    package let table: [OptionSpec<Target>]
    /// What a word that is not an option is (a file to read), or the error it is.
    package let positional: (inout Target, String) throws(UsageError) -> Void

    package init(
        table: [OptionSpec<Target>],
        positional: @escaping (inout Target, String) throws(UsageError) -> Void
    ) {
        self.table = table
        self.positional = positional
    }

    package func named(_ name: String) -> OptionSpec<Target>? { table.first { $0.allNames.contains(name) } }

    package func parse(_ arguments: [String], into start: Target) throws(UsageError) -> Outcome {
        var target = start
        var queue = arguments[...]
        while let argument = queue.popFirst() {
            if argument == "--" {
                for word in queue { try positional(&target, word) }
                break
            }
            if let flags = bundledFlags(argument) {
                for flag in flags { if case .flag(let set) = flag.effect { set(&target) } }
                continue
            }
            let (name, inline) = split(argument)
            guard let option = named(name) else {
                if argument.hasPrefix("-") && argument != "-" { throw UsageError(message: "unknown option '\(name)'") }
                try positional(&target, argument)
                continue
            }
            switch option.effect {
            case .flag(let set):
                if inline != nil { throw UsageError(message: "option \(name) takes no value") }
                set(&target)
            case .command(let command):
                if inline != nil { throw UsageError(message: "option \(name) takes no value") }
                return .command(command)
            case .value(let set):
                guard let value = inline ?? queue.popFirst() else {
                    throw UsageError(message: "option \(name) needs a value")
                }
                try set(&target, value)
            case .optionalValue(let set):
                try set(&target, inline)
            case .optionalWord(let words, let set):
                // A word after it that is no option is its word: a wrong one is named, not
                // taken for a file.
                if inline == nil, let next = queue.first, words.contains(next) || !next.hasPrefix("-") {
                    try set(&target, queue.popFirst())
                } else {
                    try set(&target, inline)
                }
            case .valueCommand(let make):
                guard let value = inline ?? queue.popFirst() else {
                    throw UsageError(message: "option \(name) needs a value")
                }
                return .command(try make(value))
            }
        }
        return .run(target)
    }

    /// "-vv": short options that take no value, bundled; nil for anything else.
    private func bundledFlags(_ argument: String) -> [OptionSpec<Target>]? {
        guard argument.count > 2, argument.hasPrefix("-"), !argument.hasPrefix("--"), named(argument) == nil
        else { return nil }
        let options = argument.dropFirst().map { named("-\($0)") }
        guard
            options.allSatisfy({ option in
                if case .flag? = option?.effect { return true }
                return false
            })
        else { return nil }
        return options.compactMap { $0 }
    }

    /// "--name=value" and "-Xvalue" (a short option that takes a value) carry it inline.
    private func split(_ argument: String) -> (name: String, inline: String?) {
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
        }
        if argument.count > 2, argument.hasPrefix("-"), !argument.hasPrefix("--"),
            let option = named(String(argument.prefix(2))), option.argument != nil
        {
            return (String(argument.prefix(2)), String(argument.dropFirst(2)))
        }
        return (argument, nil)
    }
}
