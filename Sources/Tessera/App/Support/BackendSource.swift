import Domain
import Foundation
import Synchronization

/// Where the backend is: the command line's, or the built-in server's once started (on first ask, or
/// `prepare()` after the first frame). Sections `await resolve()` before their first request.
public final class BackendSource: Sendable {
    /// The backend it will almost surely be, known now: what first-run documents link to, with
    /// the services' own addresses as they are now.
    public var expected: Backend {
        var backend = expectedBase
        backend.overrides = overrides.withLock { $0 }
        return backend
    }
    /// Where the gallery's first-run links point (the images service).
    public var expectedImagesBase: URL { expected.baseURL(for: .images) }
    private let expectedBase: Backend
    /// The services' own addresses in use: those of the launch, then those the Preferences
    /// window applied. Every request resolves the backend, so the next one goes there.
    private let overrides: Mutex<[Backend.Service: URL]>
    private let start: @Sendable () async -> Started
    private let task = Mutex<Task<Started, Never>?>(nil)

    /// What starting gave: the backend to use, and, when the built-in server could not start, why
    /// in words (the backend is then the address it was expected at, where requests will fail).
    public struct Started: Sendable {
        public var backend: Backend
        public var problem: String?

        public init(backend: Backend, problem: String? = nil) {
            self.backend = backend
            self.problem = problem
        }
    }

    private init(expected: Backend, start: @escaping @Sendable () async -> Started) {
        expectedBase = expected
        overrides = Mutex(expected.overrides)
        self.start = start
    }

    /// A backend known now (`--backend`, `TESSERA_BACKEND`).
    public static func fixed(_ backend: Backend) -> BackendSource {
        BackendSource(expected: backend) { Started(backend: backend) }
    }

    /// A backend that becomes known when `start` finishes (the built-in server), expected to be
    /// `expected`, whose overrides are those used (`start`'s own are not).
    public static func starting(expected: Backend, _ start: @escaping @Sendable () async -> Started) -> BackendSource {
        BackendSource(expected: expected, start: start)
    }

    /// Starts resolving in the background, if nothing has yet.
    public func prepare() { _ = running() }

    public func resolve() async -> Backend {
        var backend = await running().value.backend
        backend.overrides = overrides.withLock { $0 }
        return backend
    }

    /// Uses `overrides` for the services from the next request on.
    public func use(_ overrides: [Backend.Service: URL]) {
        self.overrides.withLock { $0 = overrides }
    }

    /// Why the built-in server could not start, once starting has ended; nil when it started (or
    /// the backend was given).
    public func problem() async -> String? { await running().value.problem }

    private func running() -> Task<Started, Never> {
        task.withLock { task in
            if let task { return task }
            let start = self.start
            let made = Task(priority: .utility) { await start() }
            task = made
            return made
        }
    }
}
