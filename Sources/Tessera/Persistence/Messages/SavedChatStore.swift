import Domain
import Foundation
import GRDB
import Repositories

/// The server's messages as received, a page per transaction with how far back pages reach.
public final class SavedChatStore: Sendable {
    private let database: LazyDatabase

    public init(database: LazyDatabase) {
        self.database = database
    }

    /// Saved messages oldest first with paging state; nil if none; `newest` limits what is read.
    public func saved(newest limit: Int = .max) async throws -> SavedChat? {
        try await saved(numbered: 1...max(1, limit))
    }

    /// The saved messages numbered `numbers` with paging state, the others left to read back; all of them
    /// when the saved pages have a gap. Nil if none.
    public func saved(numbered numbers: ClosedRange<Int>) async throws -> SavedChat? {
        try await database.read { db in
            guard let chat = try SavedChatRecord.fetchOne(db) else { return nil }
            let number = SavedServerMessageRecord.Columns.number
            var request = SavedServerMessageRecord.all()
            var olderNotRead = 0, newerNotRead = 0
            let window = max(1, min(numbers.lowerBound, chat.nextOffset))...max(1, min(numbers.upperBound, chat.nextOffset))
            if window != 1...chat.nextOffset,
               try SavedServerMessageRecord.filter(number <= chat.nextOffset).fetchCount(db) == chat.nextOffset {
                request = request.filter(window.contains(number))
                olderNotRead = chat.nextOffset - window.upperBound
                newerNotRead = window.lowerBound - 1
            }
            let messages = try request.order(number.desc).fetchAll(db).map(\.message)
            return SavedChat(messages: messages, nextOffset: chat.nextOffset, reachedBeginning: chat.reachedBeginning, savedAt: chat.savedAt,
                             olderNotRead: olderNotRead, newerNotRead: newerNotRead, unread: chat.unread)
        }
    }

    /// The saved messages `numbers`, newest first, for read back.
    public func messages(numbered numbers: ClosedRange<Int>) async throws -> [ChatMessage] {
        try await database.read { db in
            try SavedServerMessageRecord
                .filter(numbers.contains(SavedServerMessageRecord.Columns.number))
                .order(SavedServerMessageRecord.Columns.number)
                .fetchAll(db).map(\.message)
        }
    }

    /// Replaces everything with the newest page, after the history moved.
    public func replaceAll(with messages: [ChatMessage], nextOffset: Int, reachedBeginning: Bool, at savedAt: Date = Date()) async throws {
        try await database.write { db in
            try SavedServerMessageRecord.deleteAll(db)
            try SavedChatRecord.deleteAll(db)
            try Self.save(messages, nextOffset: nextOffset, reachedBeginning: reachedBeginning, at: savedAt, in: db)
        }
    }

    /// The head grew: saved messages move up and `newest` go below, unread, in one transaction.
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
                .updateAll(db, Column("nextOffset").set(to: Column("nextOffset") + count), Column("savedAt").set(to: savedAt),
                           Column("unread").set(to: Column("unread") + count))
        }
    }

    /// Records that the saved pages were confirmed now.
    public func touch(at savedAt: Date = Date()) async throws {
        try await database.write { db in
            try SavedChatRecord.filter(Column("id") == 1).updateAll(db, Column("savedAt").set(to: savedAt))
        }
    }

    /// Of the newest messages, numbered from 1, `count` are not seen yet.
    public func setUnread(_ count: Int) async throws {
        try await database.write { db in
            _ = try SavedChatRecord.filter(Column("id") == 1).updateAll(db, Column("unread").set(to: max(0, count)))
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
        let unread = try Int.fetchOne(db, sql: "SELECT unread FROM savedChat WHERE id = 1") ?? 0
        try SavedChatRecord(nextOffset: nextOffset, reachedBeginning: reachedBeginning, savedAt: savedAt, unread: unread).save(db)
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
