import Domain
import Foundation

/// Where the sections' backend is: given on the command line, or the built-in server, whose
/// address is known once it has started. Sections `await resolve()` before their first request.
///
/// The built-in server is started when something first asks for it, or when the app calls
/// `prepare()` after its first frame, so that starting it never delays the window.
public final class BackendSource: Sendable {
    private let start: @Sendable () async -> Backend
    private let task = LockedTask()

    private init(start: @escaping @Sendable () async -> Backend) {
        self.start = start
    }

    /// A backend known now (`--backend`, `TESSERA_BACKEND`).
    public static func fixed(_ backend: Backend) -> BackendSource {
        BackendSource { backend }
    }

    /// A backend that becomes known when `start` finishes (the built-in server).
    public static func starting(_ start: @escaping @Sendable () async -> Backend) -> BackendSource {
        BackendSource(start: start)
    }

    /// Starts resolving in the background, if nothing has yet.
    public func prepare() { _ = running() }

    public func resolve() async -> Backend { await running().value }

    private func running() -> Task<Backend, Never> {
        task.getOrMake { [start] in Task(priority: .utility) { await start() } }
    }
}

private final class LockedTask: @unchecked Sendable {
    private var task: Task<Backend, Never>?
    private let lock = NSLock()
    func getOrMake(_ make: () -> Task<Backend, Never>) -> Task<Backend, Never> {
        lock.withLock {
            if let task { return task }
            let made = make()
            task = made
            return made
        }
    }
}
