import Domain
import Foundation
import GRDB
import Repositories

/// FTS5 search over every message seen or sent, kept by triggers; unicode61, case and accents ignored.
public final class MessageSearchStore: Sendable {
    private let database: LazyDatabase

    public init(database: LazyDatabase) {
        self.database = database
    }

    /// Messages matching every typed prefix, own first, at most `limit`.
    public func search(_ typed: String, limit: Int) async throws -> [MessageSearchHit] {
        guard let query = MessageSearchHit.query(for: typed) else { return [] }
        return try await database.read { db in
            // In rowid order so FTS5 stops at the limit; marked and original texts.
            let marks: [any DatabaseValueConvertible] = [String(MessageSearchHit.markStart), String(MessageSearchHit.markEnd), query]
            let own = try Row.fetchAll(db, sql: """
                SELECT found.rowid AS row, highlight(messageSearch, 0, ?, ?) AS marked, local.text AS original
                FROM messageSearch AS found LEFT JOIN localMessage AS local ON local.id = found.rowid / 2
                WHERE messageSearch MATCH ? AND found.rowid % 2 = 0 ORDER BY found.rowid DESC LIMIT ?
                """, arguments: StatementArguments(marks + [limit]))
            let theirs = own.count >= limit ? [] : try Row.fetchAll(db, sql: """
                SELECT found.rowid AS row, highlight(messageSearch, 0, ?, ?) AS marked, server.text AS original
                FROM messageSearch AS found LEFT JOIN savedServerMessage AS server ON server.number = (found.rowid - 1) / 2
                WHERE messageSearch MATCH ? AND found.rowid % 2 = 1 ORDER BY found.rowid ASC LIMIT ?
                """, arguments: StatementArguments(marks + [limit - own.count]))
            return (own + theirs).map { row in
                MessageSearchHit(origin: MessageSearchIndex.origin(ofRow: row["row"]), marked: row["marked"], original: row["original"])
            }
        }
    }
}

/// Rowids: a local id times two, a server number times two plus one, so rows are found without scans.
enum MessageSearchIndex {
    static func origin(ofRow rowID: Int64) -> ChatMessage.Origin {
        rowID % 2 == 0 ? .local(id: rowID / 2) : .server(number: Int((rowID - 1) / 2))
    }

    /// `column` as the index keeps it: "ё" as "е" (`MessageSearchHit.folded`).
    static func folded(_ column: String) -> String { "replace(replace(\(column), 'ё', 'е'), 'Ё', 'Е')" }

    /// The migration that makes the index, fills it from the messages stored, and keeps it.
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE VIRTUAL TABLE messageSearch USING fts5(text, tokenize = 'unicode61 remove_diacritics 2');
            INSERT INTO messageSearch(rowid, text) SELECT id * 2, \(folded("text")) FROM localMessage;
            INSERT INTO messageSearch(rowid, text) SELECT number * 2 + 1, \(folded("text")) FROM savedServerMessage;
            CREATE TRIGGER localMessageIndexed AFTER INSERT ON localMessage BEGIN
                INSERT INTO messageSearch(rowid, text) VALUES (new.id * 2, \(folded("new.text")));
            END;
            CREATE TRIGGER localMessageReindexed AFTER UPDATE OF text ON localMessage BEGIN
                UPDATE messageSearch SET text = \(folded("new.text")) WHERE rowid = new.id * 2;
            END;
            CREATE TRIGGER localMessageUnindexed AFTER DELETE ON localMessage BEGIN
                DELETE FROM messageSearch WHERE rowid = old.id * 2;
            END;
            CREATE TRIGGER savedServerMessageIndexed AFTER INSERT ON savedServerMessage BEGIN
                INSERT INTO messageSearch(rowid, text) VALUES (new.number * 2 + 1, \(folded("new.text")));
            END;
            CREATE TRIGGER savedServerMessageReindexed AFTER UPDATE OF text ON savedServerMessage BEGIN
                UPDATE messageSearch SET text = \(folded("new.text")) WHERE rowid = new.number * 2 + 1;
            END;
            CREATE TRIGGER savedServerMessageUnindexed AFTER DELETE ON savedServerMessage BEGIN
                DELETE FROM messageSearch WHERE rowid = old.number * 2 + 1;
            END;
            """)
    }
}

extension MessageSearchStore: MessageSearching {}
