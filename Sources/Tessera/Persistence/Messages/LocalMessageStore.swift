import Domain
import Foundation
import GRDB
import Repositories

/// Messages sent from here, one transaction per write on GRDB's writer.
public final class LocalMessageStore: Sendable {
    private let database: LazyDatabase

    public init(database: LazyDatabase) {
        self.database = database
    }

    /// Set when the database found at launch was damaged and a new one was started.
    public var databaseReplacement: StorageError? { database.replacement }

    /// Every local message, oldest first.
    public func all() async throws -> [ChatMessage] {
        try await database.read { db in
            try LocalMessageRecord.all().chronological().fetchAll(db).map(\.message)
        }
    }

    /// Stores `text` sent now (answering `quote`'s message, with `picture`, if given); returns the stored message.
    public func add(_ text: String, replyingTo quote: ReplyQuote? = nil, picture: ChatPicture? = nil,
                    sentAt: Date = Date()) async throws -> ChatMessage {
        try await database.write { db in
            var record = LocalMessageRecord(id: nil, text: text, sentAt: sentAt, editedAt: nil,
                                            replyTo: quote?.origin.key, replyText: quote?.text, pictureURL: picture?.url.absoluteString,
                                            pictureWidth: picture?.width, pictureHeight: picture?.height)
            try record.insert(db)
            return record.message
        }
    }

    /// Replaces the text of the message `id` with `text`, edited at `date`; returns the message.
    public func edit(id: Int64, text: String, at date: Date = Date()) async throws -> ChatMessage {
        try await database.write { db in
            guard var record = try LocalMessageRecord.fetchOne(db, key: id) else { throw StorageError.notFound(String(id)) }
            record.text = text
            record.editedAt = date
            try record.update(db)
            return record.message
        }
    }

    public func delete(id: Int64) async throws {
        _ = try await database.write { db in try LocalMessageRecord.deleteOne(db, key: id) }
    }
}

extension LocalMessageStore: LocalMessageStoring {
    public var replacementNotice: String? { databaseReplacement?.description }

    public func add(_ text: String, replyingTo quote: ReplyQuote?, picture: ChatPicture?) async throws -> ChatMessage {
        try await add(text, replyingTo: quote, picture: picture, sentAt: Date())
    }

    public func edit(id: Int64, text: String) async throws -> ChatMessage { try await edit(id: id, text: text, at: Date()) }
}
