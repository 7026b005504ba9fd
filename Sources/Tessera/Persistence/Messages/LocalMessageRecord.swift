import Domain
import Foundation
import GRDB

/// A row of `localMessage`: a message sent from this computer.
struct LocalMessageRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "localMessage"

    /// Nil until inserted.
    var id: Int64?
    var text: String
    var sentAt: Date
    /// When the user last corrected it; nil when never.
    var editedAt: Date?
    /// The message it answers (`ChatMessage.Origin.key`) and that message's text then.
    var replyTo: String?
    var replyText: String?
    /// A picture sent with it: its kept copy's `file:` address and its size in pixels.
    var pictureURL: String?
    var pictureWidth: Int?
    var pictureHeight: Int?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let sentAt = Column(CodingKeys.sentAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    var message: ChatMessage {
        let quote = replyTo.flatMap(ChatMessage.Origin.init(key:)).map { ReplyQuote(origin: $0, text: replyText ?? "") }
        let picture = pictureURL.flatMap(URL.init(string:)).map { ChatPicture(url: $0, width: pictureWidth ?? 0, height: pictureHeight ?? 0) }
        return ChatMessage(origin: .local(id: id ?? 0), text: text, sentAt: sentAt, editedAt: editedAt, replyTo: quote, picture: picture)
    }
}

extension DerivableRequest<LocalMessageRecord> {
    /// Oldest first, as the chat stacks them.
    func chronological() -> Self {
        order(LocalMessageRecord.Columns.sentAt, LocalMessageRecord.Columns.id)
    }
}
