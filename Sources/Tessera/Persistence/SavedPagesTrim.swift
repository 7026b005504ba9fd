import Foundation
import GRDB

/// Saved pages over their share of the disk limit, trimmed as the database opens, before any section reads them.
enum SavedPagesTrim {
    /// What a launch reads of the chat (`MessagesViewModel.standardSavedShown`) and some screens of the feed.
    static let keptMessages = 1_000, keptPosts = 300
    /// Trimmed to this share of the limit, so that the next pages saved do not call for another trim at once.
    static let trimmedShare = 0.8

    /// The rows deleted, or nil when the file was within `limit` bytes.
    @discardableResult
    static func trim(_ writer: any DatabaseWriter, toBytes limit: Int) throws -> (messages: Int, posts: Int)? {
        let fileBytes = try writer.read { db in
            try Int.fetchOne(db, sql: "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()") ?? 0
        }
        guard fileBytes > limit else { return nil }
        let trimmed = try writer.write { db -> (messages: Int, posts: Int)? in
            // The search index counts with the messages it holds (the user's own are few beside them).
            let saved = try Int.fetchOne(db, sql: """
                SELECT sum(pgsize) FROM dbstat WHERE name IN (SELECT name FROM sqlite_schema
                    WHERE tbl_name IN ('savedServerMessage', 'savedFeedPost') OR tbl_name LIKE 'messageSearch%')
                """) ?? 0
            guard saved > limit else { return nil }
            let share = Double(limit) * trimmedShare / Double(saved)
            let messages = try Int.fetchOne(db, sql: "SELECT count(*) FROM savedServerMessage") ?? 0
            let keepMessages = max(keptMessages, Int(Double(messages) * share))
            try db.execute(sql: "DELETE FROM savedServerMessage WHERE number > ?", arguments: [keepMessages])
            let messagesGone = db.changesCount
            if messagesGone > 0 {
                try db.execute(sql: "UPDATE savedChat SET nextOffset = min(nextOffset, ?), reachedBeginning = 0", arguments: [keepMessages])
            }
            let posts = try Int.fetchOne(db, sql: "SELECT count(*) FROM savedFeedPost") ?? 0
            let keepPosts = max(keptPosts, Int(Double(posts) * share))
            try db.execute(sql: """
                DELETE FROM savedFeedPost WHERE id NOT IN (SELECT id FROM savedFeedPost ORDER BY rank DESC, id LIMIT ?)
                """, arguments: [keepPosts])
            let postsGone = db.changesCount
            if postsGone > 0 { try db.execute(sql: "UPDATE savedFeed SET reachedEnd = 0") }
            return (messagesGone, postsGone)
        }
        if trimmed != nil { try writer.vacuum() } // else the file keeps the pages freed
        return trimmed
    }
}
