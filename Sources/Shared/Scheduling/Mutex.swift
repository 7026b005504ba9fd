import Glibc
import Synchronization

#if TESSERA_TSAN
/// The standard library's `Mutex` locks with futexes ThreadSanitizer cannot see; under it (`make tsan`),
/// this one, over a pthread mutex it intercepts, takes its place in every module that imports Scheduling.
public final class Mutex<Value>: @unchecked Sendable { // the pthread mutex guards `value`
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
#else
public typealias Mutex<Value: ~Copyable> = Synchronization.Mutex<Value>
#endif
