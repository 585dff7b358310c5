import Glibc

/// A mutex with a condition variable (pthread's, which ThreadSanitizer follows), its timed
/// waits on the monotonic clock: what a hand-over between threads needs, without Foundation.
public final class ConditionLock: @unchecked Sendable {  // the pthread objects are the synchronisation
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Waits (the lock held) until woken.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits (the lock held) until woken or `deadline` (monotonic seconds); false at the deadline.
    @discardableResult
    public func wait(until deadline: Double) -> Bool {
        // Past any deadline a run can have, and far from where the conversions trap.
        let whole = min(max(deadline, 0), 1e12).rounded(.down)
        var time = timespec(tv_sec: Int(whole), tv_nsec: Int(min(max(deadline - whole, 0), 0.999_999_999) * 1e9))
        return pthread_cond_timedwait(condition, mutex, &time) == 0
    }

    public func broadcast() { pthread_cond_broadcast(condition) }
}
