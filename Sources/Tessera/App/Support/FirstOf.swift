import Scheduling

/// Waits for whichever of several tasks finishes first (a wait with a deadline); the others are cancelled.
final class FirstOf: Sendable {
    private let state = Mutex<(done: Bool, continuation: CheckedContinuation<Void, Never>?)>((false, nil))

    func wait(_ bodies: @Sendable () async -> Void...) async {
        var tasks: [Task<Void, Never>] = []
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            state.withLock { $0.continuation = continuation }
            for body in bodies {
                tasks.append(Task { [self] in
                    await body()
                    finish()
                })
            }
        }
        tasks.forEach { $0.cancel() }
    }

    private func finish() {
        let continuation: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard !state.done else { return nil }
            state.done = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }
}
