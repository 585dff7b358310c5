/// `qrtui --completions bash|zsh|fish`: completion scripts made from the option table (every
/// name and alias, the values each option takes), so they cannot drift from the parser.
package enum Completions {
    package static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// An option's help cut to its first clause, without characters the shells' syntax uses.
    static func short(_ option: QrtuiOption) -> String {
        let clause = option.help.split(separator: ";").first.map(String.init) ?? option.help
        var clean = clause.filter { !"'\"[]\\`$".contains($0) }
        while let last = clean.last, " ,.".contains(last) { clean.removeLast() }
        return clean.count > 60 ? String(clean.prefix(57)) + "..." : clean
    }

    static func words(_ hint: ValueHint) -> [String] {
        switch hint {
        case .choices(let words), .list(let words): words
        default: []
        }
    }

    static var bash: String {
        var cases = [String]()
        for option in OptionTable.all where option.argument != nil {
            let pattern = option.allNames.joined(separator: "|")
            switch option.completion {
            case .files: cases.append("        \(pattern)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;")
            case .devices:
                cases.append(
                    "        \(pattern)) COMPREPLY=($(compgen -W \"$(ls /dev/video* 2>/dev/null)\" -- \"$cur\")); return ;;"
                )
            case .choices(let words) where !words.isEmpty:
                cases.append(
                    "        \(pattern)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;"
                )
            case .list(let words):
                // The words already chosen stay; the one after the last comma is completed.
                cases.append(
                    "        \(pattern)) local head=; [[ $cur == *,* ]] && head=${cur%,*},\n"
                        + "            COMPREPLY=($(compgen -P \"$head\" -W \"\(words.joined(separator: " "))\" -- \"${cur##*,}\"))\n"
                        + "            compopt -o nospace 2>/dev/null; return ;;")
            default: cases.append("        \(pattern)) return ;;")
            }
        }
        let names = OptionTable.all.flatMap(\.allNames).joined(separator: " ")
        return """
            # bash completion for qrtui (qrtui --completions bash)
            _qrtui() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                case $prev in
            \(cases.joined(separator: "\n"))
                esac
                if [[ $cur == -* ]]; then
                    COMPREPLY=($(compgen -W "\(names)" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -F _qrtui qrtui

            """
    }

    static var zsh: String {
        let specs = OptionTable.all.map { option -> String in
            let exclusive = option.allNames.count > 1 ? "'(\(option.allNames.joined(separator: " ")))'" : ""
            let names = option.allNames.count > 1 ? "{\(option.allNames.joined(separator: ","))}" : option.allNames[0]
            var value = ""
            if let argument = option.argument {
                switch option.completion {
                case .files: value = ":\(argument):_files"
                case .devices: value = ":\(argument):{compadd - /dev/video*(N)}"  // the cameras there now, not any file
                case .choices(let words) where !words.isEmpty: value = ":\(argument):(\(words.joined(separator: " ")))"
                case .list(let words): value = ":\(argument):_values -s , \(argument) \(words.joined(separator: " "))"
                default: value = ":\(argument): "
                }
            }
            return "    \(exclusive)\(names)'[\(short(option))]\(value)'"
        }
        return "#compdef qrtui\n# zsh completion for qrtui (qrtui --completions zsh)\n_arguments -s \\\n"
            + specs.joined(separator: " \\\n") + " \\\n    '*:picture:_files'\n"
    }

    static var fish: String {
        var lines = ["# fish completion for qrtui (qrtui --completions fish)"]
        for option in OptionTable.all {
            var line = "complete -c qrtui"
            for name in option.allNames {
                line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
            }
            switch option.completion {
            case .none: break
            case .files: line += " -r -F"
            case .devices: line += " -x -a '(ls /dev/video* 2>/dev/null)'"
            case .choices(let words), .list(let words):
                line += words.isEmpty ? " -x" : " -x -a '\(words.joined(separator: " "))'"
            }
            lines.append(line + " -d '\(short(option))'")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
