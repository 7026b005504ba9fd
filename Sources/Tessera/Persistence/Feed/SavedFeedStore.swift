import Domain
import Foundation
import GRDB
import Repositories

/// The feed's posts as received, per page in one transaction with its deletions.
public final class SavedFeedStore: Sendable {
    private let database: LazyDatabase

    public init(database: LazyDatabase) {
        self.database = database
    }

    /// The first `limit` saved posts, when received and whether they reach the end; nil if none.
    public func saved(limit: Int) async throws -> (posts: [MediaPost], savedAt: Date, reachedEnd: Bool)? {
        try await database.read { db -> (posts: [MediaPost], savedAt: Date, reachedEnd: Bool)? in
            guard let feed = try SavedFeedRecord.fetchOne(db) else { return nil }
            let posts = try SavedFeedPostRecord
                .order(SavedFeedPostRecord.Columns.rank.desc, SavedFeedPostRecord.Columns.id)
                .limit(limit)
                .fetchAll(db).compactMap(\.post)
            return (posts, feed.savedAt, feed.reachedEnd)
        }
    }

    /// The `limit` saved posts just newer than `id`, newest first, for read back; empty for non-numeric ids.
    public func posts(before id: String, limit: Int) async throws -> [MediaPost] {
        guard let rank = FeedMerge.rank(of: id), limit > 0 else { return [] }
        return try await database.read { db in
            try SavedFeedPostRecord
                .filter(SavedFeedPostRecord.Columns.rank > rank)
                .order(SavedFeedPostRecord.Columns.rank)
                .limit(limit)
                .fetchAll(db).compactMap(\.post).reversed()
        }
    }

    /// Saves a page, forgetting posts it shows deleted; records whether the feed ended.
    public func savePage(_ page: [MediaPost], after asked: String, gone: [String], reachedEnd: Bool,
                         pageSize: Int = FeedCursor.pageSize, at savedAt: Date = Date()) async throws {
        try await database.write { db in
            if !gone.isEmpty {
                try SavedFeedPostRecord.filter(gone.contains(SavedFeedPostRecord.Columns.id)).deleteAll(db)
            }
            try Self.covered(by: page, after: asked, pageSize: pageSize)?.deleteAll(db)
            for post in page { try SavedFeedPostRecord(post).save(db) }
            try SavedFeedRecord(reachedEnd: reachedEnd, savedAt: savedAt).save(db)
        }
    }

    /// Saved posts in `page`'s range it does not name; nil when a non-numeric id bounds it.
    private static func covered(by page: [MediaPost], after asked: String, pageSize: Int) -> QueryInterfaceRequest<SavedFeedPostRecord>? {
        guard let range = FeedPageRange(page: page, after: asked, pageSize: pageSize) else { return nil }
        let rank = SavedFeedPostRecord.Columns.rank
        var covered = SavedFeedPostRecord.filter(!page.map(\.id).contains(SavedFeedPostRecord.Columns.id) && rank != nil)
        if let below = range.below { covered = covered.filter(rank < below) }
        if let downTo = range.downTo { covered = covered.filter(rank >= downTo) }
        return covered
    }

    /// Forgets a post the user deleted.
    public func delete(id: String) async throws {
        _ = try await database.write { db in try SavedFeedPostRecord.deleteOne(db, key: id) }
    }

    /// Forgets the saved feed.
    public func clear() async throws {
        try await database.write { db in
            try SavedFeedPostRecord.deleteAll(db)
            try SavedFeedRecord.deleteAll(db)
        }
    }
}

extension SavedFeedStore: SavedFeedStoring {}
