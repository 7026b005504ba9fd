import Domain
import Foundation
import GRDB
import Persistence
import Repositories
import XCTest

/// A disk that fills up (a small tmpfs; root only): each write that did not fit fails in words, and
/// what was said saved before it reads back whole after a restart.
final class FullDiskTests: GalleryDocumentTestCase {
    /// The test's folder on a tmpfs of `size` ("64k").
    private func mountSmallDisk(_ size: String) throws {
        guard mount("tessera-test", folder.path, "tmpfs", 0, "size=\(size)") == 0 else {
            throw XCTSkip("a small tmpfs needs root (CI runs as root)")
        }
    }

    override func tearDownWithError() throws {
        _ = umount2(folder.path, Int32(MNT_DETACH))
        try super.tearDownWithError()
    }

    func testTheGalleryKeepsEveryItemItSaidItSaved() async throws {
        try mountSmallDisk("64k")
        let repository = FileGalleryRepository(url: document, firstRunItems: [])
        _ = try await repository.load()
        var saved: [GalleryItem] = []
        var failure: GalleryError?
        for item in items(2000) {
            do {
                saved = try await repository.add(item)
            } catch {
                failure = error
                break
            }
        }
        let refused = try XCTUnwrap(failure, "64 KB filled before 2000 items")
        XCTAssertTrue(refused.description.contains("No space left on device"), refused.description)
        XCTAssertGreaterThan(saved.count, 10)
        await repository.finishSaving()
        let restarted = try await FileGalleryRepository(url: document, firstRunItems: []).load()
        XCTAssertEqual(restarted.items, saved, "every item said saved, and nothing else")
    }

    func testTheDatabaseKeepsEveryMessageItSaidItSaved() async throws {
        try mountSmallDisk("6m")
        let database = LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite"))
        let store = LocalMessageStore(database: database)
        var saved = 0
        var failure: (any Error)?
        for number in 0..<20_000 {
            do {
                _ = try await store.add("Message \(number) " + String(repeating: "words ", count: 20), sentAt: Date())
                saved += 1
            } catch {
                failure = error
                break
            }
        }
        let refused = try XCTUnwrap(failure, "6 MB filled before 20,000 messages")
        XCTAssertGreaterThan(saved, 100)
        XCTAssertTrue("\(refused)".lowercased().contains("full"), "\(refused)")
        // Room made, as a person would, then the app started again.
        XCTAssertEqual(mount("tessera-test", folder.path, "tmpfs", UInt(MS_REMOUNT), "size=16m"), 0)
        let reopened = LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite"))
        let count = try await reopened.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM localMessage") ?? -1 }
        XCTAssertEqual(count, saved, "every message said saved, and nothing else")
    }
}
