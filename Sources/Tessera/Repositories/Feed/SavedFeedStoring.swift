import Domain
import Foundation

/// Where the feed's posts are kept between launches, so the section shows what the user saw
/// without the network. `Persistence`'s `SavedFeedStore` is it.
public protocol SavedFeedStoring: Sendable {
    /// The first `limit` saved posts, newest first, when they were received and whether they
    /// reach the end; nil when none were saved.
    func saved(limit: Int) async throws -> (posts: [MediaPost], savedAt: Date, reachedEnd: Bool)?
    /// The `limit` saved posts just before the post `id` (newer), newest first.
    func posts(before id: String, limit: Int) async throws -> [MediaPost]
    /// Saves a page asked after `asked`, forgetting the saved posts in its range it does not name.
    func savePage(_ page: [MediaPost], after asked: String, gone: [String], reachedEnd: Bool, pageSize: Int, at savedAt: Date) async throws
    func delete(id: String) async throws
}
