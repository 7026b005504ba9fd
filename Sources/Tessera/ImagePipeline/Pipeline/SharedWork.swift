import Scheduling

/// Work shared per key, cancelled only after nobody waited for `grace`.
final class SharedWork<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    typealias Outcome = Result<Value, ImageError>

    /// One piece of work and its waiters.
    private final class Run: @unchecked Sendable { // touched under `state`'s lock only
        var task: Task<Void, Never>?
        var waiters: [Int: CheckedContinuation<Outcome, Never>] = [:]
        /// A grace's end acts only if nobody came and left since.
        var abandonments = 0
    }

    private struct State {
        var runs: [Key: Run] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())
    private let grace: Duration
    private let whenAbandoned: @Sendable (Key) async -> Void
    private let whenRejoined: @Sendable (Key, Int) async -> Void

    /// `grace` for unwanted work; `whenAbandoned` and `whenRejoined` adjust its priority.
    init(grace: Duration = .zero, whenAbandoned: @escaping @Sendable (Key) async -> Void = { _ in },
         whenRejoined: @escaping @Sendable (Key, Int) async -> Void = { _, _ in }) {
        self.grace = grace
        self.whenAbandoned = whenAbandoned
        self.whenRejoined = whenRejoined
    }

    /// How many wait for `key`'s work (for tests): nil when none runs, 0 in its grace.
    func waiters(for key: Key) -> Int? { state.withLock { $0.runs[key]?.waiters.count } }

    /// `work`'s outcome, run once for all askers; `.cancelled` with the caller.
    func value(for key: Key, priority: Int,
               _ work: @escaping @Sendable () async -> Outcome) async -> Outcome {
        let id = state.withLock { state -> Int in state.nextWaiter += 1; return state.nextWaiter }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                join(key, waiter: id, priority: priority, continuation: continuation, work: work)
            }
        } onCancel: {
            leave(key, waiter: id)
        }
    }

    private enum Joined { case cancelled, started, waiting, rejoined }

    private func join(_ key: Key, waiter: Int, priority: Int, continuation: CheckedContinuation<Outcome, Never>,
                      work: @escaping @Sendable () async -> Outcome) {
        let joined = state.withLock { state -> Joined in
            // Under `leave`'s lock: an earlier cancel is seen here, a later one finds the waiter.
            if Task.isCancelled { return .cancelled }
            if let run = state.runs[key] {
                let wasAbandoned = run.waiters.isEmpty
                if wasAbandoned { run.abandonments += 1 }
                run.waiters[waiter] = continuation
                return wasAbandoned ? .rejoined : .waiting
            }
            let run = Run()
            run.waiters[waiter] = continuation
            state.runs[key] = run
            // Whoever asked first, the work runs below the main thread (see `TaskPriority.loading`).
            run.task = Task(priority: .loading) { [self] in
                let outcome = await work()
                let waiters = self.state.withLock { state -> [CheckedContinuation<Outcome, Never>] in
                    guard state.runs[key] === run else { return [] }
                    state.runs[key] = nil
                    return Array(run.waiters.values)
                }
                waiters.forEach { $0.resume(returning: outcome) }
            }
            return .started
        }
        switch joined {
        case .cancelled: continuation.resume(returning: .failure(.cancelled))
        case .rejoined: Task { await whenRejoined(key, priority) }
        case .started, .waiting: break
        }
    }

    /// Answers a cancelled waiter now; the work stops once nobody waits, after the grace.
    private func leave(_ key: Key, waiter: Int) {
        let (continuation, cancelled, abandonment) = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, Task<Void, Never>?, Int?) in
            guard let run = state.runs[key], let continuation = run.waiters.removeValue(forKey: waiter) else {
                return (nil, nil, nil)
            }
            guard run.waiters.isEmpty else { return (continuation, nil, nil) }
            guard grace > .zero else {
                state.runs[key] = nil
                return (continuation, run.task, nil)
            }
            run.abandonments += 1
            return (continuation, nil, run.abandonments)
        }
        continuation?.resume(returning: .failure(.cancelled))
        cancelled?.cancel()
        guard let abandonment else { return }
        Task { [self] in
            await whenAbandoned(key)
            try? await Task.sleep(for: grace)
            endGrace(key, abandonment: abandonment)
        }
    }

    /// Cancels the work if nobody came back for it since it was abandoned.
    private func endGrace(_ key: Key, abandonment: Int) {
        let task = state.withLock { state -> Task<Void, Never>? in
            guard let run = state.runs[key], run.waiters.isEmpty, run.abandonments == abandonment else { return nil }
            state.runs[key] = nil
            return run.task
        }
        task?.cancel()
    }
}
