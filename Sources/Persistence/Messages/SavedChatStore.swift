import Domain
import Foundation
import GRDB

/// The server's messages as they were received, kept in the app's database so that the chat shows
/// them at the next launch and while the backend cannot be reached. Each page is saved in one
/// transaction with how far back the pages reach.
public final class SavedChatStore: Sendable {
    private let database: LazyDatabase

    public init(database: LazyDatabase) {
        self.database = database
    }

    /// The saved server messages, oldest first, the offset the next older page is asked at, and
    /// whether the beginning was reached; nil when nothing was saved.
    public func saved() async throws -> (messages: [ChatMessage], nextOffset: Int, reachedBeginning: Bool)? {
        try await database.read { db in
            guard let chat = try SavedChatRecord.fetchOne(db) else { return nil }
            let messages = try SavedServerMessageRecord.order(SavedServerMessageRecord.Columns.number.desc).fetchAll(db).map(\.message)
            return (messages, chat.nextOffset, chat.reachedBeginning)
        }
    }

    /// Saves a page just received (`messages`, any order) and where the pages now reach.
    public func savePage(_ messages: [ChatMessage], nextOffset: Int, reachedBeginning: Bool, at savedAt: Date = Date()) async throws {
        try await database.write { db in
            for message in messages {
                guard case .server(let number) = message.origin else { continue }
                try SavedServerMessageRecord(number: number, text: message.text, receivedAt: message.sentAt ?? savedAt).save(db)
            }
            try SavedChatRecord(nextOffset: nextOffset, reachedBeginning: reachedBeginning, savedAt: savedAt).save(db)
        }
    }

    /// Forgets the saved messages.
    public func clear() async throws {
        try await database.write { db in
            try SavedServerMessageRecord.deleteAll(db)
            try SavedChatRecord.deleteAll(db)
        }
    }
}
