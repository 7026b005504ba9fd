import Domain
import Foundation
import GRDB
import Repositories

/// The facts feed as last received, for the next launch and offline; each save replaces it in one transaction.
public final class SavedFactsStore: Sendable {
    private let database: LazyDatabase

    public init(database: LazyDatabase) {
        self.database = database
    }

    /// The saved feed and when it was received, or nil when none was ever saved.
    public func saved() async throws -> (feed: FactsFeed, savedAt: Date)? {
        try await database.read { db in
            guard let header = try SavedFactsFeedRecord.fetchOne(db) else { return nil }
            let facts = try SavedFactRecord.order(SavedFactRecord.Columns.position).fetchAll(db).map(\.fact)
            return (FactsFeed(title: header.title, facts: facts), header.savedAt)
        }
    }

    /// Replaces the saved feed with `feed`, received at `savedAt`.
    public func save(_ feed: FactsFeed, at savedAt: Date) async throws {
        try await database.write { db in
            try SavedFactRecord.deleteAll(db)
            for fact in feed.facts { try SavedFactRecord(fact).insert(db) }
            try SavedFactsFeedRecord(title: feed.title, savedAt: savedAt).save(db)
        }
    }

    /// Forgets the saved feed.
    public func clear() async throws {
        try await database.write { db in
            try SavedFactRecord.deleteAll(db)
            try SavedFactsFeedRecord.deleteAll(db)
        }
    }
}

extension SavedFactsStore: SavedFactsStoring {}
