import Domain
import Foundation
import Networking
import Persistence

/// Downloads people's avatars into the database: every download over one kept-alive connection,
/// one at a time, the highest priority first (rows in view before the rest), each avatar at most
/// once. Runs off the main actor and outlives any screen, so downloads go on while another
/// section is shown or the window is minimised, and the app can wait for them before it exits.
public actor AvatarDownloader {
    public enum Outcome: Equatable, Sendable {
        case stored
        case failed(String)
    }

    private let store: PeopleStore
    private let client: SerialHTTPClient
    private let backend: @Sendable () async -> Backend
    private var running: [Int64: Task<Outcome, Never>] = [:]
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// The largest avatar accepted.
    static let maximumSize = 2 << 20

    public init(store: PeopleStore, client: SerialHTTPClient = SerialHTTPClient(),
                backend: @escaping @Sendable () async -> Backend) {
        self.store = store
        self.client = client
        self.backend = backend
    }

    /// Downloads `person`'s avatar unless it is stored or on its way; returns how it ended.
    /// Asking again for one on its way only changes its priority.
    public func download(_ person: Person, priority: Int) async -> Outcome {
        if let task = running[person.id] {
            await client.setPriority(priority, forKey: key(person))
            return await task.value
        }
        let task = Task { await fetch(person, priority: priority) }
        running[person.id] = task
        let outcome = await task.value
        running[person.id] = nil
        if running.isEmpty {
            idleWaiters.forEach { $0.resume() }
            idleWaiters.removeAll()
        }
        return outcome
    }

    /// Changes the priority of a download still waiting for its turn (a row left or entered view).
    public func setPriority(_ priority: Int, for person: Person) async {
        guard running[person.id] != nil else { return }
        await client.setPriority(priority, forKey: key(person))
    }

    /// How many downloads are waiting or under way.
    public var pendingCount: Int { running.count }

    /// Returns when no download is waiting or under way.
    public func waitUntilIdle() async {
        guard !running.isEmpty else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func key(_ person: Person) -> String { "avatar-\(person.avatarNumber)" }

    private func fetch(_ person: Person, priority: Int) async -> Outcome {
        do {
            if try await store.avatarData(personID: person.id) != nil { return .stored }
        } catch {
            return .failed("The stored avatar could not be read. \(error)")
        }
        let url = await backend().avatar(person.avatarNumber)
        let response: HTTPResponse
        do {
            response = try await client.send(HTTPRequest(url: url, timeout: .seconds(30), maximumBodySize: Self.maximumSize),
                                             key: key(person), priority: priority).validated()
        } catch {
            return .failed(error.description)
        }
        guard response.body.starts(with: [0x89, 0x50, 0x4E, 0x47]) || response.body.starts(with: [0xFF, 0xD8]) else {
            return .failed("The avatar is not a PNG or JPEG image.")
        }
        do {
            try await store.saveAvatar(response.body, personID: person.id)
            return .stored
        } catch {
            return .failed("The avatar could not be stored. \(error)")
        }
    }
}
