import Domain
import Foundation
import Persistence
import TestSupport
import XCTest

/// The facts feed saved in the database while the writer is killed (SIGKILL) at random moments:
/// the database always opens, and the saved feed is a whole one, the last acknowledged or the
/// one after it, never a mix. So too the gallery's document with its journal, and the settings.
/// tessera-crash-writer does the writing.
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

    /// The gallery's document and its journal: every change the repository said was saved is there,
    /// in order, none twice, whether the kill came in an append, a whole write or a journal's removal.
    func testAKilledGalleryKeepsEveryChangeItSaidWasSaved() async throws {
        guard let writer = CrashWriter.binary else { throw XCTSkip("tessera-crash-writer is not built beside the tests") }
        let file = folder.appendingPathComponent("gallery.json")
        var generator = SystemRandomNumberGenerator()
        var newestBefore = 0
        for round in 0..<100 {
            let acknowledged = try CrashWriter.runAndKill(writer, ["--gallery", file.path], lifetime: 2_000...40_000, using: &generator)
            let loaded = try await FileGalleryRepository(url: file, firstRunItems: []).load()
            XCTAssertEqual(loaded.problems, [], "round \(round)")
            let numbers = loaded.items.compactMap { Int($0.uuid.suffix(12)) }
            let newest = numbers.last ?? 0
            XCTAssertEqual(numbers, Array(stride(from: newest - numbers.count + 1, through: newest, by: 1)), "round \(round): a gap or a repeat")
            XCTAssertLessThanOrEqual(numbers.count, 40, "round \(round)")
            // The writer carries on from what it loaded: the last acknowledged, or the one after it.
            let expected = acknowledged ?? newestBefore
            XCTAssertTrue(newest == expected || newest == expected + 1, "round \(round): \(newest) after \(expected) was acknowledged")
            newestBefore = newest
        }
        // The kills came while it was writing, not before its first change.
        XCTAssertGreaterThan(newestBefore, 500, "too few changes were made to have been killed among them")
    }

    /// The settings, with what a session restores: always a whole file, the last acknowledged or the next.
    func testKilledSettingsAreAlwaysWhole() throws {
        guard let writer = CrashWriter.binary else { throw XCTSkip("tessera-crash-writer is not built beside the tests") }
        let file = folder.appendingPathComponent("settings.json")
        var generator = SystemRandomNumberGenerator()
        var lastRevision = 0, acknowledgedRounds = 0
        for round in 0..<100 {
            let acknowledged = try CrashWriter.runAndKill(writer, ["--settings", file.path], lifetime: 4_000...30_000, using: &generator)
            guard let data = FileManager.default.contents(atPath: file.path) else {
                XCTAssertNil(acknowledged, "round \(round): acknowledged settings vanished")
                XCTAssertEqual(lastRevision, 0, "round \(round): the settings vanished")
                continue
            }
            let settings = try JSONDecoder().decode(AppSettings.self, from: data)
            let revisions = Set(settings.openDetails.values)
            XCTAssertEqual(revisions.count, 1, "round \(round): settings mixed from revisions \(revisions)")
            let revision = try XCTUnwrap(revisions.first.flatMap { Int($0.dropFirst("revision ".count)) }, "round \(round)")
            XCTAssertEqual(settings.openDetails.count, revision % 5 + 1, "round \(round)")
            XCTAssertEqual(settings.windowWidth, 800 + revision % 400, "round \(round)")
            // Each launch counts from 1 again (as the saved feed's test says).
            if let acknowledged {
                XCTAssertTrue(revision == acknowledged || revision == acknowledged + 1, "round \(round): \(revision) after \(acknowledged)")
            } else {
                XCTAssertTrue(revision == lastRevision || revision == 1, "round \(round): unexpected revision \(revision)")
            }
            lastRevision = revision
            acknowledgedRounds += acknowledged == nil ? 0 : 1
        }
        XCTAssertGreaterThan(acknowledgedRounds, 25, "the kills came before the writer's first save")
    }
}
