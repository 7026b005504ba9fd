import Foundation

/// Sends requests one at a time over a single kept-alive connection, the highest priority first
/// (then in the order asked). The People seed demands this for its avatars: same connection, one
/// download at a time, visible rows before the rest.
public actor SerialHTTPClient {
    private struct Waiter {
        let id: Int
        let key: String
        var priority: Int
        let resume: CheckedContinuation<Bool, Never>
    }

    private let client: CurlHTTPClient
    private var waiting: [Waiter] = []
    private var busy = false
    private var nextID = 0

    public init() {
        client = CurlHTTPClient(configuration: .singleConnection)
    }

    /// Sends `request` when it is its turn. `key` names it for `setPriority` (a URL string does).
    public func send(_ request: HTTPRequest, key: String, priority: Int) async throws(HTTPError) -> HTTPResponse {
        if busy {
            nextID += 1
            let id = nextID
            let admitted = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    waiting.append(Waiter(id: id, key: key, priority: priority, resume: continuation))
                }
            } onCancel: {
                Task { await self.withdraw(id) }
            }
            guard admitted else { throw .cancelled }
        }
        busy = true
        defer { admitNext() }
        return try await client.send(request)
    }

    /// Changes the priority of a request still waiting (a row scrolled into or out of view).
    public func setPriority(_ priority: Int, forKey key: String) {
        for index in waiting.indices where waiting[index].key == key {
            waiting[index].priority = priority
        }
    }

    /// How many requests wait for their turn.
    public var waitingCount: Int { waiting.count }

    private func withdraw(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).resume.resume(returning: false)
    }

    private func admitNext() {
        guard !waiting.isEmpty else { busy = false; return }
        // Highest priority; among equals, the earliest asked (ids grow).
        let index = waiting.indices.max { a, b in
            (waiting[a].priority, -waiting[a].id) < (waiting[b].priority, -waiting[b].id)
        }!
        // `busy` stays true: the admitted request runs next.
        waiting.remove(at: index).resume.resume(returning: true)
    }
}
