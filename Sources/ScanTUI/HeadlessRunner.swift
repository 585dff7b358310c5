import CaptureKit
import CodeReading
import FrameCore
import Overlay
import ScanOptions
import ScanPipeline
import SystemCalls

/// `--no-preview`: frames in, new codes out on stdout, until the input ends, the first code
/// (`--once`) or the timeout. Files and pipes are read as fast as the scanner takes them.
/// Capture and reading run on threads of their own, so `--timeout` is a deadline: whatever
/// they are stuck in (a FIFO nobody writes, a huge picture), the answer comes on time.
struct HeadlessRunner {
    let options: Options
    let printer: CodePrinter
    var history: HistoryFile?
    /// Structured-append parts seen in any source of the run (several files, as zbarimg takes them).
    let messages = MessageParts()
    /// `--exec`: run for each code printed; its failures go to stderr.
    let hook: ExecHook?

    init(options: Options, printer: CodePrinter, history: HistoryFile?) {
        self.options = options
        self.printer = printer
        self.history = history
        hook = ExecHook(options) { Console.message(TerminalText(escaping: $0)) }
    }

    /// How reading one source ended.
    enum Ending {
        case ended, once, timedOut, failed
        /// A code could not be written (stdout or the history file): the run is over.
        case lostWrite
    }

    /// Reads every source, printed in turn (several files, as zbarimg takes them, `-j` of them
    /// read at once): exit 1 when any failed (after the others were read), else 4 when any gave
    /// no code (as zbarimg: scripts tell a batch with a blank page from one read whole), else 0.
    func run(_ choices: [SourceFactory.Choice]) -> ExitStatus {
        defer { tellUnfinishedMessages() }
        var read = 0
        var failed = false
        var empty = false
        let deadline = Launch.deadline(options.timeout)
        let batch = SourceBatch(choices, jobs: options.jobs ?? Processors.available, messages: messages) {
            start($0, deadline: deadline, messages: $1, keeps: $2)
        }
        defer {
            batch.stopRest()
            hook?.finish()
            printer.finish()
        }
        for (index, choice) in choices.enumerated() {
            let (ending, count, parts) = run(choice, on: batch.pipeline(at: index), deadline: deadline)
            batch.done(index)
            printer.endSource()
            read += count
            switch ending {
            case .ended:
                // A file that gave a part of a message gave something (the end of the run says
                // what became of its message).
                if count == 0 && parts == 0 {
                    empty = true
                    notice("no code found in \(choice.displayName)")
                }
            case .failed: failed = true
            case .once: return .read
            case .lostWrite: return .failure
            case .timedOut:
                if read == 0 { notice("no code found within \(OptionTable.seconds(options.timeout ?? 0)) s") }
                return failed ? .failure : read > 0 ? .read : .nothingRead
            }
        }
        return failed ? .failure : read > 0 && !empty ? .read : .nothingRead
    }

    /// `-v`: "QR-Code read in frame 3 by the enlarged pass (41.2 ms reading the frame)".
    static func howRead(_ code: DetectedCode, _ reading: PipelineReading) -> TerminalText {
        let pass = "the \(code.pass.rawValue) pass"
        let time = (reading.milliseconds * 10).rounded() / 10
        return
            "\(code.symbology.displayName) read in frame \(reading.job.frame.sequence) by \(pass) (\(time) ms reading the frame)"
    }

    /// A camera gone this long when the run ends is gone, not between a replug's two halves.
    static let goneForGood = 2.0

    /// How a run that reached its deadline ended: a camera unplugged and not back for a while
    /// failed (that is no "no code found").
    static func ending(atDeadline unplugged: (error: CaptureError, since: Double)?) -> Ending {
        guard let unplugged, MonotonicClock.now() - unplugged.since >= goneForGood else { return .timedOut }
        Console.message("\(unplugged.error.description) and has not come back")
        return .failed
    }

    /// Messages of which parts were read, never the whole: their parts were not printed.
    private func tellUnfinishedMessages() {
        for message in messages.unfinished {
            let one = message.seen.count == 1
            let seen = message.seen.map(String.init).joined(separator: ", ")
            let list = printer.listsParts ? "" : " (--format json lists the parts)"
            notice(
                TerminalText(
                    escaping: "part\(one ? "" : "s") \(seen) of \(message.count) of a \(message.symbology.displayName) "
                        + "message \(one ? "was" : "were") read, never the whole: nothing of it is printed\(list)"))
        }
    }

    /// News that is not a failure: silent with `-q`.
    private func notice(_ text: TerminalText) {
        if !options.quiet { Console.message(text) }
    }

    /// Reads one source on its `pipeline` until it ends, fails, gives the first code (`--once`)
    /// or the deadline passes; how it ended, how many codes it printed and how many parts of
    /// messages it gave.
    func run(_ choice: SourceFactory.Choice, on pipeline: Pipeline, deadline: Double?) -> (
        Ending, printed: Int, parts: Int
    ) {
        var corrupt = 0
        defer {
            // Threads still busy at the end (blocked, or reading) are left to the exit. A
            // camera notices the stop within its poll (0.1 s) and is closed cleanly; a file or
            // pipe may be stuck in a read nothing will end.
            pipeline.stop(capture: choice.isDevice ? 1 : 0.05)
            if corrupt > 0 {
                notice("\(choice.displayName): \(SourceNews.skipped(corrupt))")
            }
        }
        var read = 0
        var parts = 0
        var unplugged: (error: CaptureError, since: Double)?
        var slow = SlowReadingNote(for: choice, quiet: options.quiet)
        while true {
            let event = pipeline.output.take(until: [deadline, slow.due].compactMap { $0 }.min())
            if slow.told(after: event, before: deadline) { continue }
            switch event {
            case .read(let result):
                read += emit(result, from: choice)
                parts += result.parts.count
                if printer.output.lost != nil || history?.failure != nil { return (.lostWrite, read, parts) }
                if options.once && read > 0 {
                    // The code is out: a thread still at work that cannot allocate changes nothing.
                    FatalFailures.memoryRunningOutEnds(with: 0)
                    return (.once, read, parts)
                }
            case .notice(.corruptFrames(let total)):
                corrupt = total
            case .notice(let news):
                tell(news, from: choice, unplugged: &unplugged)
            case .ended:
                return (.ended, read, parts)
            case .failed(let error):
                Console.message(FailureHint.message(error, device: choice.isDevice))
                return (.failed, read, parts)
            case nil:
                return (ending(atDeadline: pipeline, choice: choice, unplugged: unplugged), read, parts)
            }
        }
    }

    /// The source's news said on stderr (a camera's unplugging kept in `unplugged`).
    private func tell(
        _ news: CaptureNotice, from choice: SourceFactory.Choice,
        unplugged: inout (error: CaptureError, since: Double)?
    ) {
        switch news {
        case .disconnected(let error):
            unplugged = (error, MonotonicClock.now())
            notice("\(error.description); \(SourceNews.waiting)")
        case .reconnected:
            unplugged = nil
            notice("\(choice.displayName): \(SourceNews.back)")
        case .streaming(let stream):
            if options.verbose { notice("\(choice.displayName): streaming \(stream)") }
        case .cutShort(let said):
            notice(TerminalText(escaping: said))
        case .control, .corruptFrames:
            break  // no keys headless; corrupt frames are counted by the loop
        }
    }

    /// How a source still going at the deadline ended. The desktop's portal, not answered by
    /// then, was given the deadline too: its own word on what it waited for comes a moment later.
    private func ending(
        atDeadline pipeline: Pipeline, choice: SourceFactory.Choice,
        unplugged: (error: CaptureError, since: Double)?
    ) -> Ending {
        if case .desktop = choice, !pipeline.sourceIsOpen,
            case .failed(let error)? = pipeline.output.take(until: MonotonicClock.now() + 0.5)
        {
            Console.message(FailureHint.message(error, device: choice.isDevice))
            return .failed
        }
        return Self.ending(atDeadline: unplugged)
    }
}

extension HeadlessRunner {
    /// The pipeline on the source: every frame of a file read, the newest of a camera; its
    /// parts joining `messages`, `keeps` readings kept until they are taken.
    func start(_ choice: SourceFactory.Choice, deadline: Double?, messages: MessageParts, keeps: Int) -> Pipeline {
        var setup = Pipeline.Setup(options, choice: choice)
        setup.limit = ReadingLimit(deadline: deadline ?? .infinity)
        setup.messages = messages
        setup.keeps = keeps
        setup.link = CameraLink()
        return Pipeline(setup, onScreen: false)
    }

    /// Prints the codes a reading announced (only the first with `--once`); how many.
    func emit(_ result: PipelineReading, from choice: SourceFactory.Choice) -> Int {
        let sequence = result.job.frame.sequence
        // A part is no code (it may hold a piece of a secret): only JSON lists it, as a part.
        let parts = printer.listsParts && !options.once ? result.parts : []
        for part in parts { printer.emit(part, frame: sequence, source: choice) }
        let news = result.announced.prefix(options.once ? 1 : result.announced.count)
        for code in news {
            printer.emit(code, frame: sequence, source: choice)
            _ = history?.append(code, frame: sequence, source: choice.displayName)
            hook?.hand(code, source: choice.displayName)
            if options.verbose { Console.message(Self.howRead(code, result)) }
        }
        return news.count + parts.count
    }
}

/// A file slow to read (a photo of many megapixels) is said to be read, once, to a person at
/// a terminal, a second after its reading began.
struct SlowReadingNote {
    private(set) var due: Double?
    private let name: String

    init(for choice: SourceFactory.Choice, quiet: Bool) {
        name = choice.displayName
        due = !choice.isDevice && !quiet && Console.messagesAreSeen ? MonotonicClock.now() + 1 : nil
    }

    /// What a wait brought: nothing by the note's time (before `deadline`) says the note and is
    /// true (wait again); anything that came settles it.
    mutating func told(after event: PipelineEvent?, before deadline: Double?) -> Bool {
        guard let due else { return false }
        let now = MonotonicClock.now()
        guard event == nil, now >= due, now < deadline ?? .infinity else {
            if event != nil { self.due = nil }
            return false
        }
        Console.message("reading \(name)…")
        self.due = nil
        return true
    }
}
