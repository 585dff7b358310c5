import Glibc

/// Parts of one still's reading at once, each beside the other on a thread of its own that
/// is joined before its answer is used: a phone's photo is read by zbar on one core while
/// zxing-cpp reads it, and the picture's evidence is gathered, on the other. Where no thread
/// can be started (too little memory for its stack) the work runs when its answer is asked for.
final class Pending<Value> {
    static var stackSize: Int { 4 << 20 }

    private var work: (() -> Value)?
    private var value: Value?
    private var thread: pthread_t?

    /// Starts `work` on a thread of its own (`inline`: runs it only when asked for, here).
    init(inline: Bool = false, _ work: @escaping () -> Value) {
        self.work = work
        guard !inline else { return }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, Self.stackSize)
        var thread = pthread_t()
        // Not retained by its thread: whoever drops it last joins the thread first (deinit).
        let status = pthread_create(
            &thread, &attributes,
            { pointer in
                (Unmanaged<AnyObject>.fromOpaque(pointer!).takeUnretainedValue() as? Running)?.runWork()
                return nil
            }, Unmanaged.passUnretained(self as AnyObject).toOpaque())
        if status == 0 { self.thread = thread }
    }

    deinit { join() }

    /// The work's answer: waits for its thread, or does the work now.
    var answer: Value {
        join()
        if let value { return value }
        let computed = work!()
        value = computed
        work = nil
        return computed
    }

    private func join() {
        guard let thread else { return }
        pthread_join(thread, nil)  // orders the thread's writes before what follows
        self.thread = nil
    }
}

/// What a thread's entry calls, whatever the value's type.
private protocol Running: AnyObject {
    func runWork()
}

extension Pending: Running {
    fileprivate func runWork() {
        value = work?()
        work = nil
    }
}

enum SideBySide {
    /// `first` here and `second` beside it; both answers.
    static func run<A, B>(_ first: () -> A, beside second: @escaping () -> B) -> (A, B) {
        let side = Pending(second)
        let a = first()
        return (a, side.answer)
    }
}
