import Domain
import Foundation
import GRDB
import Persistence
import XCTest

/// A database file that is not a database, or cut short, is kept aside with its companions and a
/// new one is started; one that cannot be opened fails in words and is tried again on next use.
final class DamagedDatabaseTests: XCTestCase {
    private var folder: URL!
    private var file: URL { folder.appendingPathComponent("tessera.sqlite") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-damaged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }

    private func assertStartedAfresh(_ database: LazyDatabase, keptBytes: Data,
                                     file: StaticString = #filePath, line: UInt = #line) async throws {
        let store = PeopleStore(database: database)
        let seeded = try await store.seedIfEmpty()
        XCTAssertTrue(seeded, "the people are stored again", file: file, line: line)
        let people = try await store.people()
        XCTAssertEqual(people.count, 20, file: file, line: line)
        guard case .databaseReplaced(let keptAt, _)? = database.replacement else {
            return XCTFail("no replacement reported: \(String(describing: database.replacement))", file: file, line: line)
        }
        XCTAssertTrue(URL(fileURLWithPath: keptAt).lastPathComponent.hasPrefix("tessera.sqlite.corrupt-"), keptAt,
                      file: file, line: line)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: keptAt)), keptBytes, "the old file, untouched",
                       file: file, line: line)
        let words = database.replacement?.description ?? ""
        XCTAssertTrue(words.contains("kept as \(keptAt)"), words, file: file, line: line)
        XCTAssertFalse(words.contains("SQLite") || words.contains("SELECT") || words.contains("error 2"), words,
                       file: file, line: line)
    }

    func testAFileOfRandomBytesIsKeptAsideWithItsCompanionsAndANewDatabaseStarts() async throws {
        var random = SystemRandomNumberGenerator()
        let bytes = Data((0..<40_000).map { _ in UInt8.random(in: 0...255, using: &random) })
        try bytes.write(to: file)
        try Data("wal".utf8).write(to: URL(fileURLWithPath: file.path + "-wal"))
        try Data("shm".utf8).write(to: URL(fileURLWithPath: file.path + "-shm"))
        let database = LazyDatabase(url: file)
        try await assertStartedAfresh(database, keptBytes: bytes)
        guard case .databaseReplaced(let keptAt, let reason)? = database.replacement else { return XCTFail() }
        XCTAssertEqual(reason, "The database file is damaged.")
        XCTAssertEqual(try String(contentsOfFile: keptAt + "-wal", encoding: .utf8), "wal", "its -wal went with it")
        XCTAssertEqual(try String(contentsOfFile: keptAt + "-shm", encoding: .utf8), "shm", "its -shm went with it")
    }

    func testADatabaseCutInHalfIsKeptAsideAndANewOneStarts() async throws {
        do {
            let original = LazyDatabase(url: file)
            let store = PeopleStore(database: original)
            _ = try await store.seedIfEmpty()
            let picture = Data(repeating: 0xAB, count: 30_000)
            for person in try await store.people() { try await store.saveAvatar(picture, personID: person.id) }
            // Every page in the main file, none left in the WAL.
            try await original.get().writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        let whole = try Data(contentsOf: file)
        XCTAssertGreaterThan(whole.count, 400_000)
        let half = whole.prefix(whole.count / 2)
        try half.write(to: file)
        try? FileManager.default.removeItem(atPath: file.path + "-wal")
        try? FileManager.default.removeItem(atPath: file.path + "-shm")
        let database = LazyDatabase(url: file)
        try await assertStartedAfresh(database, keptBytes: Data(half))
    }

    func testADatabaseThatCannotBeOpenedSaysWhyInWordsAndIsTriedAgain() async throws {
        // A folder where the file should be: not even root can open that as a database.
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let database = LazyDatabase(url: file)
        let store = LocalMessageStore(database: database)
        do {
            _ = try await store.all()
            XCTFail("opened a folder as a database")
        } catch {
            let words = "\(error)"
            XCTAssertEqual(words, "The database file could not be opened (its folder may be missing or not writable).")
        }
        XCTAssertNil(database.replacement, "nothing was kept aside: the file was not damaged")
        XCTAssertTrue(try names().contains("tessera.sqlite"))
        try FileManager.default.removeItem(at: file)
        let messages = try await store.all()
        XCTAssertEqual(messages, [], "the next use opened it")
    }

    func testAFailedWriteSaysWhyInWordsAndLeavesThePreviousState() async throws {
        let database = LazyDatabase(url: file)
        let store = LocalMessageStore(database: database)
        _ = try await store.add("kept")
        // A real refusal from SQLite on the next insert, whatever the user's rights on the disk.
        _ = try await database.write { db in
            try db.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON localMessage BEGIN SELECT RAISE(ABORT, 'no space left on the device'); END")
        }
        do {
            _ = try await store.add("lost?")
            XCTFail("the insert went through")
        } catch {
            XCTAssertEqual("\(error)", "The database refused the change: no space left on the device.")
        }
        let texts = try await store.all().map(\.text)
        XCTAssertEqual(texts, ["kept"])
    }
}
