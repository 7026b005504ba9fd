import Domain
import Foundation
import GRDB
import Repositories

/// The server's messages as received, for the next launch and offline; each page saved in one transaction with
/// how far back pages reach.
public final class SavedChatStore: Sendable {
    private let database: LazyDatabase

    public init(database: LazyDatabase) {
        self.database = database
    }

    /// The saved messages oldest first, the next offset, whether the beginning was reached and when; nil when
    /// none. `newest` reads only that many when the rest can be read back later.
    public func saved(newest limit: Int = .max) async throws -> SavedChat? {
        try await database.read { db in
            guard let chat = try SavedChatRecord.fetchOne(db) else { return nil }
            let number = SavedServerMessageRecord.Columns.number
            var request = SavedServerMessageRecord.all()
            var olderNotRead = 0
            if limit < chat.nextOffset, try SavedServerMessageRecord.filter(number <= chat.nextOffset).fetchCount(db) == chat.nextOffset {
                request = request.filter(number <= limit)
                olderNotRead = chat.nextOffset - limit
            }
            let messages = try request.order(number.desc).fetchAll(db).map(\.message)
            return SavedChat(messages: messages, nextOffset: chat.nextOffset, reachedBeginning: chat.reachedBeginning, savedAt: chat.savedAt,
                             olderNotRead: olderNotRead)
        }
    }

    /// The saved messages numbered `numbers` (by the table's key), newest first: those the chat
    /// let go of, read back as its view comes near them.
    public func messages(numbered numbers: ClosedRange<Int>) async throws -> [ChatMessage] {
        try await database.read { db in
            try SavedServerMessageRecord
                .filter(numbers.contains(SavedServerMessageRecord.Columns.number))
                .order(SavedServerMessageRecord.Columns.number)
                .fetchAll(db).map(\.message)
        }
    }

    /// Replaces every saved message with the newest page, received again when the server's
    /// history had moved (`MessageTimeline.refreshNewest`).
    public func replaceAll(with messages: [ChatMessage], nextOffset: Int, reachedBeginning: Bool, at savedAt: Date = Date()) async throws {
        try await database.write { db in
            try SavedServerMessageRecord.deleteAll(db)
            try Self.save(messages, nextOffset: nextOffset, reachedBeginning: reachedBeginning, at: savedAt, in: db)
        }
    }

    /// The list grew by `newest.count` at its head: saved messages move up, `newest` are saved below, in one
    /// transaction; moved by delete and insert so the search index follows.
    public func grow(adding newest: [ChatMessage], at savedAt: Date = Date()) async throws {
        let count = newest.count
        guard count > 0 else { return }
        try await database.write { db in
            try db.execute(sql: """
                CREATE TEMP TABLE shiftedServerMessage AS SELECT number + ? AS number, text, receivedAt FROM savedServerMessage;
                DELETE FROM savedServerMessage;
                INSERT INTO savedServerMessage(number, text, receivedAt) SELECT number, text, receivedAt FROM shiftedServerMessage;
                DROP TABLE shiftedServerMessage;
                """, arguments: [count])
            for message in newest {
                guard case .server(let number) = message.origin else { continue }
                try SavedServerMessageRecord(number: number, text: message.text, receivedAt: message.sentAt ?? savedAt).insert(db)
            }
            try SavedChatRecord.filter(Column("id") == 1)
                .updateAll(db, Column("nextOffset").set(to: Column("nextOffset") + count), Column("savedAt").set(to: savedAt))
        }
    }

    /// Records that the saved pages were confirmed now.
    public func touch(at savedAt: Date = Date()) async throws {
        try await database.write { db in
            try SavedChatRecord.filter(Column("id") == 1).updateAll(db, Column("savedAt").set(to: savedAt))
        }
    }

    /// Saves a page just received (`messages`, any order) and where the pages now reach.
    public func savePage(_ messages: [ChatMessage], nextOffset: Int, reachedBeginning: Bool, at savedAt: Date = Date()) async throws {
        try await database.write { db in
            try Self.save(messages, nextOffset: nextOffset, reachedBeginning: reachedBeginning, at: savedAt, in: db)
        }
    }

    private static func save(_ messages: [ChatMessage], nextOffset: Int, reachedBeginning: Bool, at savedAt: Date,
                             in db: Database) throws {
        for message in messages {
            guard case .server(let number) = message.origin else { continue }
            try SavedServerMessageRecord(number: number, text: message.text, receivedAt: message.sentAt ?? savedAt).save(db)
        }
        try SavedChatRecord(nextOffset: nextOffset, reachedBeginning: reachedBeginning, savedAt: savedAt).save(db)
    }

    /// Forgets the saved messages.
    public func clear() async throws {
        try await database.write { db in
            try SavedServerMessageRecord.deleteAll(db)
            try SavedChatRecord.deleteAll(db)
        }
    }
}

extension SavedChatStore: SavedChatStoring {}
