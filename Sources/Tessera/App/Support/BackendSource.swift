import Domain
import Foundation
import Scheduling

/// The given backend, or the built-in server once started; sections `await resolve()` first.
public final class BackendSource: Sendable {
    /// The backend it will almost surely be, for first-run documents' links.
    public var expected: Backend {
        var backend = expectedBase
        backend.overrides = overrides.withLock { $0 }
        return backend
    }
    /// Where the gallery's first-run links point (the images service).
    public var expectedImagesBase: URL { expected.baseURL(for: .images) }
    private let expectedBase: Backend
    /// Per-service addresses in use: the launch's, then Preferences'; each request resolves anew.
    private let overrides: Mutex<[Backend.Service: URL]>
    private let start: @Sendable () async -> Started
    private let task = Mutex<Task<Started, Never>?>(nil)

    /// The backend, and why in words when the built-in server could not start.
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

    /// A backend known when `start` finishes, expected at `expected`, with our overrides.
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

    /// Why the built-in server could not start, once known; nil otherwise.
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
