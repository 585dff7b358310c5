import CaptureKit
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

    var cameraRequest: @Sendable (String) -> CameraRequest {
        { [size, framesPerSecond] path in
            CameraRequest(path: path, width: size.width, height: size.height, framesPerSecond: framesPerSecond)
        }
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
            // "--name=value" and "-Xvalue" carry their value inline.
            var name = argument, inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            } else if argument.count > 2, argument.hasPrefix("-"), !argument.hasPrefix("--"),
                      ["-d", "-i", "-S"].contains(String(argument.prefix(2))) {
                name = String(argument.prefix(2))
                inline = String(argument.dropFirst(2))
            }
            func value() throws(UsageError) -> String {
                if let inline { return inline }
                guard let next = queue.popFirst() else { throw UsageError(message: "option \(name) needs a value") }
                return next
            }
            func noValue() throws(UsageError) {
                if inline != nil { throw UsageError(message: "option \(name) takes no value") }
            }
            switch name {
            case "-h", "--help": try noValue(); return .help
            case "-V", "--version": try noValue(); return .version
            case "-d", "--device": options.device = try value()
            case "-i", "--input": options.input = try value()
            case "--demo": try noValue(); options.demo = true
            case "--loop": try noValue(); options.loop = true
            case "-S", "--symbologies":
                let list = try value()
                switch Symbology.parseList(list) {
                case .success(let set): options.symbologies = set
                case .failure(let unknown):
                    throw UsageError(message: "unknown symbology '\(unknown.name)' in -S (known: \(knownSymbologies))")
                }
            case "--no-preview", "--nodisplay": try noValue(); options.preview = false
            case "--once", "-1": try noValue(); options.once = true
            case "--timeout":
                let text = try value()
                guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                    throw UsageError(message: "--timeout needs a positive number of seconds, not '\(text)'")
                }
                options.timeout = seconds
            case "--format":
                let text = try value()
                guard let format = Options.Format(rawValue: text) else {
                    throw UsageError(message: "--format must be text, raw or json, not '\(text)'")
                }
                options.format = format
            case "--raw": try noValue(); options.format = .raw
            case "--glyphs":
                let text = try value()
                guard let glyphs = GlyphSet(rawValue: text) else {
                    throw UsageError(message: "--glyphs must be ascii, blocks, half or braille, not '\(text)'")
                }
                options.glyphs = glyphs
            case "--fit": try noValue(); options.scaling = .fit
            case "--fill": try noValue(); options.scaling = .fill
            case "--color", "--colour":
                let text = try value()
                guard ["auto", "none", "always"].contains(text) else {
                    throw UsageError(message: "--color must be auto or none, not '\(text)'")
                }
                options.color = text != "none"
            case "--no-color", "--no-colour": try noValue(); options.color = false
            case "--no-beep": try noValue(); options.beep = false
            case "--size":
                let text = try value()
                let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, (16...16384).contains(parts[0]), (16...16384).contains(parts[1]) else {
                    throw UsageError(message: "--size needs WIDTHxHEIGHT, e.g. 1280x720, not '\(text)'")
                }
                options.size = PictureSize(width: parts[0], height: parts[1])
            case "--fps":
                let text = try value()
                guard let rate = Int(text), (1...240).contains(rate) else {
                    throw UsageError(message: "--fps needs a whole number of frames per second (1-240), not '\(text)'")
                }
                options.framesPerSecond = rate
            case "--list-devices": try noValue(); return .listDevices
            case "--effort":
                let text = try value()
                guard let effort = ScanEffort(text) else {
                    throw UsageError(message: "--effort must be fast, normal, thorough or milliseconds per frame, not '\(text)'")
                }
                options.effort = effort
            case "--confirm":
                let text = try value()
                guard let count = Int(text), (1...10).contains(count) else {
                    throw UsageError(message: "--confirm needs a number of frames from 1 to 10, not '\(text)'")
                }
                options.confirmations = count
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError(message: "unknown option '\(name)'")
                }
                throw UsageError(message: "unexpected argument '\(argument)' (use --input FILE for a file)")
            }
        }
        try validate(options)
        return .run(options)
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
