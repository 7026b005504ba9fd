import Domain
import Foundation
import GRDB
import Scheduling
import Synchronization

/// The database opened off the main thread at first use; a damaged one is kept aside and replaced.
public final class LazyDatabase: Sendable {
    private let url: URL
    private let opening = Mutex<Task<AppDatabase, any Error>?>(nil)
    private let replaced = Mutex<StorageError?>(nil)
    private let savedPagesLimit = Mutex<Int?>(nil)

    public init(url: URL) {
        self.url = url
    }

    /// An already open database.
    public init(_ database: AppDatabase) {
        url = URL(fileURLWithPath: "/")
        opening.withLock { $0 = Task { database } }
    }

    /// The saved pages' share of the disk limit, kept to as the database opens (`SavedPagesTrim`).
    public func limitSavedPages(toBytes limit: Int) {
        savedPagesLimit.withLock { $0 = limit }
    }

    /// Set when a damaged file was replaced by a new database.
    public var replacement: StorageError? { replaced.withLock { $0 } }

    public func get() async throws(StorageError) -> AppDatabase {
        let task = opening.withLock { task in
            if let task { return task }
            let url = self.url
            let made = Task.detached(priority: .userInitiated) { [self] in
                let database = try Self.open(url) { replacement in self.replaced.withLock { $0 = replacement } }
                if let limit = self.savedPagesLimit.withLock({ $0 }) { _ = try? SavedPagesTrim.trim(database.writer, toBytes: limit) }
                return database
            }
            task = made
            return made
        }
        do {
            return try await task.value
        } catch {
            // Not kept: the next use tries again.
            opening.withLock { if $0 == task { $0 = nil } }
            throw StorageError(database: error)
        }
    }

    /// Reads in one transaction; a failure comes in words.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StorageError) -> T {
        try await using { try await $0.read(body) }
    }

    /// Writes in one transaction; a failure (the transaction rolled back) comes in words.
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StorageError) -> T {
        try await using { try await $0.write(body) }
    }

    private func using<T: Sendable>(_ access: (any DatabaseWriter) async throws -> T) async throws(StorageError) -> T {
        let writer = try await get().writer
        do {
            return try await access(writer)
        } catch {
            throw StorageError(database: error)
        }
    }

    private static func open(_ url: URL, replaced: (StorageError) -> Void) throws -> AppDatabase {
        do {
            // Before SQLite, which would recover or drop a non-database's -wal.
            guard hasDatabaseHeader(url) else { throw DatabaseError(resultCode: .SQLITE_NOTADB) }
            return try AppDatabase(url: url)
        } catch let error as DatabaseError where error.isDamage {
            let kept = try moveAside(url)
            replaced(.databaseReplaced(keptAt: kept.path, reason: StorageError(database: error).description))
            return try AppDatabase(url: url)
        }
    }

    /// Missing, empty, or starting as SQLite databases do.
    private static func hasDatabaseHeader(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return true }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: 16)) ?? Data()
        return start.isEmpty || start == Data("SQLite format 3\u{0}".utf8)
    }

    /// Moves the database with its -wal and -shm aside under one name.
    private static func moveAside(_ url: URL) throws(StorageError) -> URL {
        let kept = try AtomicFile.moveAside(url)
        for suffix in ["-wal", "-shm"] {
            let companion = URL(fileURLWithPath: url.path + suffix)
            guard FileManager.default.fileExists(atPath: companion.path) else { continue }
            guard rename(companion.path, kept.path + suffix) == 0 else {
                throw .io(path: companion.path, reason: String(cString: strerror(errno)))
            }
        }
        return kept
    }
}
