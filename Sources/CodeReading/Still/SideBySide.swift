import Glibc
import Synchronization

/// Parts of one still's reading at once, each beside the other on a thread of its own that
/// is joined before its answer is used: a phone's photo is read by zbar on one core while
/// zxing-cpp reads it, and the picture's evidence is gathered, on the other. Where no thread
/// can be started (too little memory for its stack) the work runs when its answer is asked for.
final class Pending<Value> {
    static var stackSize: Int { 4 << 20 }

    /// The work and its answer: the thread holds the job, never this (so this is always
    /// dropped, and its thread joined, by its owner).
    private let job: Job
    private var thread: pthread_t?
    /// Whether the work runs on a thread of its own (else it runs when its answer is asked for).
    private(set) var runsBeside = false

    /// Starts `work` on a thread of its own (`inline`: runs it only when asked for, here).
    init(inline: Bool = false, _ work: @escaping () -> Value) {
        job = Job(work)
        guard !inline else { return }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, Self.stackSize)
        var thread = pthread_t()
        let retained = Unmanaged.passRetained(job as AnyObject)
        let status = pthread_create(
            &thread, &attributes,
            { pointer in
                (Unmanaged<AnyObject>.fromOpaque(pointer!).takeRetainedValue() as? Running)?.run()
                return nil
            }, retained.toOpaque())
        if status == 0 {
            self.thread = thread
            runsBeside = true
        } else {
            retained.release()
        }
    }

    deinit { join() }

    /// The work is done: its answer is there without a wait.
    var isDone: Bool { job.done.load(ordering: .acquiring) }

    /// The work's answer: waits for its thread, or does the work now.
    var answer: Value {
        join()
        job.run()
        return job.value!
    }

    private func join() {
        guard let thread else { return }
        pthread_join(thread, nil)  // orders the thread's writes before what follows
        self.thread = nil
    }

    private final class Job: Running {
        var work: (() -> Value)?
        var value: Value?
        let done = Atomic<Bool>(false)

        init(_ work: @escaping () -> Value) { self.work = work }

        /// Does the work, once.
        func run() {
            guard let work else { return }
            value = work()
            self.work = nil
            done.store(true, ordering: .releasing)
        }
    }
}

/// What a thread's entry calls, whatever the value's type.
private protocol Running: AnyObject {
    func run()
}

enum SideBySide {
    /// `first` here and `second` beside it; both answers.
    static func run<A, B>(_ first: () -> A, beside second: @escaping () -> B) -> (A, B) {
        let side = Pending(second)
        let a = first()
        return (a, side.answer)
    }
}
