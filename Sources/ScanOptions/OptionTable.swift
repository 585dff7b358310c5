import CaptureKit
import CodeReading
import Overlay
import PictureFiles

/// An option of qrtui's own command line.
package typealias QrtuiOption = OptionSpec<Options>

package enum OptionTable {
    package static func named(_ name: String) -> QrtuiOption? { all.first { $0.allNames.contains(name) } }

    package static let all: [QrtuiOption] = sources + scanning + screen + output + hooks

    /// The headings of `--help` and the man page.
    package enum Section {
        package static let sources = "Sources (one of)"
        package static let scanning = "Scanning"
        package static let screen = "Screen"
        package static let output = "Output"
        package static let hooks = "Hooks"
    }

    /// The help of an option with the default qrtui runs with.
    package static func described(_ option: QrtuiOption) -> String { option.described(defaults: Options()) }

    package static let sources: [QrtuiOption] = [
        QrtuiOption(
            names: ["-d", "--device"], argument: "PATH", section: Section.sources,
            help: "V4L2 camera device, e.g. /dev/video0", completion: .devices, effect: .value { $0.device = $1 }),
        QrtuiOption(
            names: ["-i", "--input"], argument: "FILE", section: Section.sources,
            help: "a PNG, JPEG (CMYK too), WebP, GIF, BMP, TIFF, PGM/PPM image or Y4M video; - reads stdin "
                + "(ffmpeg -i clip.mp4 -f yuv4mpegpipe - | qrtui -i -). Files may also follow the "
                + "options (qrtui --no-preview *.png); several are read in turn, without the screen "
                + "(-H names each code's file); -- ends the options",
            completion: .files, effect: .value { $0.inputs.append($1) }),
        QrtuiOption(
            names: ["-j", "--jobs"], argument: "N", section: Section.sources,
            help: "read N of several files at once (default: one a core); their codes are printed in the "
                + "files' order, as one at a time prints them",
            effect: .value(parseJobs)),
        QrtuiOption(
            names: ["--demo"], section: Section.sources, help: "the built-in demo scene (a drifting QR code)",
            effect: .flag { $0.demo = true }),
        QrtuiOption(
            names: ["--screen"], argument: "[select]", section: Section.sources,
            help: "read the codes on your own screen (the desktop's screenshot portal: GNOME, KDE; where "
                + "there is none, grim on Wayland, ImageMagick's import or maim on X11); select: an area you "
                + "mark (the portal's own choice; slurp; import or maim -s)",
            completion: .choices(["select"]),
            effect: .optionalWord(["select"], parseScreen)),
        QrtuiOption(
            names: ["--clipboard"], section: Section.sources,
            help: "read the picture on the clipboard (wl-paste on Wayland, xclip on X11)",
            effect: .flag { $0.desktop = .clipboard }),
        QrtuiOption(
            names: ["--loop"], section: Section.sources, help: "repeat the --input file when it ends",
            effect: .flag { $0.loop = true }),
        QrtuiOption(
            names: ["--size"], aliases: ["--prescale"], argument: "WxH", section: Section.sources,
            help: "camera picture size, or the nearest the camera has, whatever its frame rate (without "
                + "it: the nearest to 1280x720 that the camera sends at 25 fps or more); also --prescale, as "
                + "in zbarcam",
            effect: .value(parseSize)),
        QrtuiOption(
            names: ["--fps"], argument: "N", section: Section.sources, help: "camera frame rate",
            shownDefault: { "\($0.framesPerSecond)" }, effect: .value(parseRate)),
        QrtuiOption(
            names: ["--max-pixels"], argument: "N", section: Section.sources,
            help: "refuse pictures larger than N pixels (25M or 25000000), from their header, before reading them",
            shownDefault: { millions($0.limits.maxPixels) }, effect: .value(parseMaxPixels)),
        QrtuiOption(
            names: ["--list-devices"], section: Section.sources,
            help: "list cameras with their formats, sizes, rates and controls, and what qrtui would stream "
                + "from each (for --size and --fps)",
            effect: .flag { $0.listDevices = true }),
    ]

    package static let scanning: [QrtuiOption] = [
        QrtuiOption(
            names: ["-S", "--symbologies"], aliases: ["--set"], argument: "LIST", section: Section.scanning,
            help: "codes to read, comma-separated; repeated, they add up (default: all but the "
                + "ISBNs and add-ons): " + SymbologyNames.known.joined(separator: ", ")
                + ". zbar's settings work too: -Sdisable -Sqrcode.enable, -Sean13.disable, -S'*.enable', "
                + "-Sisbn13.enable (also --set)",
            completion: .list(SymbologyNames.known + ["disable", "enable"]), effect: .value(parseSymbologies)),
        QrtuiOption(
            names: ["--effort"], argument: "E", section: Section.scanning,
            help: "how much CPU reading may use while the picture changes (a still scene is "
                + "only re-checked now and then): fast (4 ms in every 1/30 s, 12% of a core), normal "
                + "(8 ms, 24%; cameras' and videos' default), thorough (every pass on every frame; "
                + "stills' default) or N ms",
            completion: .choices(ScanEffort.named.map(\.name)), effect: .value(parseEffort)),
        QrtuiOption(
            names: ["--confirm"], argument: "N", section: Section.scanning,
            help: "1D codes (and PDF417) on a stream are announced after N identical reads in separate "
                + "frames, a read zbar and zxing-cpp make alike counting twice; QR and other 2D codes at once",
            shownDefault: { "\($0.reading.confirmations)" }, effect: .value(parseConfirmations)),
    ]

    package static let output: [QrtuiOption] = [
        QrtuiOption(
            names: ["--no-preview"], aliases: ["--nodisplay"], section: Section.output,
            help: "no screen: print each new code as it is found (--nodisplay as in zbarcam)",
            effect: .flag { $0.preview = false }),
        QrtuiOption(
            names: ["-1", "--once"], aliases: ["--oneshot"], section: Section.output,
            help: "exit after the first code (--oneshot as in zbarcam)", effect: .flag { $0.once = true }),
        QrtuiOption(
            names: ["--continuous"], section: Section.output,
            help: "the screen keeps scanning after each read, rings on every new code and prints every "
                + "distinct code on exit, in order (a pile of products); headless runs print each as found",
            effect: .flag { $0.continuous = true }),
        QrtuiOption(
            names: ["--history"], argument: "FILE", section: Section.output,
            help: "append every code read to FILE as a JSON line (one write per line: a crash loses none)",
            completion: .files, effect: .value { $0.historyPath = $1 }),
        QrtuiOption(
            names: ["-q", "--quiet"], section: Section.output,
            help: "no notices on stderr (no code found, skipped frames, camera back); failures are still told",
            effect: .flag { $0.quiet = true }),
        QrtuiOption(
            names: ["-v", "--verbose"], section: Section.output,
            help: "tell on stderr how each code was read (frame, pass, reading time), and show the "
                + "libraries' own warnings (zbar's, libv4l2's), which are otherwise held back; -vv and "
                + "more add zbar's own debugging output",
            effect: .flag { $0.verbosity += 1 }),
        QrtuiOption(
            names: ["-H", "--with-filename"], section: Section.output,
            help: "each code in text or raw output starts with its file's name and a colon, as grep -H "
                + "prints them (JSON and XML always name their source)",
            effect: .flag { $0.withFilename = true }),
        QrtuiOption(
            names: ["--polygon"], section: Section.output,
            help: "each code in text or raw output starts with its corners, as zbarimg --polygon prints "
                + "them: x,y pairs apart, then a colon (10,10 10,90 90,90 90,10:payload)",
            effect: .flag { $0.polygon = true }),
        QrtuiOption(
            names: ["-0", "--null"], section: Section.output,
            help: "end each code with NUL instead of a newline (payloads may hold newlines: "
                + "qrtui -0 ... | xargs -0)",
            effect: .flag { $0.nullTerminated = true }),
        QrtuiOption(
            names: ["--timeout"], argument: "SECONDS", section: Section.output, help: "give up after SECONDS",
            effect: .value(parseTimeout)),
        QrtuiOption(
            names: ["--format"], argument: "FORMAT", section: Section.output,
            help: "text: the payload as text, one per line; raw: the payload bytes as encoded "
                + "(also --raw); json: one JSON object per line (fields below); xml: zbarimg's XML "
                + "(also --xml); otpauth: an otpauth:// URI per two-factor account (an export's each), "
                + "for pass otp, KeePassXC or Aegis to import; zbar: zbarimg's TYPE:payload lines "
                + "(QR-Code:text), for scripts written for zbarimg",
            shownDefault: { $0.format.rawValue }, completion: .choices(Options.Format.allCases.map(\.rawValue)),
            effect: .value(parseFormat)),
        QrtuiOption(
            names: ["--xml"], section: Section.output, help: "the same as --format xml",
            effect: .flag { $0.format = .xml }),
        QrtuiOption(
            names: ["--noxml"], section: Section.output, help: "back to text after --xml, as in zbarimg",
            effect: .flag { if $0.format == .xml { $0.format = .text } }),
        QrtuiOption(
            names: ["--nodbus"], section: Section.output, help: "accepted for zbarcam's sake: qrtui never uses D-Bus",
            effect: .flag { _ in }),
        QrtuiOption(
            names: ["--raw"], section: Section.output, help: "the same as --format raw",
            effect: .flag { $0.format = .raw }),
        QrtuiOption(names: ["-h", "--help"], section: Section.output, help: "this help", effect: .command(.help)),
        QrtuiOption(
            names: ["-V", "--version"], section: Section.output, help: "the version", effect: .command(.version)),
        QrtuiOption(
            names: ["--probe-terminal"], section: Section.output,
            help: "ask the terminal whether it draws pictures (sixel, kitty graphics) and say what it answered",
            effect: .command(.probeTerminal)),
        QrtuiOption(
            names: ["--man"], section: Section.output, help: "the manual page, in roff (man -l <(qrtui --man))",
            effect: .command(.manPage)),
        QrtuiOption(
            names: ["--completions"], argument: "SHELL", section: Section.output,
            help: "a completion script for bash, zsh or fish (make install puts them in place)",
            completion: .choices(Shell.allCases.map(\.rawValue)),
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
        options.sizeAsked = true
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

    package static func parseJobs(_ options: inout Options, _ text: String) throws(UsageError) {
        guard let jobs = Int(text), (1...256).contains(jobs) else {
            throw UsageError(message: "-j needs a number of files to read at once (1-256), not '\(text)'")
        }
        options.jobs = jobs
    }

    package static func parseSymbologies(_ options: inout Options, _ text: String) throws(UsageError) {
        try SymbologySettings.apply(text, to: &options)
    }

    package static func parseEffort(_ options: inout Options, _ text: String) throws(UsageError) {
        guard let effort = ScanEffort(text) else {
            throw UsageError(
                message: "--effort must be fast, normal, thorough or milliseconds per frame (up to 1000), not '\(text)'"
            )
        }
        options.reading.effort = effort
    }

    package static func parseConfirmations(_ options: inout Options, _ text: String) throws(UsageError) {
        guard let count = Int(text), (1...10).contains(count) else {
            throw UsageError(message: "--confirm needs a number of frames from 1 to 10, not '\(text)'")
        }
        options.reading.confirmations = count
    }

    package static func parseScreen(_ options: inout Options, _ text: String?) throws(UsageError) {
        guard text == nil || text == "select" else {
            throw UsageError(message: "--screen takes nothing or 'select', not '\(text ?? "")'")
        }
        options.desktop = .screen(select: text == "select")
    }

    package static func parseTimeout(_ options: inout Options, _ text: String) throws(UsageError) {
        options.timeout = try seconds(text, for: "--timeout")
    }

    package static func parseFormat(_ options: inout Options, _ text: String) throws(UsageError) {
        guard let format = Options.Format(rawValue: text) else {
            throw UsageError(message: "--format must be text, raw, json, xml, otpauth or zbar, not '\(text)'")
        }
        options.format = format
    }
}

/// 100000000 as "100M", as `--max-pixels` takes it.
private func millions(_ pixels: Int) -> String {
    pixels % 1_000_000 == 0 ? "\(pixels / 1_000_000)M" : "\(pixels)"
}
