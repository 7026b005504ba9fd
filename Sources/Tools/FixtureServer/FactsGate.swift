import Scheduling

/// Facts' answers (the feed, facts.json, or an image, by file name) held until a test lets them go.
public final class FactsGate: Sendable {
    private struct State {
        var held: Set<String>
        var waiting: [(name: String, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    init(held: Set<String>) {
        state = Mutex(State(held: held))
    }

    /// Returns when the file `name` may be answered: at once unless it is held.
    func wait(for name: String) async {
        await withCheckedContinuation { continuation in
            let goesOn = state.withLock { state in
                guard state.held.contains(name) else { return true }
                state.waiting.append((name, continuation))
                return false
            }
            if goesOn { continuation.resume() }
        }
    }

    /// Answers the held requests for the file `name`, and from now on each one at once.
    public func release(_ name: String) {
        let waiting = state.withLock { state in
            state.held.remove(name)
            let released = state.waiting.filter { $0.name == name }
            state.waiting.removeAll { $0.name == name }
            return released
        }
        waiting.forEach { $0.continuation.resume() }
    }

    /// Answers every held request (the server stopping).
    func releaseAll() {
        let waiting = state.withLock { state in
            state.held = []
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach { $0.continuation.resume() }
    }

    /// How many requests for the file `name` wait to be answered.
    public func waitingCount(for name: String) -> Int {
        state.withLock { $0.waiting.count { $0.name == name } }
    }
}
