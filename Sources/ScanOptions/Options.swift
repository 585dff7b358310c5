import CaptureKit
import CodeReading
import Overlay
import PictureFiles

/// Everything the command line can ask for.
package struct Options: Equatable {
    package enum Format: String, CaseIterable { case text, raw, json, xml, otpauth, zbar }
    /// `--color`: auto follows the terminal and NO_COLOR; always ignores NO_COLOR.
    package enum ColorChoice: String, CaseIterable { case auto, always, never }
    /// `--preview`: the camera in characters, or as a picture in pixels where the terminal
    /// draws one (`picture` says so where it does not; `auto` quietly keeps characters).
    package enum PreviewChoice: String, CaseIterable { case characters, picture, auto }

    package var device: String?
    /// The environment qrtui was started with, read once at start (BROWSER, NO_COLOR, DISPLAY,
    /// what `--exec` hands on): what runs later never reads the process's own.
    package var environment: [String: String] = [:]
    /// Files to read, in order (`-i` repeated, or named after the options).
    package var inputs: [String] = []
    /// `-j N`: files of a batch read at once (nil: one a core).
    package var jobs: Int?
    package var demo = false
    /// `--screen`, `--screen select`, `--clipboard`: a picture from the user's own desktop.
    package var desktop: DesktopGrab.Kind?
    /// `--list-devices`: list the cameras (for the size and rate asked) instead of scanning.
    package var listDevices = false
    package var loop = false
    package var preview = true
    package var once = false
    package var timeout: Double?
    package var format = Format.text
    package var glyphs = GlyphSet.ascii
    package var scaling = ViewTransform.Mode.fill
    package var color = ColorChoice.auto
    package var pictures = PreviewChoice.characters
    /// `-0`: codes end with NUL instead of a newline.
    package var nullTerminated = false
    /// `-q`: no notices on stderr (failures are still reported).
    package var quiet = false
    /// `-v`: how each code was read, and libraries' own warnings; `-vv` and more: zbar's own
    /// debugging output too.
    package var verbosity = 0
    package var verbose: Bool { verbosity > 0 }
    /// Which codes, how hard and how sure (`-S`, `--effort`, `--confirm`), with the reader's
    /// own defaults.
    package var reading = ReadingPolicy()
    /// `--polygon`: each code's corners before its payload, as zbarimg prints them.
    package var polygon = false
    /// `-H`: each code's file name before it, as grep has it.
    package var withFilename = false
    /// `--continuous`: the screen prints every distinct code on exit, not the last one.
    package var continuous = false
    /// `--history FILE`: every announced code appended there as a JSON line.
    package var historyPath: String?
    /// `--exec CMD` in words, its deadline (seconds) and whether secrets reach it.
    package var exec: [String]?
    package var execTimeout = 10.0
    package var execSecrets = false
    package var beep = true
    /// Camera picture size and rate (`--size`, `--fps`), as a camera is asked by default.
    package var size = PictureSize(width: CameraRequest.standard.width, height: CameraRequest.standard.height)
    /// `--size` was given: the camera's size comes before its rate.
    package var sizeAsked = false
    package var framesPerSecond = CameraRequest.standard.framesPerSecond
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
        { [size, framesPerSecond, sizeAsked] path in
            CameraRequest(
                path: path, width: size.width, height: size.height, framesPerSecond: framesPerSecond,
                sizeAsked: sizeAsked)
        }
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
    case listDevices(Options)
    case help
    case version
    /// `--man`: the manual page (roff), `--completions SHELL`: a completion script.
    case manPage
    case completions(Shell)
    /// `--probe-terminal`: what the terminal draws besides characters, asked of it.
    case probeTerminal
}

/// The shells `--completions` writes for.
package enum Shell: String, CaseIterable, Sendable { case bash, zsh, fish }

package enum CommandLineParser {
    package static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        let parser = OptionParser(table: OptionTable.all) { (options: inout Options, word: String) throws(UsageError) in
            options.inputs.append(word)  // a file named after the options, as zbarimg takes them
        }
        switch try parser.parse(arguments, into: Options()) {
        case .command(let command): return command
        case .run(let options):
            if options.listDevices { return .listDevices(options) }
            try validate(options)
            return .run(options)
        }
    }

    private static func validate(_ options: Options) throws(UsageError) {
        let sources = [options.device != nil, !options.inputs.isEmpty, options.demo, options.desktop != nil]
            .filter { $0 }.count
        if sources > 1 {
            throw UsageError(message: "choose one source: --device, --input, --screen, --clipboard or --demo")
        }
        if options.loop && options.inputs.count != 1 {
            throw UsageError(
                message: options.inputs.isEmpty
                    ? "--loop repeats an --input file" : "--loop repeats one file, not several")
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
}
