import Domain
import Foundation
import GRDB

/// A saved feed post, ordered by its id's number.
struct SavedFeedPostRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "savedFeedPost"

    var id: String
    /// The id's number; nil for an id that is not one (SQLite sorts those last, descending).
    var rank: Int64?
    var url: String
    var isVideo: Bool

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let rank = Column(CodingKeys.rank)
    }

    init(_ post: MediaPost) {
        id = post.id
        rank = FeedMerge.rank(of: post.id)
        url = post.url.absoluteString
        isVideo = post.kind == .video
    }

    var post: MediaPost? {
        URL(string: url).map { MediaPost(id: id, url: $0, kind: isVideo ? .video : .image) }
    }
}

/// The one row of `savedFeed`: when the posts were last received, and whether they reach the feed's end.
struct SavedFeedRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "savedFeed"
    var id = 1
    var reachedEnd: Bool
    var savedAt: Date
}
