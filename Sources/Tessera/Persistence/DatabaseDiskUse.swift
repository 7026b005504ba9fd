import Domain
import Foundation
import GRDB

/// The database's pages by section, from SQLite's `dbstat`: saved pages cached, the rest kept.
public enum DatabaseDiskUse {
    /// Each table's section and whether its rows are a cache of the server's pages.
    static let tables: [String: (section: Section, cached: Bool)] = [
        "savedFeed": (.feed, true), "savedFeedPost": (.feed, true),
        "savedChat": (.messages, true), "savedServerMessage": (.messages, true),
        "savedFactsFeed": (.facts, true), "savedFact": (.facts, true),
        "person": (.people, false), "avatar": (.people, false),
        "localMessage": (.messages, false), "draft": (.messages, false), "messageSearch": (.messages, false),
    ]

    /// Bytes by section; tables of no section (the migrations') are left out.
    public static func read(_ database: LazyDatabase) async throws(StorageError) -> [Section: DiskUse] {
        try await database.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT s.tbl_name AS owner, sum(d.pgsize) AS bytes FROM dbstat AS d
                JOIN sqlite_schema AS s ON s.name = d.name GROUP BY s.tbl_name
                """)
            var use: [Section: DiskUse] = [:]
            for row in rows {
                let owner: String = row["owner"], bytes: Int = row["bytes"]
                // The full-text index's own tables are named after it ("messageSearch_data").
                guard let table = tables[owner] ?? tables[String(owner.prefix { $0 != "_" })] else { continue }
                if table.cached { use[table.section, default: DiskUse()].cached += bytes } else { use[table.section, default: DiskUse()].kept += bytes }
            }
            return use
        }
    }
}
