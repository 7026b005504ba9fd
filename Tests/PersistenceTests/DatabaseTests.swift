import Foundation
import GRDB
import Persistence
import XCTest

final class DatabaseTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-db-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testAFileDatabaseIsWALWithForeignKeysAndTheSchema() throws {
        let database = try AppDatabase(url: folder.appendingPathComponent("tessera.sqlite"))
        XCTAssertEqual(try database.journalMode(), "wal")
        XCTAssertTrue(try database.foreignKeysEnabled())
        XCTAssertEqual(try database.tableNames(), ["avatar", "draft", "localMessage", "messageSearch", "messageSearch_config", "messageSearch_content", "messageSearch_data", "messageSearch_docsize", "messageSearch_idx", "person", "savedChat", "savedFact", "savedFactsFeed", "savedFeed", "savedFeedPost", "savedServerMessage"])
        // Reopening runs no migration twice.
        let again = try AppDatabase(url: folder.appendingPathComponent("tessera.sqlite"))
        XCTAssertEqual(try again.tableNames(), ["avatar", "draft", "localMessage", "messageSearch", "messageSearch_config", "messageSearch_content", "messageSearch_data", "messageSearch_docsize", "messageSearch_idx", "person", "savedChat", "savedFact", "savedFactsFeed", "savedFeed", "savedFeedPost", "savedServerMessage"])
    }

    func testForeignKeysCascadeAndRefuseOrphans() throws {
        let database = try AppDatabase(url: folder.appendingPathComponent("tessera.sqlite"))
        try database.writer.write { db in
            try db.execute(sql: "INSERT INTO person (id, name, avatarNumber, position) VALUES (1, 'Adam', 1, 0)")
            try db.execute(sql: "INSERT INTO avatar (personID, data, fetchedAt) VALUES (1, x'89504E47', CURRENT_TIMESTAMP)")
        }
        XCTAssertThrowsError(try database.writer.write { db in
            try db.execute(sql: "INSERT INTO avatar (personID, data, fetchedAt) VALUES (99, x'00', CURRENT_TIMESTAMP)")
        })
        try database.writer.write { db in try db.execute(sql: "DELETE FROM person WHERE id = 1") }
        XCTAssertEqual(try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM avatar") }, 0)
    }

    /// ValueObservation reports every committed change made through the app's database (from any
    /// thread), and nothing from a transaction that rolled back.
    func testObservationSeesCommitsAndNotRollbacks() throws {
        let database = try AppDatabase(url: folder.appendingPathComponent("tessera.sqlite"))
        let values = LockedList()
        let initial = expectation(description: "the initial value")
        let changed = expectation(description: "the committed insert")
        let observation = ValueObservation.tracking { db in
            try String.fetchAll(db, sql: "SELECT name FROM person ORDER BY position")
        }.removeDuplicates()
        let cancellable = observation.start(in: database.writer, scheduling: .async(onQueue: .global())) { error in
            XCTFail("\(error)")
        } onChange: { names in
            values.append(names)
            if names.isEmpty { initial.fulfill() }
            if names == ["Henry"] { changed.fulfill() }
        }
        wait(for: [initial], timeout: 5)
        try? database.writer.write { db in
            try db.execute(sql: "INSERT INTO person (id, name, avatarNumber, position) VALUES (1, 'Rolled back', 1, 0)")
            throw CancellationError()
        }
        DispatchQueue.global().async {
            try? database.writer.write { db in
                try db.execute(sql: "INSERT INTO person (id, name, avatarNumber, position) VALUES (2, 'Henry', 2, 0)")
            }
        }
        wait(for: [changed], timeout: 5)
        cancellable.cancel()
        XCTAssertEqual(values.all, [[], ["Henry"]])
    }
}

final class LockedList: @unchecked Sendable {
    private var items: [[String]] = []
    private let lock = NSLock()
    func append(_ value: [String]) { lock.withLock { items.append(value) } }
    var all: [[String]] { lock.withLock { items } }
}
