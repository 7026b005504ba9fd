import Scheduling

/// A key's work in its first asker's task, others waiting; cheaper than `SharedWork` for one asker.
final class JoinedWork<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    typealias Outcome = Result<Value, ImageError>

    private struct State {
        /// The waiters of each key whose work is under way, by number.
        var running: [Key: [Int: CheckedContinuation<Outcome, Never>]] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    init() {}

    /// How many wait for `key`'s work beside the one doing it (for tests): nil when none runs.
    func waiters(for key: Key) -> Int? { state.withLock { $0.running[key]?.count } }

    /// `work`'s outcome, done now or joined; `.cancelled` as soon as the caller is.
    func value(for key: Key, _ work: () async -> Outcome) async -> Outcome {
        while true {
            let waiter = state.withLock { state -> Int? in
                guard state.running[key] != nil else {
                    state.running[key] = [:]
                    return nil
                }
                state.nextWaiter += 1
                return state.nextWaiter
            }
            guard let waiter else {
                let outcome = await work()
                let waiting = state.withLock { $0.running.removeValue(forKey: key) ?? [:] }
                waiting.values.forEach { $0.resume(returning: outcome) }
                return outcome
            }
            let outcome = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let joined = state.withLock { state -> Bool in
                        // Under `leave`'s lock: an earlier cancel is seen here, a later one finds the waiter.
                        guard !Task.isCancelled, state.running[key] != nil else { return false }
                        state.running[key]![waiter] = continuation
                        return true
                    }
                    // Cancelled, or the work ended before this waiter was put down: ask again.
                    if !joined { continuation.resume(returning: .failure(.cancelled)) }
                }
            } onCancel: {
                leave(key, waiter: waiter)
            }
            if case .failure(.cancelled) = outcome, !Task.isCancelled { continue }
            return outcome
        }
    }

    /// A waiter was cancelled: it is answered now; the work goes on for the others.
    private func leave(_ key: Key, waiter: Int) {
        let continuation = state.withLock { $0.running[key]?.removeValue(forKey: waiter) }
        continuation?.resume(returning: .failure(.cancelled))
    }
}
