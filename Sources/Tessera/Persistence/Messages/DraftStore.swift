import Foundation
import GRDB
import Repositories

/// The composer's unsent text in one row, surviving any kill; written on GRDB's writer.
public final class DraftStore: Sendable {
    private let database: LazyDatabase

    public init(database: LazyDatabase) {
        self.database = database
    }

    /// The text kept, or nil when there is none.
    public func draft() async throws -> String? {
        try await database.read { db in try DraftRecord.fetchOne(db)?.text }
    }

    /// Keeps `text` (an empty one removes the draft).
    public func save(_ text: String, at date: Date = Date()) async throws {
        try await database.write { db in
            if text.isEmpty {
                _ = try DraftRecord.deleteAll(db)
            } else {
                try DraftRecord(text: text, savedAt: date).save(db)
            }
        }
    }
}

/// The one row of `draft`.
struct DraftRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "draft"

    var id = 1
    var text: String
    var savedAt: Date

    init(text: String, savedAt: Date) {
        self.text = text
        self.savedAt = savedAt
    }
}

extension DraftStore: DraftStoring {
    public func save(_ text: String) async throws { try await save(text, at: Date()) }
}
