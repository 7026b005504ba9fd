import Domain
import Foundation
import Persistence
import Repositories
import XCTest

/// A large gallery's changes go to a journal beside its document rather than rewriting it: real
/// files in a temporary folder, read back by a second repository as the next launch would, with
/// what a crash can leave behind made by hand.
final class GalleryJournalTests: GalleryDocumentTestCase {
    private var journal: URL { folder.appendingPathComponent("gallery.json.changes") }

    /// A repository that journals every change, whatever the document's size.
    private func journaling(_ seed: [GalleryItem] = [], maximumJournaledChanges: Int = 256) -> FileGalleryRepository {
        FileGalleryRepository(url: document, firstRunItems: seed, journalFromBytes: 1, maximumJournaledChanges: maximumJournaledChanges)
    }

    /// The next launch: what it reads, and what it said.
    private func relaunch() async throws -> (items: [GalleryItem], problems: [GalleryProblem], writes: Int) {
        let repository = journaling()
        let (items, problems) = try await repository.load()
        return (items, problems, await repository.writes)
    }

    private func documentItems() throws -> [GalleryItem] {
        try JSONDecoder().decode(GalleryDocument.self, from: Data(contentsOf: document)).items
    }

    private func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// Every kind of change is appended, the document is left byte for byte, and a launch replays
    /// the changes over it without writing anything.
    func testEachChangeIsAppendedAndTheNextLaunchReplaysThem() async throws {
        let seed = items(20)
        let repository = journaling(seed)
        _ = try await repository.load()
        let written = try Data(contentsOf: document)
        let bytesBefore = await repository.bytesWritten
        let added = items(2)
        _ = try await repository.add(added[0])
        _ = try await repository.move(from: 0, to: 5)
        let deleted = try await repository.delete(at: 3, uuid: seed[4].uuid)
        let taken = [PlacedItem(item: deleted[1], index: 1), PlacedItem(item: deleted[4], index: 4)]
        _ = try await repository.delete(taken)
        _ = try await repository.insert(taken)
        let last = try await repository.insert(added[1], at: 2)

        var expected = seed + [added[0]]
        expected.insert(expected.remove(at: 0), at: 5)
        expected.remove(at: 3)
        expected.insert(added[1], at: 2)
        XCTAssertEqual(last.map(\.uuid), expected.map(\.uuid), "the list returned")
        let (writes, appends, bytes) = await (repository.writes, repository.appends, repository.bytesWritten - bytesBefore)
        XCTAssertEqual(writes, 1, "the document was written once, at the first launch")
        XCTAssertEqual(appends, 6, "each change was appended")
        XCTAssertEqual(try Data(contentsOf: document), written, "the document is as the first launch wrote it")
        let journalSize = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int)
        XCTAssertEqual(bytes, journalSize, "what was written is the journal")

        let next = try await relaunch()
        XCTAssertEqual(next.items.map(\.uuid), expected.map(\.uuid), "the next launch has every change")
        XCTAssertEqual(next.problems, [])
        XCTAssertEqual(next.writes, 0, "and wrote nothing to read them")
    }

    /// Before the app exits the document is written whole and the journal removed: the document
    /// alone holds the list.
    func testFinishingWritesTheDocumentWholeAndRemovesTheJournal() async throws {
        let seed = items(10)
        let repository = journaling(seed)
        _ = try await repository.load()
        _ = try await repository.move(from: 9, to: 0)
        let list = try await repository.delete(at: 5, uuid: seed[4].uuid)
        XCTAssertEqual(try files(), ["gallery.json", "gallery.json.changes"])
        await repository.finishSaving()
        XCTAssertEqual(try documentItems(), list, "the document holds the list")
        XCTAssertEqual(try files(), ["gallery.json"], "the journal is gone")
        let writes = await repository.writes
        XCTAssertEqual(writes, 2)
        await repository.finishSaving()
        let writesAgain = await repository.writes
        XCTAssertEqual(writesAgain, 2, "nothing left to write")
        let next = try await relaunch()
        XCTAssertEqual(next.items, list)
    }

    /// Once the journal holds its most changes, the next change writes the document whole, and
    /// the journal starts again over it.
    func testAFullJournalIsFoldedIntoTheDocument() async throws {
        let seed = items(8)
        let repository = journaling(seed, maximumJournaledChanges: 3)
        _ = try await repository.load()
        var list: [GalleryItem] = []
        for step in 0..<5 { list = try await repository.move(from: 0, to: 7 - step) }
        let (writes, appends) = await (repository.writes, repository.appends)
        XCTAssertEqual([writes, appends], [2, 4], "three appended, the fourth written whole, the fifth appended")
        var fourth = seed
        for step in 0..<4 { fourth.insert(fourth.remove(at: 0), at: 7 - step) }
        XCTAssertEqual(try documentItems(), fourth, "the document holds the first four")
        let next = try await relaunch()
        XCTAssertEqual(next.items, list, "the journal the fifth")
    }

    /// A change that carries many of the items (every item chosen and deleted, and its Undo)
    /// writes the document whole: its journal line would be as long as the document.
    func testAChangeCarryingManyOfTheItemsWritesTheDocumentWhole() async throws {
        let seed = items(40)
        let repository = journaling(seed)
        _ = try await repository.load()
        let many = (0..<10).map { PlacedItem(item: seed[$0 * 4], index: $0 * 4) }
        let afterMany = try await repository.delete(many)
        var (writes, appends) = await (repository.writes, repository.appends)
        XCTAssertEqual([writes, appends], [2, 0], "ten of forty: written whole")
        XCTAssertEqual(try documentItems(), afterMany)
        _ = try await repository.delete([PlacedItem(item: afterMany[0], index: 0), PlacedItem(item: afterMany[5], index: 5)])
        (writes, appends) = await (repository.writes, repository.appends)
        XCTAssertEqual([writes, appends], [2, 1], "two of thirty: appended")
        let back = try await repository.insert(many)
        (writes, appends) = await (repository.writes, repository.appends)
        XCTAssertEqual([writes, appends], [3, 1], "the ten put back: written whole")
        XCTAssertEqual(try documentItems(), back)
        XCTAssertEqual(try files(), ["gallery.json"], "the journal folded in")
    }

    /// A crash in the middle of an append leaves a line cut short: that change was never saved
    /// (its caller never heard it was), so it is dropped and the journal goes on from the whole
    /// lines.
    func testALineCutShortByACrashIsDropped() async throws {
        let seed = items(6)
        let repository = journaling(seed)
        _ = try await repository.load()
        _ = try await repository.move(from: 0, to: 5)
        let saved = try await repository.move(from: 0, to: 4)
        let whole = try Data(contentsOf: journal)
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"[{"move":{"from":0,"#.utf8))
        try handle.close()

        let relaunched = journaling()
        let (read, problems) = try await relaunched.load()
        XCTAssertEqual(read, saved, "the two whole changes")
        XCTAssertEqual(problems, [])
        XCTAssertEqual(try Data(contentsOf: journal), whole, "the cut line is taken off")
        let after = try await relaunched.move(from: 1, to: 0)
        let next = try await relaunch()
        XCTAssertEqual(next.items, after, "the next change starts a line of its own")
    }

    /// A journal beside a document it was not written over (the whole write landed and the app
    /// stopped before removing it, or someone put another file in place) is not replayed.
    func testAJournalOverAnotherDocumentIsNotReplayed() async throws {
        let repository = journaling(items(6))
        _ = try await repository.load()
        _ = try await repository.move(from: 0, to: 5)
        let replacement = items(3)
        try JSONEncoder().encode(GalleryDocument(items: replacement)).write(to: document)
        let next = try await relaunch()
        XCTAssertEqual(next.items, replacement, "the document as it is")
        XCTAssertEqual(next.problems, [])
        XCTAssertEqual(try files(), ["gallery.json"], "the other document's journal is removed")
    }

    /// A change that no longer fits the document (one naming an item twice too, which taken as
    /// written deleted the next item), or a line that cannot be read, stops the replay there: the
    /// changes before it are kept and written whole, the journal as it was is kept aside, and the
    /// gallery says so in words.
    func testChangesThatCannotBeUsedAreSaidAndKeptAside() async throws {
        let twice = { (item: GalleryItem) in
            let placed = String(decoding: try JSONEncoder().encode(item), as: UTF8.self)
            return #"[{"delete":{"items":[{"index":0,"item":\#(placed)},{"index":0,"item":\#(placed)}]}}]"#
        }
        for (name, line) in [("a change that no longer fits", { (_: GalleryItem) in #"[{"delete":{"items":[{"index":40,"item":{"imageUrlString":"https://example.org/x.jpg","uuid":"x"}}]}}]"# }),
                             ("a change that no longer fits: one item deleted twice", twice),
                             ("a line that is not JSON", { _ in "not a change" })] {
            try tearDownWithError()
            try setUpWithError()
            let repository = journaling(items(6))
            _ = try await repository.load()
            let saved = try await repository.move(from: 0, to: 5)
            let line = try line(saved[0])
            let handle = try FileHandle(forWritingTo: journal)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data((line + "\n" + #"[{"move":{"from":0,"to":1}}]"# + "\n").utf8))
            try handle.close()

            let next = try await relaunch()
            XCTAssertEqual(next.items, saved, "\(name): the change before it")
            guard case .changesLeftOut(let reason, let keptAt)? = next.problems.first else { return XCTFail("\(name): \(next.problems)") }
            XCTAssertEqual(next.problems.count, 1)
            XCTAssertTrue(next.problems[0].description.hasPrefix("Some changes made since the file was last written whole could not be used ("),
                          next.problems[0].description)
            if name.hasPrefix("a change") {
                XCTAssertEqual(reason, "change 2 of 3 no longer fits the list")
            } else {
                XCTAssertTrue(reason.hasPrefix("line 3: malformed JSON"), reason)
            }
            XCTAssertTrue(keptAt.hasPrefix(journal.path + ".corrupt-"), keptAt)
            XCTAssertTrue(FileManager.default.fileExists(atPath: keptAt), "\(name): the journal is kept aside")
            XCTAssertEqual(try documentItems(), saved, "\(name): what could be used is written whole")
            XCTAssertFalse(FileManager.default.fileExists(atPath: journal.path))
            XCTAssertEqual(next.writes, 1)
        }
    }

    /// At the named threshold: a document of 2,000 items is written whole for a change, one of
    /// 10,000 (past 1 MiB) takes it in its journal.
    func testTheDefaultThresholdJournalsOnlyALargeDocument() async throws {
        for (count, journals) in [(2_000, false), (10_000, true)] {
            try tearDownWithError()
            try setUpWithError()
            let repository = FileGalleryRepository(url: document, firstRunItems: items(count))
            _ = try await repository.load()
            let size = try Data(contentsOf: document).count
            XCTAssertEqual(size >= FileGalleryRepository.journalFromBytes, journals, "\(count) items are \(size) bytes")
            _ = try await repository.move(from: 0, to: count - 1)
            let (writes, appends) = await (repository.writes, repository.appends)
            XCTAssertEqual([writes, appends], journals ? [1, 1] : [2, 0], "\(count) items")
        }
    }
}
