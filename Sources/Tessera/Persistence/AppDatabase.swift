// Runs in the app (tessera), on GRDB's queues.

import Domain
import Foundation
import GRDB
import Localization

/// SQLite in WAL mode for people, messages and facts, built by migrations, observed by view-models.
public final class AppDatabase: Sendable {
    public let writer: any DatabaseWriter

    /// Opens, checks and migrates `url`; damage throws codes `LazyDatabase` answers.
    public init(url: URL) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StorageError.io(path: folder.path, reason: tr("the folder could not be made"))
        }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // Another writer is waited for rather than failing with "database is locked".
        configuration.busyMode = .timeout(5)
        configuration.label = "dev.tessera.database"
        writer = try DatabasePool(path: url.path, configuration: configuration)
        try Self.checkIntegrity(writer)
        try Self.migrator.migrate(writer)
    }

    /// SQLite's quick check reads every page once, so damage fails now, not on some later query.
    private static func checkIntegrity(_ writer: any DatabaseWriter) throws {
        let findings = try writer.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
        guard findings == ["ok"] else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: findings.prefix(3).joined(separator: "; "))
        }
    }

    /// An in-memory database with the same schema (for view-model tests that do not need a file).
    public init() throws {
        writer = try DatabaseQueue(configuration: Configuration())
        try Self.migrator.migrate(writer)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: people and local messages") { db in
            try db.create(table: "person") { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
                table.column("avatarNumber", .integer).notNull().unique()
                table.column("position", .integer).notNull()
            }
            // Downloaded avatars, one per person, dropped with the person.
            try db.create(table: "avatar") { table in
                table.primaryKey("personID", .integer).references("person", onDelete: .cascade)
                table.column("data", .blob).notNull()
                table.column("fetchedAt", .datetime).notNull()
            }
            try db.create(table: "localMessage") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("text", .text).notNull()
                table.column("sentAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2: the facts feed as last received") { db in
            try db.create(table: "savedFactsFeed") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("title", .text)
                table.column("savedAt", .datetime).notNull()
            }
            try db.create(table: "savedFact") { table in
                table.primaryKey("position", .integer)
                table.column("title", .text)
                table.column("text", .text)
                table.column("imageURL", .text)
                table.column("rejectedImageLink", .text)
            }
        }
        migrator.registerMigration("v3: the chat's server messages as last received") { db in
            try db.create(table: "savedChat") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("nextOffset", .integer).notNull()
                table.column("reachedBeginning", .boolean).notNull()
                table.column("savedAt", .datetime).notNull()
            }
            try db.create(table: "savedServerMessage") { table in
                table.primaryKey("number", .integer)
                table.column("text", .text).notNull()
                table.column("receivedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v4: the media feed's posts as last received") { db in
            try db.create(table: "savedFeed") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("reachedEnd", .boolean).notNull()
                table.column("savedAt", .datetime).notNull()
            }
            try db.create(table: "savedFeedPost") { table in
                table.primaryKey("id", .text)
                table.column("rank", .integer).indexed()
                table.column("url", .text).notNull()
                table.column("isVideo", .boolean).notNull()
            }
        }
        migrator.registerMigration("v5: the chat composer's draft") { db in
            try db.create(table: "draft") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("text", .text).notNull()
                table.column("savedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v6: the chat's full-text search") { db in
            try MessageSearchIndex.create(db)
        }
        migrator.registerMigration("v7: the user's messages corrected") { db in
            try db.alter(table: "localMessage") { table in table.add(column: "editedAt", .datetime) }
        }
        migrator.registerMigration("v8: the user's replies") { db in
            try db.alter(table: "localMessage") { table in
                table.add(column: "replyTo", .text)
                table.add(column: "replyText", .text)
            }
        }
        migrator.registerMigration("v9: the chat's unread messages") { db in // not translated
            try db.alter(table: "savedChat") { table in table.add(column: "unread", .integer).notNull().defaults(to: 0) }
        }
        migrator.registerMigration("v10: pictures in the user's messages") { db in // not translated
            try db.alter(table: "localMessage") { table in
                table.add(column: "pictureURL", .text)
                table.add(column: "pictureWidth", .integer)
                table.add(column: "pictureHeight", .integer)
            }
        }
        return migrator
    }

    /// The journal mode in force ("wal" for a file database).
    public func journalMode() throws -> String {
        try writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    /// Whether SQLite enforces foreign keys on this database's connections.
    public func foreignKeysEnabled() throws -> Bool {
        try writer.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false }
    }

    public func tableNames() throws -> [String] {
        try writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY name")
        }
    }
}
