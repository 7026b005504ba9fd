import Domain
import Foundation
import Repositories
import XCTest

/// The gallery's document under bursts of changes: a real file in a temporary folder.
final class GalleryRepositoryTests: XCTestCase {
    private var folder: URL!
    private var document: URL { folder.appendingPathComponent("gallery.json") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-gallery-repository-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func items(_ count: Int) -> [GalleryItem] {
        (0..<count).map { GalleryItem(uuid: UUID().uuidString.lowercased(), imageUrlString: "https://example.org/\($0).jpg") }
    }

    private func stored() throws -> [GalleryItem] {
        try JSONDecoder().decode(GalleryDocument.self, from: Data(contentsOf: document)).items
    }

    /// Forty changes sent at once, as fast drags and key presses do: each builds on the one before,
    /// none is lost, and they are written in a few saves rather than forty.
    func testABurstOfChangesLosesNoneAndCoalescesTheWrites() async throws {
        let seed = items(10_000)
        let repository = FileGalleryRepository(url: document, firstRunItems: seed)
        _ = try await repository.load()
        let writesBefore = await repository.writes
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
        let onDisk = try stored()
        XCTAssertEqual(onDisk.count, 10_020, "every added item is in the document")
        XCTAssertTrue(Set(onDisk.map(\.uuid)) == Set((seed + added).map(\.uuid)), "the same items, none lost")
        let writes = await repository.writes - writesBefore
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
        let onDisk = try stored()
        XCTAssertTrue(onDisk == expected, "both changes in the document: \(onDisk.count) items, the new one at \(onDisk.firstIndex(of: item) ?? -1)")
        XCTAssertTrue(afterMove == expected, "the list returned holds both")
        XCTAssertEqual(afterAdd.count, 5_001)
    }
}
