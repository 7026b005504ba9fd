import Domain
import Foundation

/// Keeps the feed's posts between launches; `SavedFeedStore` is it.
public protocol SavedFeedStoring: Sendable {
    /// The first `limit` saved posts, when saved and whether they end the feed; nil if none.
    func saved(limit: Int) async throws -> (posts: [MediaPost], savedAt: Date, reachedEnd: Bool)?
    /// The `limit` saved posts just before the post `id` (newer), newest first.
    func posts(before id: String, limit: Int) async throws -> [MediaPost]
    /// Saves a page asked after `asked`, forgetting the saved posts in its range it does not name.
    func savePage(_ page: [MediaPost], after asked: String, gone: [String], reachedEnd: Bool, pageSize: Int, at savedAt: Date) async throws
    func delete(id: String) async throws
}
