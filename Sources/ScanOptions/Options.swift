import CaptureKit
import CodeReading
import Overlay
import PictureFiles

/// Everything the command line can ask for.
package struct Options: Equatable {
    package enum Format: String, CaseIterable { case text, raw, json, xml }
    /// `--color`: auto follows the terminal and NO_COLOR; always ignores NO_COLOR.
    package enum ColorChoice: String, CaseIterable { case auto, always, never }

    package var device: String?
    /// Files to read, in order (`-i` repeated, or named after the options).
    package var inputs: [String] = []
    package var demo = false
    package var loop = false
    package var symbologies: Set<Symbology>?
    package var preview = true
    package var once = false
    package var timeout: Double?
    package var format = Format.text
    package var glyphs = GlyphSet.ascii
    package var scaling = ViewTransform.Mode.fill
    package var color = ColorChoice.auto
    /// `-0`: codes end with NUL instead of a newline.
    package var nullTerminated = false
    /// `-q`: no notices on stderr (failures are still reported).
    package var quiet = false
    /// `-v`: how each code was read, and libraries' own warnings; `-vv` and more: zbar's own
    /// debugging output too.
    package var verbosity = 0
    package var verbose: Bool { verbosity > 0 }
    /// zbar's scanner settings given with `-S`.
    package var scanner = ScannerSettings()
    /// `--polygon`: each code's corners before its payload, as zbarimg prints them.
    package var polygon = false
    /// `-H`: each code's file name before it, as grep has it.
    package var withFilename = false
    /// `--continuous`: the screen prints every distinct code on exit, not the last one.
    package var continuous = false
    /// `--history FILE`: every announced code appended there as a JSON line.
    package var historyPath: String?
    package var beep = true
    /// Camera picture size and rate (`--size`, `--fps`).
    package var size = PictureSize(width: 1280, height: 720)
    package var framesPerSecond = 30
    /// Per-frame scan budget; nil: thorough for files, normal for live pictures.
    package var effort: ScanEffort?
    /// Identical reads a 1D code needs on a stream before it is announced.
    package var confirmations = 2
    /// The largest picture accepted (`--max-pixels`).
    package var limits = PictureLimits()

    package init(device: String? = nil, input: String? = nil, preview: Bool = true, format: Format = .text) {
        self.device = device
        self.input = input
        self.preview = preview
        self.format = format
    }

    /// The one input (the first of several).
    package var input: String? {
        get { inputs.first }
        set { inputs = newValue.map { [$0] } ?? [] }
    }

    package var cameraRequest: @Sendable (String) -> CameraRequest {
        { [size, framesPerSecond] path in
            CameraRequest(path: path, width: size.width, height: size.height, framesPerSecond: framesPerSecond)
        }
    }

    /// How hard to read and how sure to be: the same for the screen and headless runs.
    package var readingPolicy: ReadingPolicy {
        ReadingPolicy(symbologies: symbologies, effort: effort, confirmations: confirmations, scanner: scanner)
    }
}

/// A camera picture size (`--size WxH`).
package struct PictureSize: Equatable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// What the command line resolves to.
package enum Command: Equatable {
    case run(Options)
    case listDevices
    case help
    case version
    /// `--man`: the manual page (roff), `--completions SHELL`: a completion script.
    case manPage
    case completions(Shell)
}

/// The shells `--completions` writes for.
package enum Shell: String, CaseIterable, Sendable { case bash, zsh, fish }

/// A command-line mistake: exit status 2 with one line on stderr.
package struct UsageError: Error, Equatable {
    package let message: String
}

package enum CommandLineParser {
    package static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var options = Options()
        var queue = arguments[...]
        while let argument = queue.popFirst() {
            // `--` ends the options: what follows are files, even when they start with '-'.
            if argument == "--" {
                options.inputs += queue
                break
            }
            // Short flags bundled as zbar's users type them: -vv, -qv.
            if let flags = bundledFlags(argument) {
                for flag in flags { if case .flag(let set) = flag.effect { set(&options) } }
                continue
            }
            let (name, inline) = split(argument)
            guard let option = OptionTable.named(name) else {
                if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError(message: "unknown option '\(name)'")
                }
                options.inputs.append(argument)  // a file named after the options, as zbarimg takes them
                continue
            }
            switch option.effect {
            case .flag(let set):
                if inline != nil { throw UsageError(message: "option \(name) takes no value") }
                set(&options)
            case .command(let command):
                if inline != nil { throw UsageError(message: "option \(name) takes no value") }
                return command
            case .value(let set):
                guard let value = inline ?? queue.popFirst() else { throw UsageError(message: "option \(name) needs a value") }
                try set(&options, value)
            case .valueCommand(let make):
                guard let value = inline ?? queue.popFirst() else { throw UsageError(message: "option \(name) needs a value") }
                return try make(value)
            }
        }
        try validate(options)
        return .run(options)
    }

    /// "-vv": short options that take no value, bundled; nil for anything else.
    private static func bundledFlags(_ argument: String) -> [OptionSpec]? {
        guard argument.count > 2, argument.hasPrefix("-"), !argument.hasPrefix("--"), OptionTable.named(argument) == nil
        else { return nil }
        let options = argument.dropFirst().map { OptionTable.named("-\($0)") }
        guard options.allSatisfy({ option in
            if case .flag? = option?.effect { return true }
            return false
        }) else { return nil }
        return options.compactMap { $0 }
    }

    /// "--name=value" and "-Xvalue" (a short option that takes a value) carry it inline.
    private static func split(_ argument: String) -> (name: String, inline: String?) {
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
        }
        if argument.count > 2, argument.hasPrefix("-"), !argument.hasPrefix("--"),
           let option = OptionTable.named(String(argument.prefix(2))), option.argument != nil {
            return (String(argument.prefix(2)), String(argument.dropFirst(2)))
        }
        return (argument, nil)
    }

    private static func validate(_ options: Options) throws(UsageError) {
        let sources = [options.device != nil, !options.inputs.isEmpty, options.demo].filter { $0 }.count
        if sources > 1 {
            throw UsageError(message: "choose one source: --device, --input or --demo")
        }
        if options.loop && options.inputs.count != 1 {
            throw UsageError(message: options.inputs.isEmpty ? "--loop repeats an --input file" : "--loop repeats one file, not several")
        }
        if options.loop && options.input == "-" {
            throw UsageError(message: "--loop cannot repeat stdin: give a file")
        }
        if options.inputs.filter({ $0 == "-" }).count > 1 {
            throw UsageError(message: "stdin (-) can be read once")
        }
        if options.inputs.contains(where: \.isEmpty) || options.device?.isEmpty == true {
            throw UsageError(message: "an empty path was given")
        }
    }

    package static var knownSymbologies: String {
        Symbology.allCases.map { $0.optionNames[0] }.joined(separator: ",")
    }
}
