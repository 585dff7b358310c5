import Glibc

/// Answers to a fixed list of looks, worked out by threads of their own (each with an engine of
/// its own) and by the thread that asks. A helper takes the first look nobody took after the
/// last one asked for, at most `runAhead` beyond it (a look the asker skips is not worked out
/// for nothing); the asker works out the look it asks for when nobody took it, and the next
/// one nobody took while it waits. Each answer depends on its look alone, so the answers are
/// the same whatever the number of threads. The threads stop between two looks once nobody
/// wants more (deinit); where none could be started, the asker works out every answer.
final class LookPool<Answer> {
    private let shared: Shared
    private let here: (Int) -> Answer
    private var helpers: [Pending<Void>] = []

    /// `here`: the asker's own work on look `index`; `helpers`: each helper thread's.
    init(count: Int, runAhead: Int, here: @escaping (Int) -> Answer, helpers: [(Int) -> Answer]) {
        let shared = Shared(count: count, runAhead: runAhead)
        self.shared = shared
        self.here = here
        self.helpers = helpers.map { work in
            Pending {
                while let index = shared.nextForHelper() {
                    let value = work(index)
                    shared.locked {
                        shared.values[index] = value
                        pthread_cond_broadcast(shared.changed)
                    }
                }
            }
        }
    }

    /// The answer to look `index`, worked out here when nobody has taken it; while a helper
    /// works it out, this thread works out the next look nobody took rather than wait.
    func value(at index: Int) -> Answer {
        shared.locked {
            shared.asked = max(shared.asked, index)
            pthread_cond_broadcast(shared.changed)
        }
        while true {
            let next = shared.locked { () -> (value: Answer?, work: Int?) in
                if let value = shared.values[index] { return (value, nil) }
                if !shared.taken[index] || shared.forgone[index] {
                    shared.taken[index] = true
                    shared.forgone[index] = false
                    return (nil, index)
                }
                if let ahead = shared.untakenAhead() {
                    shared.taken[ahead] = true
                    return (nil, ahead)
                }
                pthread_cond_wait(shared.changed, shared.lock)
                return (nil, nil)
            }
            if let value = next.value { return value }
            guard let work = next.work else { continue }
            let value = here(work)
            shared.locked {
                shared.values[work] = value
                pthread_cond_broadcast(shared.changed)
            }
            if work == index { return value }
        }
    }

    /// Looks not yet taken that the asker will not ask for (a place a code read since covers):
    /// no helper works them out. One asked for after all is worked out here.
    func forgo(where unwanted: (Int) -> Bool) {
        shared.locked {
            for index in shared.values.indices where !shared.taken[index] && unwanted(index) {
                shared.taken[index] = true
                shared.forgone[index] = true
            }
            pthread_cond_broadcast(shared.changed)
        }
    }

    deinit {
        shared.locked {
            shared.wanted = false
            pthread_cond_broadcast(shared.changed)
        }
        helpers = []  // joins the threads
    }

    /// What the threads touch, under its lock.
    private final class Shared {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        var values: [Answer?]
        var taken: [Bool]
        /// Taken by nobody: forgone (`forgo`).
        var forgone: [Bool]
        var asked = 0
        var wanted = true
        let runAhead: Int

        init(count: Int, runAhead: Int) {
            values = Array(repeating: nil, count: count)
            taken = Array(repeating: false, count: count)
            forgone = taken
            self.runAhead = runAhead
            pthread_mutex_init(lock, nil)
            pthread_cond_init(changed, nil)
        }

        /// The next look a helper takes (marked taken), waiting while none is within reach;
        /// nil once every look after the last one asked for is taken, or nobody wants more.
        func nextForHelper() -> Int? {
            locked {
                while wanted && asked + 1 < values.count {
                    if let index = untakenAhead() {
                        taken[index] = true
                        return index
                    }
                    if !taken[(asked + 1)...].contains(false) { return nil }
                    pthread_cond_wait(changed, lock)
                }
                return nil
            }
        }

        /// The first look nobody took after the last one asked for, within reach (the lock held).
        func untakenAhead() -> Int? {
            let reach = min(values.count, asked + 1 + runAhead)
            guard asked + 1 < reach else { return nil }
            return ((asked + 1)..<reach).first { !taken[$0] }
        }

        func locked<T>(_ body: () -> T) -> T {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            return body()
        }

        deinit {
            pthread_cond_destroy(changed)
            pthread_mutex_destroy(lock)
            changed.deallocate()
            lock.deallocate()
        }
    }
}
