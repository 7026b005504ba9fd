import Domain
import Foundation
import GRDB

/// A saved server message by its number (offset from the newest, plus one).
struct SavedServerMessageRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "savedServerMessage"

    var number: Int
    var text: String
    var receivedAt: Date

    enum Columns {
        static let number = Column(CodingKeys.number)
    }

    var message: ChatMessage { ChatMessage(origin: .server(number: number), text: text, sentAt: receivedAt) }
}

/// The one row of `savedChat`: how far back the saved pages reach.
struct SavedChatRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "savedChat"
    var id = 1
    var nextOffset: Int
    var reachedBeginning: Bool
    var savedAt: Date
    var unread = 0 // the newest messages, numbered 1 to this, not seen yet
}
