import Foundation
import Synchronization

/// The app's database, opened (and migrated) on a background thread the first time something
/// needs it, so that neither start-up nor the main loop waits for SQLite.
public final class LazyDatabase: Sendable {
    private let url: URL
    private let opening = Mutex<Task<AppDatabase, any Error>?>(nil)

    public init(url: URL) {
        self.url = url
    }

    /// An already open database.
    public init(_ database: AppDatabase) {
        url = URL(fileURLWithPath: "/")
        opening.withLock { $0 = Task { database } }
    }

    public func get() async throws -> AppDatabase {
        let task = opening.withLock { task in
            if let task { return task }
            let url = self.url
            let made = Task.detached(priority: .userInitiated) { try AppDatabase(url: url) }
            task = made
            return made
        }
        return try await task.value
    }
}
