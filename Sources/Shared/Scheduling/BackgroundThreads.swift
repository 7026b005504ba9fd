// Runs in the app (tessera) and its helpers, without Foundation.

import FoundationEssentials
import Glibc
import Dispatch

/// Threads at nice 10 for heavy work, so frames get the CPU; not GCD, whose lowered priority sticks.
public final class BackgroundThreads: Sendable {
    public let count: Int
    public let name: String
    public let niceness: Int32
    private let jobs = Mutex<Jobs>(Jobs())
    private let available = DispatchSemaphore(value: 0)

    private struct Jobs {
        var queue: [@Sendable () -> Void] = []
        var head = 0
        var started = false
    }

    public init(name: String, count: Int, niceness: Int32 = 10) {
        self.name = name
        self.count = max(1, count)
        self.niceness = niceness
    }

    /// Runs `job` on one of the threads, in the order jobs were given.
    public func async(_ job: @escaping @Sendable () -> Void) {
        let start = jobs.withLock { jobs -> Bool in
            jobs.queue.append(job)
            defer { jobs.started = true }
            return !jobs.started
        }
        if start { startThreads() }
        available.signal()
    }

    /// Runs `work` on one of the threads and returns its result.
    public func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await handedOver { done in async { done(work()) } }
    }

    /// The nice value of the calling thread (Linux: "process" 0 is the calling thread).
    public static func currentNiceness() -> Int32 {
        errno = 0
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    private func startThreads() {
        for index in 0..<count {
            DetachedThread.start(named: "\(name)-\(index)") { [self] in
                // Lowering is always allowed; failing to (an odd sandbox) only loses the priority.
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
                while true {
                    available.wait()
                    let job = jobs.withLock { jobs -> @Sendable () -> Void in
                        let job = jobs.queue[jobs.head]
                        // What the job holds goes with it, not when the queue is next trimmed.
                        jobs.queue[jobs.head] = {}
                        jobs.head += 1
                        if jobs.head > 64, jobs.head * 2 > jobs.queue.count {
                            jobs.queue.removeFirst(jobs.head)
                            jobs.head = 0
                        }
                        return job
                    }
                    job()
                }
            }
        }
    }
}
