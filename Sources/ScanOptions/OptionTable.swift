import CaptureKit
import CodeReading
import Overlay
import PictureFiles

/// One command-line option: its names, its argument, its help, and what it does. The
/// parser, `--help` (and the man page and completions) are all made from `OptionTable`.
package struct OptionSpec: Sendable {
    package enum Section: String, CaseIterable, Sendable {
        case sources = "Sources (one of)"
        case scanning = "Scanning"
        case screen = "Screen"
        case output = "Output"
    }

    package enum Effect: Sendable {
        /// An option without a value.
        case flag(@Sendable (inout Options) -> Void)
        /// An option with a value (`--name VALUE`, `--name=VALUE`, `-nVALUE`).
        case value(@Sendable (inout Options, String) throws(UsageError) -> Void)
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
    package let section: Section
    /// What it does, in words: one paragraph, wrapped by the help text.
    package let help: String
    package let effect: Effect

    package var allNames: [String] { names + aliases }
}

package enum OptionTable {
    package static func named(_ name: String) -> OptionSpec? { all.first { $0.allNames.contains(name) } }

    package static let all: [OptionSpec] = sources + scanning + screen + output

    package static let sources: [OptionSpec] = [
        OptionSpec(names: ["-d", "--device"], argument: "PATH", section: .sources,
                   help: "V4L2 camera device, e.g. /dev/video0", effect: .value { $0.device = $1 }),
        OptionSpec(names: ["-i", "--input"], argument: "FILE", section: .sources,
                   help: "a PNG, JPEG (CMYK too), WebP, GIF, BMP, TIFF, PGM/PPM image or Y4M video; - reads stdin "
                       + "(ffmpeg -i clip.mp4 -f yuv4mpegpipe - | qrtui -i -). Files may also follow the "
                       + "options (qrtui --no-preview *.png); several are read in turn, without the screen "
                       + "(-H names each code's file); -- ends the options",
                   effect: .value { $0.inputs.append($1) }),
        OptionSpec(names: ["--demo"], section: .sources, help: "the built-in demo scene (a drifting QR code)",
                   effect: .flag { $0.demo = true }),
        OptionSpec(names: ["--loop"], section: .sources, help: "repeat the --input file when it ends",
                   effect: .flag { $0.loop = true }),
        OptionSpec(names: ["--size"], aliases: ["--prescale"], argument: "WxH", section: .sources,
                   help: "camera picture size (default 1280x720, or the nearest; also --prescale, as in zbarcam)",
                   effect: .value(parseSize)),
        OptionSpec(names: ["--fps"], argument: "N", section: .sources, help: "camera frame rate (default 30)",
                   effect: .value(parseRate)),
        OptionSpec(names: ["--max-pixels"], argument: "N", section: .sources,
                   help: "refuse pictures larger than N pixels (default 100M; 25M or 25000000), from their header, "
                       + "before reading them",
                   effect: .value(parseMaxPixels)),
        OptionSpec(names: ["--list-devices"], section: .sources,
                   help: "list cameras with their formats, sizes and rates", effect: .command(.listDevices)),
    ]

    package static let scanning: [OptionSpec] = [
        OptionSpec(names: ["-S", "--symbologies"], aliases: ["--set"], argument: "LIST", section: .scanning,
                   help: "codes to read, comma-separated; repeated, they add up (default: zbar's, all but the "
                       + "ISBNs and add-ons): " + CommandLineParser.knownSymbologies.replacingCommas()
                       + ". zbar's settings work too: -Sdisable -Sqrcode.enable, -Sean13.disable, -S'*.enable', "
                       + "-Sisbn13.enable (also --set)",
                   effect: .value(parseSymbologies)),
        OptionSpec(names: ["--effort"], argument: "E", section: .scanning,
                   help: "how much CPU reading may use while the picture changes (a still scene is "
                       + "only re-checked now and then): fast (4 ms in every 1/30 s, 12% of a core), normal "
                       + "(8 ms, 24%; cameras' and videos' default), thorough (every pass on every frame; "
                       + "stills' default) or N ms",
                   effect: .value(parseEffort)),
        OptionSpec(names: ["--confirm"], argument: "N", section: .scanning,
                   help: "1D codes on a stream are announced after N identical reads (default 2); QR codes at once",
                   effect: .value(parseConfirmations)),
    ]

    package static let screen: [OptionSpec] = [
        OptionSpec(names: ["--glyphs"], argument: "SET", section: .screen,
                   help: "how the picture is drawn: ascii (default), blocks, half (two pixels per cell, "
                       + "grey colours), braille",
                   effect: .value(parseGlyphs)),
        OptionSpec(names: ["--fit"], section: .screen, help: "show the whole picture (default: fill the screen)",
                   effect: .flag { $0.scaling = .fit }),
        OptionSpec(names: ["--fill"], section: .screen, help: "fill the screen, cropping the picture (the default)",
                   effect: .flag { $0.scaling = .fill }),
        OptionSpec(names: ["--color"], aliases: ["--colour"], argument: "WHEN", section: .screen,
                   help: "auto (default: colours where the terminal has them, none when NO_COLOR is set), "
                       + "always (even with NO_COLOR) or never",
                   effect: .value(parseColor)),
        OptionSpec(names: ["--no-color"], aliases: ["--no-colour"], section: .screen, help: "the same as --color never",
                   effect: .flag { $0.color = .never }),
        OptionSpec(names: ["--no-beep"], section: .screen, help: "no terminal bell when a code is read",
                   effect: .flag { $0.beep = false }),
    ]

    package static let output: [OptionSpec] = [
        OptionSpec(names: ["--no-preview"], aliases: ["--nodisplay"], section: .output,
                   help: "no screen: print each new code as it is found (--nodisplay as in zbarcam)",
                   effect: .flag { $0.preview = false }),
        OptionSpec(names: ["-1", "--once"], aliases: ["--oneshot"], section: .output,
                   help: "exit after the first code (--oneshot as in zbarcam)", effect: .flag { $0.once = true }),
        OptionSpec(names: ["--continuous"], section: .output,
                   help: "the screen keeps scanning after each read, rings on every new code and prints every "
                       + "distinct code on exit, in order (a pile of products); headless runs print each as found",
                   effect: .flag { $0.continuous = true }),
        OptionSpec(names: ["--history"], argument: "FILE", section: .output,
                   help: "append every code read to FILE as a JSON line (one write per line: a crash loses none)",
                   effect: .value { $0.historyPath = $1 }),
        OptionSpec(names: ["-q", "--quiet"], section: .output,
                   help: "no notices on stderr (no code found, skipped frames, camera back); failures are still told",
                   effect: .flag { $0.quiet = true }),
        OptionSpec(names: ["-v", "--verbose"], section: .output,
                   help: "tell on stderr how each code was read (frame, pass, reading time), and show the "
                       + "libraries' own warnings (zbar's, libv4l2's), which are otherwise held back; -vv and "
                       + "more add zbar's own debugging output",
                   effect: .flag { $0.verbosity += 1 }),
        OptionSpec(names: ["-H", "--with-filename"], section: .output,
                   help: "each code in text or raw output starts with its file's name and a colon, as grep -H "
                       + "prints them (JSON and XML always name their source)",
                   effect: .flag { $0.withFilename = true }),
        OptionSpec(names: ["--polygon"], section: .output,
                   help: "each code in text or raw output starts with its corners, as zbarimg --polygon prints "
                       + "them: x,y pairs apart, then a colon (10,10 10,90 90,90 90,10:payload)",
                   effect: .flag { $0.polygon = true }),
        OptionSpec(names: ["-0", "--null"], section: .output,
                   help: "end each code with NUL instead of a newline (payloads may hold newlines: "
                       + "qrtui -0 ... | xargs -0)",
                   effect: .flag { $0.nullTerminated = true }),
        OptionSpec(names: ["--timeout"], argument: "SECONDS", section: .output, help: "give up after SECONDS",
                   effect: .value(parseTimeout)),
        OptionSpec(names: ["--format"], argument: "FORMAT", section: .output,
                   help: "text (default): the payload as text, one per line; raw: the payload bytes as encoded "
                       + "(also --raw); json: one JSON object per line (fields below); xml: zbarimg's XML "
                       + "(also --xml)",
                   effect: .value(parseFormat)),
        OptionSpec(names: ["--xml"], section: .output, help: "the same as --format xml",
                   effect: .flag { $0.format = .xml }),
        OptionSpec(names: ["--noxml"], section: .output, help: "back to text after --xml, as in zbarimg",
                   effect: .flag { if $0.format == .xml { $0.format = .text } }),
        OptionSpec(names: ["--nodbus"], section: .output, help: "accepted for zbarcam's sake: qrtui never uses D-Bus",
                   effect: .flag { _ in }),
        OptionSpec(names: ["--raw"], section: .output, help: "the same as --format raw",
                   effect: .flag { $0.format = .raw }),
        OptionSpec(names: ["-h", "--help"], section: .output, help: "this help", effect: .command(.help)),
        OptionSpec(names: ["-V", "--version"], section: .output, help: "the version", effect: .command(.version)),
        OptionSpec(names: ["--man"], section: .output, help: "the manual page, in roff (man -l <(qrtui --man))",
                   effect: .command(.manPage)),
        OptionSpec(names: ["--completions"], argument: "SHELL", section: .output,
                   help: "a completion script for bash, zsh or fish (make install puts them in place)",
                   effect: .valueCommand { (text: String) throws(UsageError) -> Command in
                       guard let shell = Shell(rawValue: text) else {
                           throw UsageError(message: "--completions takes bash, zsh or fish, not '\(text)'")
                       }
                       return .completions(shell)
                   }),
    ]
}

/// The value parsers: each says what it expected when the value is wrong.
extension OptionTable {
    package static func parseSize(_ options: inout Options, _ text: String) throws(UsageError) {
        let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, (16...16384).contains(parts[0]), (16...16384).contains(parts[1]) else {
            throw UsageError(message: "--size needs WIDTHxHEIGHT, e.g. 1280x720, not '\(text)'")
        }
        options.size = PictureSize(width: parts[0], height: parts[1])
    }

    package static func parseMaxPixels(_ options: inout Options, _ text: String) throws(UsageError) {
        let millions = text.uppercased().hasSuffix("M")
        guard let number = Int(millions ? String(text.dropLast()) : text), number > 0, number <= 4_000_000_000 else {
            throw UsageError(message: "--max-pixels needs a number of pixels (such as 25M), not '\(text)'")
        }
        options.limits = PictureLimits(maxPixels: millions ? number * 1_000_000 : number)
    }

    package static func parseRate(_ options: inout Options, _ text: String) throws(UsageError) {
        guard let rate = Int(text), (1...240).contains(rate) else {
            throw UsageError(message: "--fps needs a whole number of frames per second (1-240), not '\(text)'")
        }
        options.framesPerSecond = rate
    }

    package static func parseSymbologies(_ options: inout Options, _ text: String) throws(UsageError) {
        try SymbologySettings.apply(text, to: &options)
    }

    package static func parseEffort(_ options: inout Options, _ text: String) throws(UsageError) {
        guard let effort = ScanEffort(text) else {
            throw UsageError(message: "--effort must be fast, normal, thorough or milliseconds per frame, not '\(text)'")
        }
        options.effort = effort
    }

    package static func parseConfirmations(_ options: inout Options, _ text: String) throws(UsageError) {
        guard let count = Int(text), (1...10).contains(count) else {
            throw UsageError(message: "--confirm needs a number of frames from 1 to 10, not '\(text)'")
        }
        options.confirmations = count
    }

    package static func parseGlyphs(_ options: inout Options, _ text: String) throws(UsageError) {
        guard let glyphs = GlyphSet(rawValue: text) else {
            throw UsageError(message: "--glyphs must be ascii, blocks, half or braille, not '\(text)'")
        }
        options.glyphs = glyphs
    }

    package static func parseColor(_ options: inout Options, _ text: String) throws(UsageError) {
        guard let choice = text == "none" ? .never : Options.ColorChoice(rawValue: text) else {
            throw UsageError(message: "--color must be auto, always or never, not '\(text)'")
        }
        options.color = choice
    }

    package static func parseTimeout(_ options: inout Options, _ text: String) throws(UsageError) {
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
            throw UsageError(message: "--timeout needs a positive number of seconds, not '\(text)'")
        }
        options.timeout = seconds
    }

    package static func parseFormat(_ options: inout Options, _ text: String) throws(UsageError) {
        guard let format = Options.Format(rawValue: text) else {
            throw UsageError(message: "--format must be text, raw, json or xml, not '\(text)'")
        }
        options.format = format
    }
}

private extension String {
    /// "a,b,c" as "a, b, c" so that help can break the list between names.
    func replacingCommas() -> String { split(separator: ",").joined(separator: ", ") }
}
