import Domain
import Foundation
import Networking
import Persistence
import Localization

/// Downloads people's avatars into the database: every download over one kept-alive connection,
/// one at a time, from one queue ordered by priority (rows in view before the rest) and then by
/// the order asked (top to bottom), each avatar at most once. Runs off the main actor and
/// outlives any screen, so downloads go on while another section is shown or the window is
/// minimised, and the app can wait for them before it exits.
public actor AvatarDownloader {
    public enum Outcome: Equatable, Sendable {
        case stored
        case failed(String)
    }

    private struct Waiting {
        var person: Person
        var priority: Int
        var sequence: Int
    }

    private let store: PeopleStore
    private let client: SerialHTTPClient
    private let backend: @Sendable () async -> Backend
    private var queue: [Int64: Waiting] = [:]
    private var current: Int64?
    private var sequence = 0
    private var worker: Task<Void, Never>?
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// Each finished download, in the order they finish (one listener: the view-model).
    public nonisolated let outcomes: AsyncStream<(personID: Int64, outcome: Outcome)>
    private let outcomeSink: AsyncStream<(personID: Int64, outcome: Outcome)>.Continuation

    /// The largest avatar accepted.
    static let maximumSize = 2 << 20

    public init(store: PeopleStore, client: SerialHTTPClient = SerialHTTPClient(),
                backend: @escaping @Sendable () async -> Backend) {
        self.store = store
        self.client = client
        self.backend = backend
        (outcomes, outcomeSink) = AsyncStream.makeStream()
    }

    /// Queues the avatars of `people` (in this order) that are not stored, at `priority`. Ones
    /// already queued take the new priority and place; the one downloading goes on.
    public func enqueue(_ people: [Person], priority: Int) {
        for person in people where person.id != current {
            sequence += 1
            queue[person.id] = Waiting(person: person, priority: priority, sequence: sequence)
        }
        startWorker()
    }

    /// Changes the priority of queued avatars (rows that left or entered the view).
    public func setPriority(_ priority: Int, for ids: [Int64]) {
        for id in ids { queue[id]?.priority = priority }
    }

    /// How many downloads are waiting or under way.
    public var pendingCount: Int { queue.count + (current == nil ? 0 : 1) }

    /// Returns when no download is waiting or under way.
    public func waitUntilIdle() async {
        guard pendingCount > 0 else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func startWorker() {
        guard worker == nil, !queue.isEmpty else { return }
        worker = Task { await drain() }
    }

    private func drain() async {
        while let next = queue.values.max(by: { ($0.priority, -$0.sequence) < ($1.priority, -$1.sequence) }) {
            queue[next.person.id] = nil
            current = next.person.id
            let outcome = await fetch(next.person)
            current = nil
            outcomeSink.yield((next.person.id, outcome))
        }
        worker = nil
        idleWaiters.forEach { $0.resume() }
        idleWaiters.removeAll()
    }

    private func fetch(_ person: Person) async -> Outcome {
        do {
            if try await store.avatarData(personID: person.id) != nil { return .stored }
        } catch {
            return .failed(tr("The stored avatar could not be read. {reason}", ["reason": "\(error)"]))
        }
        let url = await backend().avatar(person.avatarNumber)
        let response: HTTPResponse
        do {
            response = try await client.send(HTTPRequest(url: url, timeout: .seconds(30), maximumBodySize: Self.maximumSize),
                                             key: url.absoluteString, priority: 0).validated()
        } catch {
            return .failed(error.description)
        }
        guard response.body.starts(with: [0x89, 0x50, 0x4E, 0x47]) || response.body.starts(with: [0xFF, 0xD8]) else {
            return .failed(tr("The avatar is not a PNG or JPEG image."))
        }
        do {
            try await store.saveAvatar(response.body, personID: person.id)
            return .stored
        } catch {
            return .failed(tr("The avatar could not be stored. {reason}", ["reason": "\(error)"]))
        }
    }
}
