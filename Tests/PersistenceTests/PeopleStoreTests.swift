import Domain
import Foundation
import GRDB
import Domain
import Persistence
import XCTest

/// The people table in a real SQLite file in a temporary folder.
final class PeopleStoreTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-people-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func store() -> PeopleStore {
        PeopleStore(database: LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite")))
    }

    func testTheSeedIsStoredOnceInOrder() async throws {
        let first = store()
        let seeded = try await first.seedIfEmpty()
        XCTAssertTrue(seeded)
        let again = try await store().seedIfEmpty()
        XCTAssertFalse(again, "a second launch stores nothing")
        let people = try await store().people().sorted { $0.position < $1.position }
        XCTAssertEqual(people.map(\.name), Person.seedNames)
        XCTAssertEqual(people.map(\.avatarNumber), Array(1...20))
        XCTAssertEqual(people.map(\.position), Array(0..<20))
        XCTAssertFalse(people.contains(where: \.hasAvatar))
    }

    /// The list is by name, as GNOME Contacts sorts it: case and accents as people read them, a
    /// renamed person moving to their new place.
    func testEveryoneIsListedByNameAndARenameMovesThePerson() async throws {
        let store = store()
        _ = try await store.seedIfEmpty()
        let seeded = try await store.people().map(\.name)
        XCTAssertEqual(Array(seeded.prefix(5)), ["Adam", "Douglas", "Edward", "Eugene", "Henry"])
        XCTAssertEqual(seeded.last, "Toby")
        try await store.rename(personID: 1, to: "zoë")
        try await store.rename(personID: 2, to: "Émile")
        let renamed = try await store.people().map(\.name)
        XCTAssertEqual(Array(renamed.prefix(4)), ["Douglas", "Edward", "Émile", "Eugene"])
        XCTAssertEqual(Array(renamed.suffix(2)), ["Toby", "zoë"])
    }

    func testASeedThatFailsHalfwayStoresNobody() async throws {
        let database = LazyDatabase(url: folder.appendingPathComponent("other.sqlite"))
        let other = PeopleStore(database: database)
        try await database.get().writer.write { db in
            // A trigger that fails on the tenth insert, as a full disk would.
            try db.execute(sql: """
                CREATE TRIGGER fail_tenth BEFORE INSERT ON person WHEN NEW.id = 10
                BEGIN SELECT RAISE(ABORT, 'disk full'); END
                """)
        }
        do {
            _ = try await other.seedIfEmpty()
            XCTFail("the seed should have failed")
        } catch {}
        let people = try await other.people()
        XCTAssertEqual(people.count, 0, "one transaction: all or nothing")
    }

    func testRenameAndAvatarsAndObservation() async throws {
        let store = store()
        _ = try await store.seedIfEmpty()
        let seen = Observed()
        let observation = try await store.observePeople(onError: { XCTFail("\($0)") }) { people in seen.people.append(people) }
        try await store.rename(personID: 1, to: "Ada")
        try await store.saveAvatar(Data([0x89, 0x50, 0x4E, 0x47]), personID: 2)
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            let latest = await seen.latest
            let henry = latest?.first { $0.id == 2 }
            if latest?.first?.name == "Ada", henry?.hasAvatar == true { break }
            guard ContinuousClock.now < deadline else { return XCTFail("the observation never saw the changes") }
            try await Task.sleep(for: .milliseconds(10))
        }
        _ = observation
        let avatar = try await store.avatarData(personID: 2)
        XCTAssertEqual(avatar, Data([0x89, 0x50, 0x4E, 0x47]))
        let none = try await store.avatarData(personID: 3)
        XCTAssertNil(none)
        do {
            try await store.rename(personID: 99, to: "Nobody")
            XCTFail("renaming a missing person should fail")
        } catch let error as StorageError {
            XCTAssertEqual(error, .notFound("Person 99"))
        }
    }
}

@MainActor
private final class Observed {
    var people: [[Person]] = []
    var latest: [Person]? { people.last }
}
