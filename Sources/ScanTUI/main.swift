import CaptureKit
import CodeReading
import Glibc
import ScanOptions
import SystemCalls

/// qrtui: parse the command line, open the source, run headless or on screen.
func runMain() -> ExitStatus {
    _ = Launch.started  // the clock `--timeout` counts from
    // A thread's arena reserves 64 MB of address space: under `ulimit -v` one that cannot be
    // made would be tried again at every allocation (a frame's reading took 3 s, not 20 ms).
    Syscall.limitMallocArenas(to: AddressSpace.isLimited ? 1 : 2)
    Syscall.fixMallocThresholds()
    Signals.unblockAll()
    Signals.quitAsUsual()
    FatalFailures.exitWhenMemoryRunsOut()
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
    case .manPage:
        Console.output(Array(ManPage.text.utf8))
        return .read
    case .completions(let shell):
        Console.output(Array(Completions.script(for: shell).utf8))
        return .read
    case .version:
        Console.output(Array("qrtui \(HelpText.version) (zbar \(CodeScanner.zbarVersion))\n".utf8))
        return .read
    case .run(let options):
        if options.verbosity > 1 { ScannerSettings.setLibraryVerbosity(options.verbosity - 1) }
        return run(options)
    }
}

/// A scan: the history file opened first (its failure ends the run before anything else),
/// then several files headless, or the screen, or headless when there is no screen.
func run(_ options: Options) -> ExitStatus {
    var history: HistoryFile?
    if let path = options.historyPath {
        do {
            history = try HistoryFile(path: path)
        } catch {
            Console.message("\(error.description) (the --history file)")
            return .failure
        }
    }
    // Several files are read in turn, as zbarimg reads them: no screen to aim with.
    if options.inputs.count > 1 { return headless(options, options.inputs.map { .input($0, loop: false) }, history: history) }
    let namesSource = !options.inputs.isEmpty || options.device != nil || options.demo
    let choice = SourceFactory.choose(options, cameras: namesSource ? [] : CameraCatalog.defaultCameras())
    if options.preview { Launch.settleBacktraces() }
    if options.preview, let status = LiveSession(options: options, choice: choice, history: history).run() {
        return status
    }
    // A script never gets the demo's made-up code unless it asked for the demo.
    if case .demo(reason: .noCamera) = choice {
        Console.message(SourceFactory.noCameraMessage)
        return .failure
    }
    return headless(options, [choice], history: history)
}

/// Reads without a screen, libraries' chatter on stderr held back unless `-v`.
func headless(_ options: Options, _ choices: [SourceFactory.Choice], history: HistoryFile?) -> ExitStatus {
    let filter = StderrFilter(verbose: options.verbose)
    defer { filter?.finish() }
    return HeadlessRunner(options: options, printer: CodePrinter(options), history: history).run(choices)
}

exit(runMain().rawValue)
