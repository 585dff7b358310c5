import Overlay

/// `qrtui --help`, made from the option table and the key table so it cannot drift from
/// what the parser and the screen do.
package enum HelpText {
    package static let version = "0.1.0"
    /// The day this version was made (the man page's date; the same every build).
    package static let versionDate = "2026-12-05"
    package static let width = 80
    /// Where descriptions start: after "  -d, --device PATH" and some room.
    package static let column = 26

    /// The paragraphs help and the man page share.
    package static let summary = "a live QR and barcode scanner for the terminal"
    package static let intro =
        "With no option qrtui reads the first camera. With no camera at all the screen offers the "
        + "built-in demo scene, whose made-up code is never printed (--demo asks for it); without "
        + "a screen it exits 1. The screen is drawn on /dev/tty, so stdout carries codes only: "
        + "xdg-open \"$(qrtui --once)\". Messages go to stderr."
    package static let jsonFields =
        "JSON fields: type (zbar's name, e.g. QR-Code, EAN-13; zxing-cpp's for DataMatrix, Aztec, PDF417, "
        + "MicroQR and MaxiCode); text (the payload as text); "
        + "encoding (what the payload's bytes were read as: UTF-8, ISO-8859-1, Shift_JIS..., or ECI: as the "
        + "symbol's own character set designators say); "
        + "bytes (the payload in base64, when it is not UTF-8); raw (a Code 39 Full ASCII "
        + "code's text before decoding); kind (what the payload is: url, wifi, contact, event, geo, phone, "
        + "sms, email, product, isbn, gs1, payment, otp, boardingpass or text); fields (its parts by name: a link's scheme and "
        + "host, a network's ssid and password, a product's gtin and prefix...); corners ([x,y] in the "
        + "picture's pixels); frame "
        + "(the frame's number, 0 for a picture); source (the file, stdin, the device or "
        + "demo); time (when it was read, RFC 3339 in UTC)."
    package static let escaping =
        "Payloads written to a terminal have control characters escaped (\\e, \\n, \\x07); "
        + "written to a pipe they are exact."
    package static let exitStatus =
        "0 a code was read (from every file, when several are given), 1 a device or input failed, "
        + "2 usage error, 4 ended without reading a code, or a file held none (as zbarimg exits). A signal ends qrtui as it ends any program, printing nothing "
        + "(the shell sees 130 for Ctrl-C, 143 for SIGTERM)."

    /// Commands a new user starts from, each with what it does (the man page's EXAMPLES).
    package static let examples: [(command: String, meaning: String)] = [
        ("qrtui", "scan with the first camera; q stops and prints the last code read"),
        ("qrtui --oneshot > code.txt", "scan until one code is read, and keep it in a file"),
        ("qrtui --no-preview photo.jpg scans/*.png", "read every code in pictures, one line each, as zbarimg does"),
        ("qrtui -S qr,ean13 --no-beep", "read only QR and EAN-13 codes, without the bell"),
        ("qrtui --screen select", "read a code on your own screen, in an area you mark"),
        ("qrtui --format json --no-preview -i clip.y4m", "every code in a video, as JSON lines"),
        ("ssh host -t qrtui -d /dev/video2", "scan with another camera, on a machine reached over SSH"),
    ]

    /// The environment qrtui reads, by name.
    package static let environment: [(name: String, meaning: String)] = [
        ("TERM", "the terminal's type: how keys, colours and the screen are driven (dumb: no screen)"),
        ("LANG, LC_ALL", "a UTF-8 locale draws box lines, blocks and braille; any other, ASCII"),
        ("NO_COLOR", "set to anything, no colours (--color always still draws them)"),
        ("BROWSER", "what o opens links and places with (else xdg-open)"),
        ("PATH", "where xdg-open, nmcli and the clipboard tools (wl-copy, xclip, xsel) are found"),
        ("WAYLAND_DISPLAY, DISPLAY", "a desktop session: enter copies through its clipboard tool too"),
        ("TMUX", "inside tmux, enter also copies with tmux load-buffer"),
    ]

    package static var usage: String {
        var lines = ["qrtui \(version): \(summary).", "", "Usage: qrtui [OPTIONS] [FILE...]", ""]
        lines += wrap(intro, indent: 0)
        for section in sections(of: OptionTable.all) {
            lines += ["", section + ":"]
            for option in OptionTable.all where option.section == section {
                lines += entry(option, defaults: Options())
            }
            if section == OptionTable.Section.screen { lines += ["", "Keys:"] + KeyBindings.table.flatMap(entry) }
        }
        lines += ["", "Environment:"] + environment.flatMap { described("  " + $0.name, $0.meaning) }
        for paragraph in [jsonFields, escaping, "Exit status: " + exitStatus] {
            lines += [""] + wrap(paragraph, indent: 0)
        }
        return lines.joined(separator: "\n")
    }

    /// "  -d, --device PATH       V4L2 camera device": short and long names aligned, the
    /// default as `defaults` has it.
    package static func entry<Target>(_ option: OptionSpec<Target>, defaults: Target) -> [String] {
        let short = option.names.first { !$0.hasPrefix("--") }
        let long = option.names.filter { $0.hasPrefix("--") }.joined(separator: ", ")
        // An optional value ("[=SIDE]") is written against its name, as getopt's are; an
        // optional word ("--screen [select]") after a space, as it is given.
        let word: Bool
        if case .optionalWord = option.effect { word = true } else { word = false }
        let value = option.argument.map { $0.hasPrefix("[") && !word ? $0 : " \($0)" } ?? ""
        let names = (short.map { long.isEmpty ? $0 : "\($0), " } ?? "    ") + long + value
        var notes = option.shownDefault.map { ["default \($0(defaults))"] } ?? []
        if let alias = option.aliases.first, !option.help.contains(alias) {
            notes.append("also \(option.aliases.joined(separator: ", "))")
        }
        return described("  " + names, option.help + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"))
    }

    package static func entry(_ binding: KeyBinding) -> [String] {
        described("  " + binding.label, binding.help)
    }

    /// `label`, then `text` wrapped at the description column (on the next line when the
    /// label reaches it).
    package static func described(_ label: String, _ text: String) -> [String] {
        var body = wrap(text, indent: column)
        if label.count < column - 1 {
            body[0] = label.padding(column) + body[0].dropFirst(column)
            return body
        }
        return [label] + body
    }

    /// `text` in lines of at most `width` columns, each indented by `indent` spaces.
    package static func wrap(_ text: String, indent: Int) -> [String] {
        var lines = [String]()
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && indent + line.count + 1 + word.count > width {
                lines.append(String(repeating: " ", count: indent) + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(String(repeating: " ", count: indent) + line)
        return lines
    }
}

extension String {
    /// Padded with spaces to `width` columns (columns of help and of the device list).
    package func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
