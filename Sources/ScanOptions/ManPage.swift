import Overlay

/// `qrtui --man`: the manual page in roff, made from the option and key tables and the
/// paragraphs `--help` prints, so the two cannot disagree.
package enum ManPage {
    package static var text: String {
        var lines = [
            ".TH QRTUI 1 \"\(HelpText.versionDate)\" \"qrtui \(HelpText.version)\" \"User Commands\"",
            ".SH NAME", "qrtui \\- \(roff(HelpText.summary))",
            ".SH SYNOPSIS", ".B qrtui", "[\\fIOPTIONS\\fR] [\\fIFILE\\fR...]",
            ".SH DESCRIPTION", roff(HelpText.intro),
        ]
        lines += [".SH OPTIONS"]
        for section in sections(of: OptionTable.all) {
            lines += [".SS \(roff(section))"]
            for option in OptionTable.all where option.section == section {
                let names = option.allNames.map { "\\fB\(roff($0))\\fR" }.joined(separator: ", ")
                lines += [
                    ".TP", names + (option.argument.map { " \\fI\(roff($0))\\fR" } ?? ""),
                    roff(OptionTable.described(option)),
                ]
            }
        }
        lines += [".SH KEYS"]
        for binding in KeyBindings.table { lines += [".TP", "\\fB\(roff(binding.label))\\fR", roff(binding.help)] }
        lines += [".SH OUTPUT", roff(HelpText.jsonFields), ".PP", roff(HelpText.escaping), ".SH ENVIRONMENT"]
        for variable in HelpText.environment {
            lines += [".TP", "\\fB\(roff(variable.name))\\fR", roff(variable.meaning)]
        }
        lines += [".SH EXIT STATUS", roff(HelpText.exitStatus), ".SH EXAMPLES"]
        for example in HelpText.examples {
            lines += [".TP", "\\fB\(roff(example.command))\\fR", roff(example.meaning)]
        }
        lines += [".SH SEE ALSO", "zbarimg(1), zbarcam(1), tmux(1)"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text safe in roff: backslashes doubled, hyphens as minus signs (so options copy
    /// and paste right), and no line that starts with a control character.
    static func roff(_ text: String) -> String {
        let escaped = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
