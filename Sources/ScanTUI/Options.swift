import CaptureKit
import CodeReading
import Overlay

/// Everything the command line can ask for.
struct Options: Equatable {
    enum Format: String, CaseIterable { case text, raw, json }

    var device: String?
    var input: String?
    var demo = false
    var loop = false
    var symbologies: Set<Symbology>?
    var preview = true
    var once = false
    var timeout: Double?
    var format = Format.text
    var glyphs = GlyphSet.ascii
    var scaling = ViewTransform.Mode.fill
    var color = true
    var beep = true
    /// Camera picture size and rate (`--size`, `--fps`).
    var size = PictureSize(width: 1280, height: 720)
    var framesPerSecond = 30
    /// Per-frame scan budget; nil: thorough for files, normal for live pictures.
    var effort: ScanEffort?
    /// Identical reads a 1D code needs on a stream before it is announced.
    var confirmations = 2
    /// The largest picture accepted (`--max-pixels`).
    var limits = PictureLimits()

    var cameraRequest: @Sendable (String) -> CameraRequest {
        { [size, framesPerSecond] path in
            CameraRequest(path: path, width: size.width, height: size.height, framesPerSecond: framesPerSecond)
        }
    }

    /// How hard to read and how sure to be: the same for the screen and headless runs.
    var readingPolicy: ReadingPolicy {
        ReadingPolicy(symbologies: symbologies, effort: effort, confirmations: confirmations)
    }
}

/// A camera picture size (`--size WxH`).
struct PictureSize: Equatable {
    var width: Int
    var height: Int
}

/// What the command line resolves to.
enum Command: Equatable {
    case run(Options)
    case listDevices
    case help
    case version
}

/// A command-line mistake: exit status 2 with one line on stderr.
struct UsageError: Error, Equatable {
    let message: String
}

enum CommandLineParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var options = Options()
        var queue = arguments[...]
        while let argument = queue.popFirst() {
            let (name, inline) = split(argument)
            guard let option = OptionTable.named(name) else {
                if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError(message: "unknown option '\(name)'")
                }
                throw UsageError(message: "unexpected argument '\(argument)' (use --input FILE for a file)")
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
            }
        }
        try validate(options)
        return .run(options)
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
        let sources = [options.device != nil, options.input != nil, options.demo].filter { $0 }.count
        if sources > 1 {
            throw UsageError(message: "choose one source: --device, --input or --demo")
        }
        if options.loop && options.input == nil {
            throw UsageError(message: "--loop repeats an --input file")
        }
        if options.loop && options.input == "-" {
            throw UsageError(message: "--loop cannot repeat stdin: give a file")
        }
        if options.input?.isEmpty == true || options.device?.isEmpty == true {
            throw UsageError(message: "an empty path was given")
        }
    }

    static var knownSymbologies: String {
        Symbology.allCases.map { $0.optionNames[0] }.joined(separator: ",")
    }
}
