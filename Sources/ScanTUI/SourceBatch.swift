import CodeReading
import ScanPipeline
import SystemCalls

/// The sources of a headless run, each read by a pipeline of its own: several files `jobs` at a
/// time, those after the one being printed read ahead (their readings kept until their turn).
/// Their parts of structured-append messages join the run's in the files' order, so a batch
/// prints the same whatever the number of jobs.
final class SourceBatch {
    /// Readings a file read ahead keeps before its reading waits (each holds its frame; a still's
    /// partial readings share one).
    static let keptAhead = 8

    private let choices: [SourceFactory.Choice]
    private let jobs: Int
    private let turns = SourceTurns()
    private let messages: MessageParts
    private let start: (SourceFactory.Choice, _ messages: MessageParts, _ keeps: Int) -> Pipeline
    private var started = [Int: Pipeline]()

    /// `start` opens a source's pipeline, its parts joining `messages` in turn.
    init(
        _ choices: [SourceFactory.Choice], jobs: Int, messages: MessageParts,
        start: @escaping (SourceFactory.Choice, MessageParts, Int) -> Pipeline
    ) {
        self.choices = choices
        self.jobs = max(1, jobs)
        self.messages = messages
        self.start = start
    }

    /// The pipeline of the source at `index`, the next `jobs - 1` started beside it.
    func pipeline(at index: Int) -> Pipeline {
        let keeps = choices.count > 1 ? Self.keptAhead : 1
        for ahead in index..<min(choices.count, index + jobs) where started[ahead] == nil {
            let turns = self.turns
            started[ahead] = start(choices[ahead], messages.inTurn { turns.wait(for: ahead) }, keeps)
        }
        return started[index]!
    }

    /// The source at `index` is printed (its pipeline stopped by the caller): the next may join
    /// its parts.
    func done(_ index: Int) {
        started[index] = nil
        turns.done(index)
    }

    /// The run ends before the rest are printed: their pipelines are stopped, and none waits for
    /// its turn any more.
    func stopRest() {
        turns.giveUp()
        for pipeline in started.values { pipeline.stop(capture: 0.05) }
        started.removeAll()
    }
}

/// Whose turn it is to join parts: the sources before it are printed, or the order was given up.
private final class SourceTurns: @unchecked Sendable {  // state guarded by `condition`
    private let condition = ConditionLock()
    private var next = 0
    private var anyOrder = false

    func wait(for index: Int) {
        condition.withLock {
            while next < index && !anyOrder { condition.wait() }
        }
    }

    func done(_ index: Int) {
        condition.withLock {
            next = max(next, index + 1)
            condition.broadcast()
        }
    }

    func giveUp() {
        condition.withLock {
            anyOrder = true
            condition.broadcast()
        }
    }
}
