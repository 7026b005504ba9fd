import Domain
import Foundation
import GRDB

/// Messages sent from this computer, kept in the app's database; each write is one transaction
/// on GRDB's writer queue, never on the caller's thread.
public final class LocalMessageStore: Sendable {
    private let database: LazyDatabase

    public init(database: LazyDatabase) {
        self.database = database
    }

    /// Set when the database found at launch was damaged and a new one was started.
    public var databaseReplacement: PersistenceError? { database.replacement }

    /// Every local message, oldest first.
    public func all() async throws -> [ChatMessage] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, text, sentAt FROM localMessage ORDER BY sentAt, id").map { row in
                ChatMessage(origin: .local(id: row["id"]), text: row["text"], sentAt: row["sentAt"])
            }
        }
    }

    /// Stores `text` sent now; returns the stored message.
    public func add(_ text: String, sentAt: Date = Date()) async throws -> ChatMessage {
        try await database.write { db in
            try db.execute(sql: "INSERT INTO localMessage (text, sentAt) VALUES (?, ?)", arguments: [text, sentAt])
            return ChatMessage(origin: .local(id: db.lastInsertedRowID), text: text, sentAt: sentAt)
        }
    }

    public func delete(id: Int64) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM localMessage WHERE id = ?", arguments: [id])
        }
    }
}
