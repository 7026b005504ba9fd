/// At most `limit` tasks, by priority, then the costliest, then in order; below `urgentFrom` only
/// while nothing urgent waits.
public actor PriorityLimiter {
    private struct Waiter {
        let id: Int
        let key: String
        var priority: Int
        /// Of equal priorities the costliest goes first, so the longest work does not start last.
        let cost: Int
        /// Told the priority it went through at, or nil when it was cancelled.
        let resume: CheckedContinuation<Int?, Never>
    }

    public let limit: Int
    /// The priority from which tasks are urgent; nil: every task is.
    public let urgentFrom: Int?
    private var running = 0
    private var runningUrgent = 0
    private var holdsBack = false
    private var waiting: [Waiter] = []
    private var nextID = 0

    public init(limit: Int, urgentFrom: Int? = nil) {
        precondition(limit > 0)
        self.limit = limit
        self.urgentFrom = urgentFrom
    }

    /// Runs `body` when a slot is free. Throws `CancellationError` if cancelled while waiting.
    public func run<T: Sendable, E: Error>(key: String, priority: Int, cost: Int = 0,
                                           _ body: @Sendable () async throws(E) -> T) async throws -> T {
        let admitted = try await acquire(key: key, priority: priority, cost: cost)
        defer { release(admitted) }
        return try await body()
    }

    /// Changes the priority of every waiting task with this key.
    public func setPriority(_ priority: Int, forKey key: String) {
        for index in waiting.indices where waiting[index].key == key {
            waiting[index].priority = priority
        }
        // A task made urgent may go through a slot the others were held back from.
        admitWaiting()
    }

    /// Holds the tasks below `urgentFrom` back (those running go on), or lets them go.
    public func holdBack(_ held: Bool) {
        holdsBack = held
        admitWaiting()
    }

    public var waitingCount: Int { waiting.count }
    public var runningCount: Int { running }

    private func isUrgent(_ priority: Int) -> Bool { urgentFrom.map { priority >= $0 } ?? true }

    private func mayStart(_ priority: Int) -> Bool {
        running < limit && (isUrgent(priority) || (!holdsBack && runningUrgent == 0 && !waiting.contains { isUrgent($0.priority) }))
    }

    private func start(_ priority: Int) {
        running += 1
        if isUrgent(priority) { runningUrgent += 1 }
    }

    /// Waits for a slot; returns the priority the task went through at.
    private func acquire(key: String, priority: Int, cost: Int) async throws -> Int {
        if mayStart(priority), !waiting.contains(where: { $0.priority >= priority }) {
            start(priority)
            return priority
        }
        nextID += 1
        let id = nextID
        let admitted = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiting.append(Waiter(id: id, key: key, priority: priority, cost: cost, resume: continuation))
                admitWaiting()
            }
        } onCancel: {
            Task { await self.withdraw(id) }
        }
        guard let admitted else { throw CancellationError() }
        return admitted
    }

    private func release(_ priority: Int) {
        running -= 1
        if isUrgent(priority) { runningUrgent -= 1 }
        admitWaiting()
    }

    /// Lets waiting tasks through, best first, while they may start.
    private func admitWaiting() {
        while let index = waiting.indices.max(by: { a, b in
            (waiting[a].priority, waiting[a].cost, -waiting[a].id) < (waiting[b].priority, waiting[b].cost, -waiting[b].id)
        }), mayStart(waiting[index].priority) {
            let waiter = waiting.remove(at: index)
            start(waiter.priority)
            waiter.resume.resume(returning: waiter.priority)
        }
    }

    private func withdraw(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).resume.resume(returning: nil)
        // A withdrawn urgent task may have held others back.
        admitWaiting()
    }
}
