/// Lets at most `limit` tasks through at once; waiting tasks go through highest priority first,
/// then in the order they asked. A waiting task's priority can change (a row scrolled into view),
/// and a waiting task that is cancelled leaves the queue at once.
public actor PriorityLimiter {
    private struct Waiter {
        let id: Int
        let key: String
        var priority: Int
        let resume: CheckedContinuation<Bool, Never>
    }

    public let limit: Int
    private var running = 0
    private var waiting: [Waiter] = []
    private var nextID = 0

    public init(limit: Int) {
        precondition(limit > 0)
        self.limit = limit
    }

    /// Runs `body` when a slot is free. Throws `CancellationError` if cancelled while waiting.
    public func run<T: Sendable, E: Error>(key: String, priority: Int,
                                           _ body: @Sendable () async throws(E) -> T) async throws -> T {
        try await acquire(key: key, priority: priority)
        defer { release() }
        return try await body()
    }

    /// Changes the priority of every waiting task with this key.
    public func setPriority(_ priority: Int, forKey key: String) {
        for index in waiting.indices where waiting[index].key == key {
            waiting[index].priority = priority
        }
    }

    public var waitingCount: Int { waiting.count }

    private func acquire(key: String, priority: Int) async throws {
        if running < limit {
            running += 1
            return
        }
        nextID += 1
        let id = nextID
        let admitted = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiting.append(Waiter(id: id, key: key, priority: priority, resume: continuation))
            }
        } onCancel: {
            Task { await self.withdraw(id) }
        }
        guard admitted else { throw CancellationError() }
    }

    private func release() {
        guard !waiting.isEmpty else { running -= 1; return }
        // The slot passes straight to the next waiter: `running` stays the same.
        let index = waiting.indices.max { a, b in
            (waiting[a].priority, -waiting[a].id) < (waiting[b].priority, -waiting[b].id)
        }!
        waiting.remove(at: index).resume.resume(returning: true)
    }

    private func withdraw(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).resume.resume(returning: false)
    }
}
