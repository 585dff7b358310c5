import CaptureKit
import CodeReading
import Glibc
import ScanOptions

/// qrtui: parse the command line, open the source, run headless or on screen.
func runMain() -> ExitStatus {
    _ = Launch.started  // the clock `--timeout` counts from
    Signals.unblockAll()
    let command: Command
    do {
        command = try CommandLineParser.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        Console.message("\(error.message) (see qrtui --help)")
        return .usage
    }
    switch command {
    case .help:
        Console.output(Array((HelpText.usage + "\n").utf8))
        return .read
    case .listDevices:
        return DeviceList.run(paths: CameraCatalog.deviceNodes())
    case .version:
        Console.output(Array("qrtui \(HelpText.version) (zbar \(CodeScanner.zbarVersion))\n".utf8))
        return .read
    case .run(let options):
        let namesSource = options.input != nil || options.device != nil || options.demo
        let choice = SourceFactory.choose(options, cameras: namesSource ? [] : CameraCatalog.defaultCameras())
        if case .demo(reason: .noCamera) = choice, !options.preview {
            Console.message("no camera found: showing the demo scene (see --help for --input)")
        }
        if options.preview { Launch.settleBacktraces() }
        if options.preview, let status = LiveSession(options: options, choice: choice).run() {
            return status
        }
        let printer = CodePrinter(format: options.format, toTerminal: Console.stdoutIsTerminal)
        return HeadlessRunner(options: options, printer: printer).run(choice)
    }
}

exit(runMain().rawValue)
