import Domain
import Foundation
import GRDB

/// A row of `savedFact`: one card of the facts feed as it was last received, by its position.
struct SavedFactRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "savedFact"

    var position: Int
    var title: String?
    var text: String?
    var imageURL: String?
    var rejectedImageLink: String?

    enum Columns {
        static let position = Column(CodingKeys.position)
    }

    init(_ fact: Fact) {
        position = fact.id
        title = fact.title
        text = fact.description
        imageURL = fact.imageURL?.absoluteString
        rejectedImageLink = fact.rejectedImageLink
    }

    var fact: Fact {
        Fact(id: position, title: title, description: text, imageURL: imageURL.flatMap(URL.init(string:)),
             rejectedImageLink: rejectedImageLink)
    }
}

/// The one row of `savedFactsFeed`: the feed's title and when it was received.
struct SavedFactsFeedRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "savedFactsFeed"
    /// There is one feed.
    var id = 1
    var title: String?
    var savedAt: Date
}
