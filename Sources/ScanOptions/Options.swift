import CaptureKit
import CodeReading
import Overlay

/// Everything the command line can ask for.
package struct Options: Equatable {
    package enum Format: String, CaseIterable { case text, raw, json }

    package var device: String?
    package var input: String?
    package var demo = false
    package var loop = false
    package var symbologies: Set<Symbology>?
    package var preview = true
    package var once = false
    package var timeout: Double?
    package var format = Format.text
    package var glyphs = GlyphSet.ascii
    package var scaling = ViewTransform.Mode.fill
    package var color = true
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

    package var cameraRequest: @Sendable (String) -> CameraRequest {
        { [size, framesPerSecond] path in
            CameraRequest(path: path, width: size.width, height: size.height, framesPerSecond: framesPerSecond)
        }
    }

    /// How hard to read and how sure to be: the same for the screen and headless runs.
    package var readingPolicy: ReadingPolicy {
        ReadingPolicy(symbologies: symbologies, effort: effort, confirmations: confirmations)
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
}

/// A command-line mistake: exit status 2 with one line on stderr.
package struct UsageError: Error, Equatable {
    package let message: String
}

package enum CommandLineParser {
    package static func parse(_ arguments: [String]) throws(UsageError) -> Command {
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

    package static var knownSymbologies: String {
        Symbology.allCases.map { $0.optionNames[0] }.joined(separator: ",")
    }
}
