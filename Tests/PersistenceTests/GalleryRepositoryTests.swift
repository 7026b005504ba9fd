import Domain
import Foundation
import Persistence
import Repositories
import XCTest

/// The gallery's document under bursts of changes: a real file in a temporary folder.
final class GalleryRepositoryTests: GalleryDocumentTestCase {
    /// The list the next launch reads: the document with its journal's changes over it.
    private func stored() async throws -> [GalleryItem] {
        try await FileGalleryRepository(url: document, firstRunItems: []).load().items
    }

    /// Forty changes sent at once, as fast drags and key presses do: each builds on the one before,
    /// none is lost, and they are written in a few saves rather than forty.
    func testABurstOfChangesLosesNoneAndCoalescesTheWrites() async throws {
        let seed = items(10_000)
        let repository = FileGalleryRepository(url: document, firstRunItems: seed)
        _ = try await repository.load()
        let writesBefore = await repository.writes + repository.appends
        let added = items(20)
        // Sent in this order without waiting, as the view-model does for optimistic changes.
        let finished = await withTaskGroup(of: Bool.self, returning: Int.self) { group in
            for (index, item) in added.enumerated() {
                group.addTask { (try? await repository.add(item)) != nil }
                group.addTask { (try? await repository.move(from: index, to: 9_999 - index)) != nil }
                // Each task is taken by the actor in the order it was sent.
                await Task.yield()
            }
            var succeeded = 0
            for await ok in group where ok { succeeded += 1 }
            return succeeded
        }
        XCTAssertEqual(finished, 40, "every change was saved")
        let onDisk = try await stored()
        XCTAssertEqual(onDisk.count, 10_020, "every added item is in the document")
        XCTAssertTrue(Set(onDisk.map(\.uuid)) == Set((seed + added).map(\.uuid)), "the same items, none lost")
        let writes = await repository.writes + repository.appends - writesBefore
        XCTAssertLessThan(writes, 40, "the changes were written together, not one save each (\(writes) saves)")
        XCTAssertGreaterThanOrEqual(writes, 1)
    }

    /// A change taken while a save is on its way builds on the changes before it, saved or not.
    func testAChangeTakenDuringASaveKeepsTheOneBeforeIt() async throws {
        let seed = items(5_000)
        let repository = FileGalleryRepository(url: document, firstRunItems: seed)
        _ = try await repository.load()
        let item = items(1)[0]
        async let added = repository.add(item)
        async let moved = repository.move(from: 0, to: 4_999)
        let (afterAdd, afterMove) = try await (added, moved)
        var expected = seed + [item]
        expected.insert(expected.remove(at: 0), at: 4_999)
        let onDisk = try await stored()
        XCTAssertTrue(onDisk == expected, "both changes in the document: \(onDisk.count) items, the new one at \(onDisk.firstIndex(of: item) ?? -1)")
        XCTAssertTrue(afterMove == expected, "the list returned holds both")
        XCTAssertEqual(afterAdd.count, 5_001)
    }

    /// The files beside the document: a refused one is neither moved aside nor copied.
    private func filesInFolder() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// A document one item past the gallery's bound is refused in words, and left byte for byte as
    /// it was, whatever is asked of the gallery afterwards.
    func testADocumentPastTheBoundIsRefusedInWordsAndLeftAsItIs() async throws {
        let limit = GalleryDocument.maximumItems
        let bytes = try JSONEncoder().encode(GalleryDocument(items: items(limit + 1)))
        try bytes.write(to: document)
        let repository = FileGalleryRepository(url: document, firstRunItems: [])
        do {
            _ = try await repository.load()
            XCTFail("a document of \(limit + 1) items was taken")
        } catch {
            XCTAssertEqual(error, .tooManyItems(count: limit + 1, limit: limit))
            XCTAssertEqual(error.description, "The gallery’s file holds 100001 items, more than the 100000 Tessera keeps; it was left as it is.")
        }
        let added: [GalleryItem]? = try? await repository.add(items(1)[0])
        XCTAssertNil(added, "nothing is added to a gallery that could not be read")
        XCTAssertEqual(try Data(contentsOf: document), bytes, "the document is as it was")
        XCTAssertEqual(try filesInFolder(), ["gallery.json"], "nothing moved aside or written beside it")
    }

    /// A document at the bound is read, and an item past it is refused; the document keeps the
    /// items it had.
    func testAnItemPastTheBoundIsRefusedAndNothingIsLost() async throws {
        let seed = items(30)
        let repository = FileGalleryRepository(url: document, firstRunItems: seed, maximumItems: 30)
        let loaded = try await repository.load()
        XCTAssertEqual(loaded.items.count, 30, "a document at the bound is read")
        for attempt in [{ try await repository.add(self.items(1)[0]) }, { try await repository.insert(self.items(1)[0], at: 3) }] {
            do {
                _ = try await attempt()
                XCTFail("a 31st item was taken")
            } catch let error as GalleryError {
                XCTAssertEqual(error, .full(limit: 30))
                XCTAssertEqual(error.description, "The gallery holds 30 items, as many as it keeps; delete some to add more.")
            }
        }
        let kept = try await stored()
        XCTAssertTrue(kept == seed, "the document keeps its items")
        let afterDelete = try await repository.delete(at: 0, uuid: seed[0].uuid)
        let afterAdd = try await repository.add(items(1)[0])
        XCTAssertEqual([afterDelete.count, afterAdd.count], [29, 30], "once one is deleted, one can be added")
    }

    /// A file larger than the gallery reads is refused by its size, without being read, and left
    /// as it is.
    func testAFileLargerThanTheGalleryReadsIsRefusedUnread() async throws {
        let bytes = try JSONEncoder().encode(GalleryDocument(items: items(2_000)))
        try bytes.write(to: document)
        let repository = FileGalleryRepository(url: document, firstRunItems: [], maximumBytes: 100_000)
        do {
            _ = try await repository.load()
            XCTFail("a file of \(bytes.count) bytes was read")
        } catch {
            guard case .storage(.tooLarge(let path, let size, let limit)) = error else { return XCTFail("\(error)") }
            XCTAssertEqual([path, String(size), String(limit)], [document.path, String(bytes.count), "100000"])
            XCTAssertTrue(error.description.hasSuffix("; it was left as it is."), error.description)
        }
        XCTAssertEqual(try Data(contentsOf: document), bytes, "the document is as it was")
        XCTAssertEqual(try filesInFolder(), ["gallery.json"], "nothing moved aside or written beside it")
    }
}
