import Domain
import Foundation
import Networking
import Localization

/// Avatars into the database over one connection, one at a time, by priority then order, each once.
public actor AvatarDownloader {
    public enum Outcome: Equatable, Sendable {
        case stored
        case failed(String)
    }

    private struct Waiting {
        var person: Person
        var priority: Int
        var sequence: Int
        /// A retry after a stall waits until then.
        var notBefore: ContinuousClock.Instant?
        /// Tries after a stall so far.
        var retries = 0
    }

    /// Avatars are small: under 1 KB a second for 3 s is a stall holding every avatar behind it.
    static let stallTimeout: Duration = .seconds(3)
    /// Retries after each wait; then failed until asked again.
    static let retryDelays: [Duration] = [.seconds(2), .seconds(8), .seconds(30)]

    private let store: any AvatarStoring
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

    public init(store: any AvatarStoring, client: SerialHTTPClient = SerialHTTPClient(),
                backend: @escaping @Sendable () async -> Backend) {
        self.store = store
        self.client = client
        self.backend = backend
        (outcomes, outcomeSink) = AsyncStream.makeStream()
    }

    /// Queues missing avatars at `priority`, re-placing queued ones; the current one goes on.
    public func enqueue(_ people: [Person], priority: Int) {
        for person in people where person.id != current {
            sequence += 1
            queue[person.id] = Waiting(person: person, priority: priority, sequence: sequence)
        }
        wakeUp()
        startWorker()
    }

    /// Changes the priority of queued avatars (rows that left or entered the view).
    public func setPriority(_ priority: Int, for ids: [Int64]) {
        for id in ids { queue[id]?.priority = priority }
    }

    /// How many downloads are waiting or under way (retries waiting for their time not counted).
    public var pendingCount: Int {
        let now = ContinuousClock.now
        return queue.values.filter { ($0.notBefore ?? now) <= now }.count + (current == nil ? 0 : 1)
    }

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
        while !queue.isEmpty {
            let now = ContinuousClock.now
            guard let next = queue.values.filter({ ($0.notBefore ?? now) <= now })
                .max(by: { ($0.priority, -$0.sequence) < ($1.priority, -$1.sequence) }) else {
                // Only timed retries left: idle, so exit does not wait for them.
                idleWaiters.forEach { $0.resume() }
                idleWaiters.removeAll()
                let soonest = queue.values.compactMap(\.notBefore).min() ?? now
                await sleep(until: soonest)
                continue
            }
            queue[next.person.id] = nil
            current = next.person.id
            let (outcome, retry) = await fetch(next.person)
            current = nil
            if retry, next.retries < Self.retryDelays.count, queue[next.person.id] == nil {
                sequence += 1
                queue[next.person.id] = Waiting(person: next.person, priority: next.priority, sequence: sequence,
                                                notBefore: .now + Self.retryDelays[next.retries], retries: next.retries + 1)
            }
            outcomeSink.yield((next.person.id, outcome))
        }
        worker = nil
        idleWaiters.forEach { $0.resume() }
        idleWaiters.removeAll()
    }

    /// The wait for retries, cut short by `wakeUp()` (an avatar asked for meanwhile).
    private var sleeping: CheckedContinuation<Void, Never>?

    private func sleep(until instant: ContinuousClock.Instant) async {
        let timer = Task { [weak self] in
            try? await Task.sleep(until: instant)
            await self?.wakeUp()
        }
        await withCheckedContinuation { sleeping = $0 }
        timer.cancel()
    }

    private func wakeUp() {
        sleeping?.resume()
        sleeping = nil
    }

    /// The outcome, and whether the download stalled or broke off (a try again is worth it).
    private func fetch(_ person: Person) async -> (Outcome, retry: Bool) {
        do {
            if try await store.avatarData(personID: person.id) != nil { return (.stored, false) }
        } catch {
            return (.failed(tr("The stored avatar could not be read. {reason}", ["reason": "\(error)"])), false)
        }
        let url = await backend().avatar(person.avatarNumber)
        let response: HTTPResponse
        do {
            var request = HTTPRequest(url: url, timeout: .seconds(30), maximumBodySize: Self.maximumSize)
            request.stallTimeout = Self.stallTimeout
            response = try await client.send(request, key: url.absoluteString, priority: 0).validated()
        } catch {
            switch error {
            case .timeout, .connectionLost: return (.failed(error.description), true)
            default: return (.failed(error.description), false)
            }
        }
        guard response.body.starts(with: [0x89, 0x50, 0x4E, 0x47]) || response.body.starts(with: [0xFF, 0xD8]) else {
            return (.failed(tr("The avatar is not a PNG or JPEG image.")), false)
        }
        do {
            try await store.saveAvatar(response.body, personID: person.id)
            return (.stored, false)
        } catch {
            return (.failed(tr("The avatar could not be stored. {reason}", ["reason": "\(error)"])), false)
        }
    }
}
