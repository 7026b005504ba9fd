import Glibc

/// A pthread mutex and condition: `NSCondition` without Foundation, which helpers do not link.
public final class ConditionLock: @unchecked Sendable { // the pthread objects guard themselves
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits, with the lock held, until `broadcast` (or a spurious wake: wait in a loop).
    public func wait() { pthread_cond_wait(condition, mutex) }

    public func broadcast() { pthread_cond_broadcast(condition) }

    /// `body` with the lock held.
    public func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
