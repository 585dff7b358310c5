import CaptureKit
import CodeReading
import Glibc
import Overlay
import ScanOptions
import ScanPipeline
import SystemCalls

/// qrtui: parse the command line, open the source, run headless or on screen.
func runMain(_ output: StandardOutput) -> ExitStatus {
    _ = Launch.started  // the clock `--timeout` counts from
    MallocTuning.settle()
    Signals.unblockAll()
    Signals.quitAsUsual()
    FatalFailures.exitWhenMemoryRunsOut()
    let command: Command
    do {
        command = try CommandLineParser.parse(ArgumentBytes.arguments())
    } catch {
        Console.message("\(error.message) (see qrtui --help)")
        return .usage
    }
    // The environment, read once: what runs later takes it from here.
    let environment = ProcessEnvironment.all
    switch command {
    case .help:
        output.write(Array((HelpText.usage + "\n").utf8))
        return .read
    case .listDevices(let options):
        return DeviceList.run(paths: CameraCatalog.deviceNodes(), request: options.cameraRequest, to: output)
    case .manPage:
        output.write(Array(ManPage.text.utf8))
        return .read
    case .completions(let shell):
        output.write(Array(Completions.script(for: shell).utf8))
        return .read
    case .probeTerminal:
        return TerminalProbe.run(environment: environment, to: output)
    case .version:
        output.print("qrtui \(HelpText.version) (zbar \(ZbarEngine.zbarVersion))")
        return .read
    case .run(var options):
        options.environment = environment
        if options.verbosity > 1 { ScannerSettings.setLibraryVerbosity(options.verbosity - 1) }
        return run(options, output: output)
    }
}

/// A scan: the history file opened first (its failure ends the run before anything else),
/// then several files headless, or the screen, or headless when there is no screen.
func run(_ options: Options, output: StandardOutput) -> ExitStatus {
    var history: HistoryFile?
    if let path = options.historyPath {
        do {
            history = try HistoryFile(path: path)
        } catch {
            Console.message("\(error.description) (the --history file)")
            return .failure
        }
    }
    // Several files are read headless, as zbarimg reads them (`-j` at once, printed in turn): no
    // screen to aim with.
    if options.inputs.count > 1 {
        return withLostWrites(
            headless(options, options.inputs.map { .input($0, loop: false) }, history: history, output: output),
            history: history)
    }
    let namesSource = !options.inputs.isEmpty || options.device != nil || options.demo || options.desktop != nil
    let choice = SourceFactory.choose(options, cameras: namesSource ? [] : CameraCatalog.defaultCameras())
    if options.preview { Launch.settleBacktraces() }
    if options.preview,
        let status = LiveSession(options: options, choice: choice, history: history, output: output).run()
    {
        return withLostWrites(status, history: history)
    }
    if choice.standsInForACamera { return noCameraEnding() }
    return withLostWrites(headless(options, [choice], history: history, output: output), history: history)
}

/// A run shown the demo for want of a camera fails and prints nothing (a script never gets the
/// demo's made-up code unless it asked for the demo): the screen's ending and headless's alike.
func noCameraEnding() -> ExitStatus {
    Console.message(TerminalText(escaping: SourceFactory.noCameraMessage))
    return .failure
}

/// A code that could not be written to the history file is a failure, said at the end.
func withLostWrites(_ status: ExitStatus, history: HistoryFile?) -> ExitStatus {
    guard let message = history?.failureMessage else { return status }
    Console.message(message)
    return .failure
}

/// Output that could not be written to stdout is a failure (a reader gone away on a pipe is
/// SIGPIPE, 141, as it is without a screen, where the signal is not ignored).
func withLostOutput(_ status: ExitStatus, _ output: StandardOutput) -> ExitStatus {
    guard let lost = output.lost else { return status }
    if lost == .brokenPipe { Signals.die(of: SIGPIPE) }
    Console.message("cannot write to stdout: \(lost.message)")
    return .failure
}

/// Reads without a screen, libraries' chatter on stderr held back unless `-v`.
func headless(
    _ options: Options, _ choices: [SourceFactory.Choice], history: HistoryFile?, output: StandardOutput
) -> ExitStatus {
    let filter = StderrFilter(verbose: options.verbose)
    defer { filter?.finish() }
    return HeadlessRunner(options: options, printer: CodePrinter(options, output: output), history: history).run(
        choices)
}

// First of all, before anything is opened: a closed stdout would be taken by a pipe or file.
// Started again as an `--exec` hook's reaper: nothing else of qrtui runs.
if CommandLine.argc > 0, let first = CommandLine.unsafeArgv[0], String(cString: first) == HookReaper.name {
    HookReaper.run(ArgumentBytes.arguments())
}
let output = StandardOutput(closedAtStart: StandardDescriptors.ensureOpen().contains(STDOUT_FILENO))
ProcessEnd.now(withLostOutput(runMain(output), output).rawValue)
