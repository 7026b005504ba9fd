import Domain
import Foundation
import Persistence
import TestSupport
import XCTest

/// The facts feed saved in the database while the writer is killed (SIGKILL) at random moments:
/// the database always opens, and the saved feed is a whole one, the last acknowledged or the
/// one after it, never a mix. tessera-crash-writer does the writing.
final class KilledWritersTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-killed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testAKilledWriterLeavesAWholeSavedFeedInADatabaseThatOpens() async throws {
        guard let writer = CrashWriter.binary else { throw XCTSkip("tessera-crash-writer is not built beside the tests") }
        let file = folder.appendingPathComponent("tessera.sqlite")
        var generator = SystemRandomNumberGenerator()
        var lastAcknowledged = 0
        for round in 0..<50 {
            // From before its first transaction to dozens of them.
            let acknowledged = try CrashWriter.runAndKill(writer, ["--saved-feed", file.path], lifetime: 2_000...60_000, using: &generator)

            // It opens, checked and migrated, as at a launch.
            XCTAssertNoThrow(try AppDatabase(url: file), "round \(round): the database does not open")
            let saved = try await SavedFactsStore(database: LazyDatabase(url: file)).saved()
            guard let saved else {
                XCTAssertNil(acknowledged, "round \(round): an acknowledged feed vanished")
                XCTAssertEqual(lastAcknowledged, 0, "round \(round): the saved feed vanished")
                continue
            }
            let revision = try XCTUnwrap(saved.feed.title.flatMap { Int($0.dropFirst("revision ".count)) }, "round \(round)")
            XCTAssertEqual(saved.feed.facts.count, revision % 13 + 1, "round \(round): a short feed")
            XCTAssertTrue(saved.feed.facts.allSatisfy { $0.title?.hasSuffix("of revision \(revision)") == true },
                          "round \(round): a feed mixed from two revisions")
            // Each launch of the writer counts from 1 again: the last acknowledged one of this
            // round, the one after it, or (killed before its first) what the last round left.
            if let acknowledged {
                XCTAssertTrue(revision == acknowledged || revision == acknowledged + 1,
                              "round \(round): the database has \(revision), last acknowledged \(acknowledged)")
                lastAcknowledged = acknowledged
            } else {
                XCTAssertTrue(revision <= max(lastAcknowledged + 1, 1) || revision == 1, "round \(round): unexpected revision \(revision)")
            }
        }
    }
}
