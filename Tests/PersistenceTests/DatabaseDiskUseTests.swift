import Domain
import Foundation
import GRDB
@testable import Persistence
import XCTest

final class DatabaseDiskUseTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-db-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testEveryTableBelongsToASection() throws {
        let database = try AppDatabase(url: folder.appendingPathComponent("tessera.sqlite"))
        let unknown = try database.tableNames().filter {
            DatabaseDiskUse.tables[$0] == nil && DatabaseDiskUse.tables[String($0.prefix { $0 != "_" })] == nil
        }
        XCTAssertEqual(unknown, [], "a new table is counted under its section")
    }

    func testSavedPagesAreCachedAndPeopleAndOwnMessagesKept() async throws {
        let database = LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite"))
        let posts = (0..<3000).map { MediaPost(id: "\($0)", url: URL(string: "https://example.org/pictures/\($0).jpg")!, kind: .image) }
        try await SavedFeedStore(database: database).savePage(posts, after: "", gone: [], reachedEnd: false, pageSize: posts.count)
        try await database.write { db in
            try db.execute(sql: "INSERT INTO person (id, name, avatarNumber, position) VALUES (1, 'Adam', 1, 0)")
            try db.execute(sql: "INSERT INTO avatar (personID, data, fetchedAt) VALUES (1, zeroblob(200000), CURRENT_TIMESTAMP)")
        }
        let use = try await DatabaseDiskUse.read(database)
        XCTAssertGreaterThan(use[.feed]?.cached ?? 0, 3000 * 40, "the saved posts' pages")
        XCTAssertEqual(use[.feed]?.kept, 0)
        XCTAssertGreaterThan(use[.people]?.kept ?? 0, 200_000, "the avatar kept for good")
        XCTAssertEqual(use[.people]?.cached, 0)
        XCTAssertNil(use[.gallery], "the gallery is a file of its own")
    }
}
