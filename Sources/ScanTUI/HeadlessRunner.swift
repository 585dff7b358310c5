import CaptureKit
import CodeReading
import Foundation
import FrameCore
import Overlay
import ScanOptions
import SystemCalls

/// `--no-preview`: frames in, new codes out on stdout, until the input ends, the first code
/// (`--once`) or the timeout. Files and pipes are read as fast as the scanner takes them.
/// Capture and reading run on threads of their own, so `--timeout` is a deadline: whatever
/// they are stuck in (a FIFO nobody writes, a huge picture), the answer comes on time.
struct HeadlessRunner {
    let options: Options
    let printer: CodePrinter
    var history: HistoryFile?

    /// How reading one source ended.
    enum Ending {
        case ended, once, timedOut, failed
        /// A code could not be written (stdout or the history file): the run is over.
        case lostWrite
    }

    /// Reads every source in turn (several files, as zbarimg takes them): exit 1 when any
    /// failed (after the others were read), else 0 when a code was read, else 4.
    func run(_ choices: [SourceFactory.Choice]) -> ExitStatus {
        var read = 0, failed = false
        defer { printer.finish() }
        for choice in choices {
            let (ending, count) = run(choice)
            printer.endSource()
            read += count
            switch ending {
            case .ended: if count == 0 { notice("no code found in \(choice.displayName)") }
            case .failed: failed = true
            case .once: return .read
            case .lostWrite: return .failure
            case .timedOut:
                if read == 0 { notice("no code found within \(Console.seconds(options.timeout ?? 0)) s") }
                return failed ? .failure : read > 0 ? .read : .nothingRead
            }
        }
        return failed ? .failure : read > 0 ? .read : .nothingRead
    }

    /// `-v`: "QR-Code read in frame 3 by the enlarged pass (41.2 ms reading the frame)".
    static func howRead(_ code: DetectedCode, _ reading: HeadlessReading) -> TerminalText {
        let pass = reading.pass.map { "the \($0.rawValue) pass" } ?? "an earlier look"
        let time = (reading.milliseconds * 10).rounded() / 10
        return "\(code.symbology.displayName) read in frame \(reading.sequence) by \(pass) (\(time) ms reading the frame)"
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

    /// News that is not a failure: silent with `-q`.
    private func notice(_ text: TerminalText) {
        if !options.quiet { Console.message(text) }
    }

    /// Reads one source until it ends, fails, gives the first code (`--once`) or the deadline
    /// passes; how it ended and how many codes it gave.
    func run(_ choice: SourceFactory.Choice) -> (Ending, Int) {
        let request = options.cameraRequest, limits = options.limits
        let capture = CaptureThread(mode: choice.handOver) { () throws(CaptureError) in
            try SourceFactory.open(choice, camera: request, limits: limits)
        }
        let deadline = Launch.deadline(options.timeout)
        let reading = ReadingThread(capture: capture, policy: options.readingPolicy,
                                    limit: ReadingLimit(deadline: deadline ?? .infinity))
        var corrupt = 0
        defer {
            // Threads still busy at the end (blocked, or reading) are left to the exit. A
            // camera notices the stop within its poll (0.1 s) and is closed cleanly; a file or
            // pipe may be stuck in a read nothing will end.
            reading.stop()
            capture.stopAndWait(timeout: choice.isDevice ? 1 : 0.05)
            if corrupt > 0 { notice("\(choice.displayName): skipped \(corrupt) corrupt frame\(corrupt == 1 ? "" : "s")") }
        }
        var tracker = CodeTracker(confirmations: options.readingPolicy.confirmations)
        var read = 0
        var unplugged: (error: CaptureError, since: Double)?
        var slow = SlowReadingNote(for: choice, quiet: options.quiet)
        while true {
            let item = reading.output.take(until: [deadline, slow.due].compactMap { $0 }.min())
            if slow.told(after: item, before: deadline) { continue }
            switch item {
            case .value(let result):
                read += announce(result, with: &tracker, from: choice)
                if Console.lostOutput != nil || history?.failure != nil { return (.lostWrite, read) }
                if options.once && read > 0 { return (.once, read) }
            case .notice(.corruptFrames(let total)):
                corrupt = total
            case .notice(.disconnected(let error)):
                unplugged = (error, MonotonicClock.now())
                notice("\(error.description); waiting for it to come back")
            case .notice(.reconnected):
                unplugged = nil
                notice("\(choice.displayName): the camera is back")
            case .ended:
                return (.ended, read)
            case .failed(let error):
                Console.message(FailureHint.message(error, device: choice.isDevice))
                return (.failed, read)
            case nil:
                return (Self.ending(atDeadline: unplugged), read)
            }
        }
    }
}

extension HeadlessRunner {
    /// Prints the codes a reading makes news (only the first with `--once`); how many.
    func announce(_ result: HeadlessReading, with tracker: inout CodeTracker, from choice: SourceFactory.Choice) -> Int {
        tracker.confirmations = options.readingPolicy.confirmations(for: result.kind)
        tracker.stream = result.kind != .still
        let news = tracker.update(with: result.codes, held: result.held, at: result.timestamp)
        for code in news.prefix(options.once ? 1 : news.count) {
            printer.emit(code, frame: result.sequence, source: choice)
            _ = history?.append(code, frame: result.sequence, source: choice.displayName)
            if options.verbose { Console.message(Self.howRead(code, result)) }
        }
        return min(news.count, options.once ? 1 : news.count)
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
    mutating func told(after item: HandOver<HeadlessReading>.Item?, before deadline: Double?) -> Bool {
        guard let due else { return false }
        let now = MonotonicClock.now()
        guard item == nil, now >= due, now < deadline ?? .infinity else {
            if item != nil { self.due = nil }
            return false
        }
        Console.message("reading \(name)…")
        self.due = nil
        return true
    }
}

/// What the reading thread hands on for one frame.
struct HeadlessReading: Sendable {
    let codes: [DetectedCode]
    /// Codes still in sight, not read again (`FrameReading.held`).
    var held: [DetectedCode] = []
    let sequence: Int
    let timestamp: Double
    let kind: SourceKind
    /// The pass that read the codes, and the wall time the frame's reading took (`-v`).
    var pass: ScanPass?
    var milliseconds = 0.0
}

/// Reads every frame the capture thread delivers, on a thread of its own, and passes the
/// readings on in order (with the capture's news and its end).
final class ReadingThread: Sendable {
    let output = HandOver<HeadlessReading>(mode: .lossless)
    private let limit: ReadingLimit

    init(capture: CaptureThread, policy: ReadingPolicy, limit: ReadingLimit) {
        self.limit = limit
        let output = self.output, input = capture.channel
        do throws(Errno) {
            try SystemThread.start("qrtui read") { Self.read(input, into: output, policy: policy, limit: limit) }
        } catch {
            output.finish(.outOfMemory(need: "a thread", errno: error))
        }
    }

    private static func read(_ input: FrameChannel, into output: HandOver<HeadlessReading>, policy: ReadingPolicy,
                             limit: ReadingLimit) {
        let reader = CodeReader(policy: policy)
        var freed = FreedMemory()
        while let item = input.take() {
            switch item {
            case .value(let frame):
                freed.giveBackIfDue(now: MonotonicClock.now())
                let kind = input.sourceKind ?? .recorded
                // Cameras come in real time; files and pipes as fast as they are read, their
                // reading's work counted so that every run reads them the same way.
                let started = MonotonicClock.now()
                let reading = reader.read(frame, kind: kind, realTime: kind == .live, limit: limit)
                guard output.publish(HeadlessReading(codes: reading.codes, held: reading.held, sequence: frame.sequence,
                                                     timestamp: frame.timestamp, kind: kind, pass: reading.pass,
                                                     milliseconds: (MonotonicClock.now() - started) * 1000)) else { return }
            case .notice(let notice): output.notify(notice)
            case .ended: output.finish(nil); return
            case .failed(let error): output.finish(error); return
            }
        }
    }

    /// Ends the reading: a thorough one stops at its next look.
    func stop() {
        limit.stop()
        output.close()
    }
}
