import Domain
import Features
import Foundation
import Persistence
import Repositories
import TestSupport
import XCTest

/// The gallery view-model over the real file repository in a temporary folder.
final class GalleryViewModelTests: XCTestCase {
    private var folder: URL!
    private var document: URL { folder.appendingPathComponent("gallery.json") }
    private let seed = [
        GalleryItem(uuid: "bef89c66-2318-46bb-b142-41f88ddf532f", imageUrlString: "http://127.0.0.1:47650/images/a.jpg"),
        GalleryItem(uuid: "2813a61c-3d5e-409b-bece-7c67b60bb5a0", imageUrlString: "http://127.0.0.1:47650/images/b.jpg"),
        GalleryItem(uuid: "9d3e9bff-1833-4b49-82cc-7847a935d4ec", imageUrlString: "http://127.0.0.1:47650/images/c.jpg"),
    ]

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-gallery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    @MainActor
    private func loadedModel() async -> (GalleryViewModel, ChangeLog) {
        let model = GalleryViewModel(repository: FileGalleryRepository(url: document, firstRunItems: seed))
        let log = ChangeLog()
        model.onChange = { _, change in if let change { log.changes.append(change) } }
        await model.load()
        return (model, log)
    }

    private func stored() throws -> [GalleryItem] {
        try JSONDecoder().decode(GalleryDocument.self, from: Data(contentsOf: document)).items
    }

    /// Makes every later save fail for real: a non-empty folder where the document goes.
    private func breakTheDocument() throws {
        try FileManager.default.removeItem(at: document)
        try FileManager.default.createDirectory(at: document.appendingPathComponent("blocker"), withIntermediateDirectories: true)
    }

    @MainActor
    func testChosenItemsAreDeletedTogetherAndOneUndoPutsThemBackInTheirPlaces() async throws {
        let more = (0..<5).map { GalleryItem(uuid: "00000000-0000-4000-8000-00000000000\($0)", imageUrlString: "http://127.0.0.1:47650/images/\($0).jpg") }
        let (model, _) = await loadedModel()
        for item in more { await model.add(link: item.imageUrlString) }
        let all = model.state.items
        XCTAssertEqual(all.count, 8)
        // Ctrl+click the second, Shift+click the fourth: the second to the fourth; Ctrl+click the
        // seventh too, and the third out again.
        model.toggleSelection(at: 1)
        model.extendSelection(to: 3)
        XCTAssertEqual(model.state.selectedIndices, [1, 2, 3])
        model.toggleSelection(at: 6)
        model.toggleSelection(at: 2)
        XCTAssertEqual(model.state.selectedIndices, [1, 3, 6])

        model.requestDeleteSelection()
        let uuids = [all[1].uuid, all[3].uuid, all[6].uuid]
        XCTAssertEqual(model.state.notice, .confirmDeleteSelection(uuids: uuids))
        XCTAssertEqual(model.state.notice?.heading, "Delete 3 items?")
        XCTAssertEqual(model.state.notice?.body, uuids.joined(separator: "\n"), "their identifiers listed")
        await model.confirmDelete()
        let kept = [all[0], all[2], all[4], all[5], all[7]]
        XCTAssertEqual(model.state.items, kept)
        XCTAssertEqual(try stored(), kept, "one save, the document in the seed's shape")
        XCTAssertEqual(model.state.selectedCount, 0)
        XCTAssertEqual(model.state.undoable?.message, "3 items deleted")

        await model.undo()
        XCTAssertEqual(model.state.items, all, "all three back in their places")
        XCTAssertEqual(try stored(), all)

        // Ctrl+A, then a save that fails: everything stays, said in words.
        model.selectAll()
        XCTAssertEqual(model.state.selectedCount, 8)
        try breakTheDocument()
        model.requestDeleteSelection()
        await model.confirmDelete()
        XCTAssertEqual(model.state.items, all, "a failed save puts them all back")
        guard case .error(let heading, _)? = model.state.notice else { return XCTFail("no message: \(String(describing: model.state.notice))") }
        XCTAssertEqual(heading, "The 8 items were not deleted")
    }

    /// Ctrl+A, then one item left out with Ctrl+click: the other seven are chosen, counted,
    /// listed in the question and deleted; the one left out stays.
    @MainActor
    func testEveryItemButOneChosenDeletesTheOthers() async throws {
        let (model, _) = await loadedModel()
        for index in 0..<5 { await model.add(link: "http://127.0.0.1:47650/images/\(index).jpg") }
        let all = model.state.items
        XCTAssertEqual(all.count, 8)
        model.selectAll()
        model.toggleSelection(at: 2)
        XCTAssertEqual(model.state.selectedCount, 7)
        XCTAssertEqual(model.state.selectedIndices, [0, 1, 3, 4, 5, 6, 7])
        XCTAssertFalse(model.state.selection.contains(all[2].uuid))
        model.toggleSelection(at: 2)
        XCTAssertEqual(model.state.selectedCount, 8, "chosen again")
        model.toggleSelection(at: 2)
        model.requestDeleteSelection()
        XCTAssertEqual(model.state.notice?.heading, "Delete 7 items?")
        await model.confirmDelete()
        XCTAssertEqual(model.state.items, [all[2]])
        XCTAssertEqual(try stored(), [all[2]])
        XCTAssertEqual(model.state.selectedCount, 0)
    }

    @MainActor
    func testLinksPastedOrDroppedComeInAtTheirPlaceWithOneUndo() async throws {
        let (model, _) = await loadedModel()
        // A browser's text: two links among words, and one of another scheme.
        await model.add(addresses: [], text: "see http://127.0.0.1:47650/images/x.jpg and\nhttps://127.0.0.1:47650/images/y.png ftp://host/z.png", at: 1)
        XCTAssertEqual(model.state.items.count, 5)
        XCTAssertEqual(model.state.items.map(\.imageUrlString), [seed[0].imageUrlString, "http://127.0.0.1:47650/images/x.jpg",
                                                                 "https://127.0.0.1:47650/images/y.png", seed[1].imageUrlString, seed[2].imageUrlString])
        XCTAssertEqual(try stored(), model.state.items, "one save, the seed's shape")
        XCTAssertEqual(model.state.undoable?.message, "2 items added")
        XCTAssertEqual(model.state.notice, .error(heading: "1 was left out", reason: "Only http and https links can be shown, not ftp."),
                       "the words around them are no links")
        model.dismissNotice()

        await model.undo()
        XCTAssertEqual(model.state.items, seed, "one Undo takes both back")
        XCTAssertEqual(try stored(), seed)

        await model.add(addresses: ["file:///home/someone/Pictures/cat.png"], text: nil)
        XCTAssertEqual(model.state.items, seed, "nothing added")
        XCTAssertEqual(model.state.notice, .error(heading: "Nothing was added", reason: "Pictures from files cannot be added yet, only their web links."))
        model.dismissNotice()
        await model.add(addresses: [], text: "   ")
        XCTAssertEqual(model.state.notice, .error(heading: "Nothing was added", reason: "There is no picture link to add."))
    }

    /// A large document: its first items show at once, the whole list after with those first
    /// items where they were; an item added, Ctrl+A and the question for the chosen items while
    /// only the first show wait for the whole list, so they act on it.
    @MainActor
    func testALargeDocumentShowsItsFirstItemsThenTheWholeListAndChangesWaitForIt() async throws {
        let list = (0..<3_000).map { GalleryItem(uuid: UUID().uuidString.lowercased(), imageUrlString: "http://127.0.0.1:47650/images/\($0).jpg") }
        try JSONDocumentStore<GalleryDocument>(url: document).saveNow(GalleryDocument(items: list))
        let model = GalleryViewModel(repository: FileGalleryRepository(url: document, firstRunItems: []))
        var seen: [(phase: GalleryViewModel.Phase, count: Int, change: GalleryViewModel.Change?)] = []
        var added: Task<LinkValidation.Failure?, Never>?
        model.onChange = { state, change in
            seen.append((state.phase, state.items.count, change))
            guard state.phase == .showingFirst, added == nil else { return }
            XCTAssertEqual(state.items, Array(list.prefix(GalleryViewModel.firstScreenItems)), "the document's first items")
            added = Task { await model.add(link: "http://127.0.0.1:47650/images/new.jpg") }
            model.selectAll()
            model.requestDeleteSelection()
            XCTAssertEqual(model.state.selectedCount, 0, "nothing chosen among the first items alone")
            XCTAssertNil(model.state.notice)
        }
        await model.load()
        XCTAssertEqual(seen.first?.phase, .showingFirst)
        XCTAssertEqual(seen.first?.count, GalleryViewModel.firstScreenItems)
        XCTAssertEqual(seen.first?.change, .reloaded)
        XCTAssertEqual(model.state.phase, .loaded)
        XCTAssertEqual(Array(model.state.items.prefix(3_000)), list, "the whole list, the first items where they were")
        _ = await added?.value
        XCTAssertEqual(model.state.items.count, 3_001)
        XCTAssertEqual(model.state.items.last?.imageUrlString, "http://127.0.0.1:47650/images/new.jpg", "added after the last of all")
        XCTAssertEqual(seen.compactMap { if case .inserted(let index)? = $0.change { index } else { nil } }, [3_000],
                       "the grid told of it at the end of the whole list, not after the first items")
        XCTAssertEqual(try stored().count, 3_001)
        // Ctrl+A and Delete, pressed while the first items showed, came after the whole list.
        await eventually("the question asked") { model.state.notice != nil }
        XCTAssertGreaterThanOrEqual(model.state.selectedCount, 3_000)
        guard case .confirmDeleteSelection(let uuids)? = model.state.notice else { return XCTFail("the question for the chosen items") }
        XCTAssertGreaterThanOrEqual(uuids.count, 3_000, "asked of every item, not the first alone")
    }

    /// A small document has no first items apart: one publish, the whole list.
    @MainActor
    func testASmallDocumentShowsTheWholeListAtOnce() async throws {
        _ = await loadedModel()
        let model = GalleryViewModel(repository: FileGalleryRepository(url: document, firstRunItems: []))
        var phases: [GalleryViewModel.Phase] = []
        model.onChange = { state, _ in phases.append(state.phase) }
        await model.load()
        XCTAssertEqual(phases, [.loaded])
        XCTAssertEqual(model.state.items, seed)
    }

    @MainActor
    func testFirstLaunchWritesTheSeedDocument() async throws {
        let (model, _) = await loadedModel()
        XCTAssertEqual(model.state.phase, .loaded)
        XCTAssertEqual(model.state.items, seed)
        XCTAssertEqual(try stored(), seed)
    }

    @MainActor
    func testAddDeleteMoveAndSelectUpdateTheGridAndTheDocument() async throws {
        let (model, log) = await loadedModel()
        let refused = await model.add(link: "javascript:alert(1)")
        XCTAssertEqual(refused, .notHTTP(scheme: "javascript"))
        XCTAssertEqual(model.state.items.count, 3, "a refused link changes nothing")

        let accepted = await model.add(link: "https://example.org/new.png")
        XCTAssertNil(accepted)
        XCTAssertEqual(model.state.items.count, 4)
        XCTAssertEqual(model.state.items[3].imageUrlString, "https://example.org/new.png")
        XCTAssertNotNil(UUID(uuidString: model.state.items[3].uuid))
        XCTAssertEqual(try stored(), model.state.items)

        model.select(at: 1)
        XCTAssertEqual(model.state.notice?.heading, "Item selected")
        XCTAssertEqual(model.state.notice?.body, "You have selected the item with identifier 2813a61c-3d5e-409b-bece-7c67b60bb5a0")

        model.requestDelete(at: 0)
        XCTAssertEqual(model.state.notice?.heading, "Delete this item?")
        XCTAssertEqual(model.state.notice?.body, "Do you really want to delete the item with identifier bef89c66-2318-46bb-b142-41f88ddf532f?")
        await model.confirmDelete()
        XCTAssertEqual(model.state.items.map(\.uuid).first, "2813a61c-3d5e-409b-bece-7c67b60bb5a0")
        XCTAssertEqual(try stored(), model.state.items)

        await model.move(from: 2, to: 0)
        XCTAssertEqual(model.state.items.first?.imageUrlString, "https://example.org/new.png", "the moved item is now the big one")
        XCTAssertEqual(try stored(), model.state.items)
        XCTAssertEqual(log.changes, [.reloaded, .inserted(3), .deleted(0), .moved(from: 2, to: 0)])
    }

    @MainActor
    func testCancellingADeleteChangesNothing() async throws {
        let (model, _) = await loadedModel()
        model.requestDelete(at: 1)
        model.dismissNotice()
        await model.confirmDelete()
        XCTAssertEqual(model.state.items, seed)
        XCTAssertEqual(try stored(), seed)
    }

    @MainActor
    func testAFailedSaveRollsBackEachOptimisticChangeAndSaysWhy() async throws {
        let (model, log) = await loadedModel()
        try breakTheDocument()

        await model.add(link: "https://example.org/x.png")
        XCTAssertEqual(model.state.items, seed, "the insert was rolled back")
        guard case .error(let heading, _)? = model.state.notice else { return XCTFail("no error shown") }
        XCTAssertEqual(heading, "The item was not added")

        model.requestDelete(at: 0)
        await model.confirmDelete()
        XCTAssertEqual(model.state.items, seed, "the delete was rolled back")

        await model.move(from: 0, to: 2)
        XCTAssertEqual(model.state.items, seed, "the move was rolled back")
        XCTAssertEqual(log.changes, [.reloaded, .inserted(3), .deleted(3), .deleted(0), .inserted(0),
                                     .moved(from: 0, to: 2), .moved(from: 2, to: 0)])
    }

    /// Undo after a delete, an add and a move writes the document back byte for byte.
    @MainActor
    func testUndoTakesBackADeleteAnAddAndAMoveExactly() async throws {
        let (model, log) = await loadedModel()
        let original = try Data(contentsOf: document)
        XCTAssertNil(model.state.undoable, "nothing to undo after loading")

        model.requestDelete(at: 1)
        await model.confirmDelete()
        XCTAssertEqual(model.state.undoable?.message, "Item deleted")
        await model.undo()
        XCTAssertNil(model.state.undoable, "an undo is not offered for undoing")
        XCTAssertEqual(try Data(contentsOf: document), original)
        XCTAssertEqual(model.state.items, seed)

        await model.add(link: "https://example.org/undone.png")
        XCTAssertEqual(model.state.undoable?.message, "Item added")
        await model.undo()
        XCTAssertEqual(try Data(contentsOf: document), original)

        await model.move(from: 0, to: 2)
        XCTAssertEqual(model.state.undoable?.message, "Item moved")
        await model.undo()
        XCTAssertEqual(try Data(contentsOf: document), original)
        XCTAssertEqual(model.state.items, seed)
        XCTAssertEqual(log.changes, [.reloaded, .deleted(1), .inserted(1), .inserted(3), .deleted(3),
                                     .moved(from: 0, to: 2), .moved(from: 2, to: 0)])
    }

    /// The offer goes by itself after its time; a later change replaces it.
    @MainActor
    func testTheUndoOfferExpiresAndOnlyTheLastChangeIsOffered() async throws {
        let model = GalleryViewModel(repository: FileGalleryRepository(url: document, firstRunItems: seed), undoSeconds: 0.3)
        await model.load()
        await model.move(from: 0, to: 1)
        await model.move(from: 2, to: 0)
        XCTAssertEqual(model.state.undoable, .moved(seed[2], from: 2, to: 0), "only the last change is offered")
        let deadline = ContinuousClock.now + .seconds(10)
        while model.state.undoable != nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertNil(model.state.undoable, "the offer expired")
        await model.undo()
        XCTAssertEqual(model.state.items, [seed[2], seed[1], seed[0]], "an expired offer undoes nothing")
    }

    /// An undo whose save fails is rolled back like any change, and says why.
    @MainActor
    func testAFailedUndoIsRolledBackAndSaysWhy() async throws {
        let (model, _) = await loadedModel()
        model.requestDelete(at: 0)
        await model.confirmDelete()
        try breakTheDocument()
        await model.undo()
        XCTAssertEqual(model.state.items, Array(seed.dropFirst()), "the item stays deleted")
        guard case .error(let heading, _)? = model.state.notice else { return XCTFail("no error shown") }
        XCTAssertEqual(heading, "The item was not put back")
    }

    @MainActor
    func testACorruptDocumentIsKeptAsideAndTheUserTold() async throws {
        try Data(#"{"items": [ {"uuid": "x", "imageUrlString": "#.utf8).write(to: document)
        let model = GalleryViewModel(repository: FileGalleryRepository(url: document, firstRunItems: seed))
        await model.load()
        guard case .failed(let message) = model.state.phase else { return XCTFail("\(model.state.phase)") }
        XCTAssertTrue(message.contains("it was kept as"), message)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertTrue(names.contains { $0.hasPrefix("gallery.json.corrupt-") }, "\(names)")
    }

    /// One row without its link, one with a number for a uuid and one that is not an object: the
    /// other items load, the file as it was is kept aside, and the user is told which rows went.
    @MainActor
    func testRowsThatAreNotItemsAreLeftOutAndTheOthersLoad() async throws {
        let original = """
            {"items": [
              {"uuid": "\(seed[0].uuid)", "imageUrlString": "\(seed[0].imageUrlString)"},
              {"uuid": "4e0a2b5c-1111-4c4c-9c9c-000000000001"},
              {"uuid": "\(seed[1].uuid)", "imageUrlString": "\(seed[1].imageUrlString)"},
              {"uuid": 42, "imageUrlString": "http://127.0.0.1:47650/images/d.jpg"},
              "not an item",
              {"uuid": "\(seed[2].uuid)", "imageUrlString": "\(seed[2].imageUrlString)"}
            ]}
            """
        try Data(original.utf8).write(to: document)
        let (model, _) = await loadedModel()
        XCTAssertEqual(model.state.phase, .loaded)
        XCTAssertEqual(model.state.items, seed, "every readable item, in order")
        let problems = model.state.problems.map(\.description)
        XCTAssertEqual(Array(problems.prefix(3)), [
            "Row 2 of the file was left out: it has no “imageUrlString”.",
            "Row 4 of the file was left out: its “uuid” is not text.",
            "Row 5 of the file was left out: it is not an item (an object with a uuid and a link).",
        ])
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let kept = try XCTUnwrap(names.first { $0.hasPrefix("gallery.json.corrupt-") }, "\(names)")
        XCTAssertEqual(problems.last, "The file as it was is kept as \(folder.appendingPathComponent(kept).path).")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent(kept), encoding: .utf8), original,
                       "the original, byte for byte")
        XCTAssertEqual(try stored(), seed, "the document now holds the readable items")
        // The next launch finds nothing wrong and keeps nothing else aside.
        let (again, _) = await loadedModel()
        XCTAssertEqual(again.state.items, seed)
        XCTAssertEqual(again.state.problems, [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).count, names.count)
    }

    @MainActor
    func testDuplicateAndMalformedIdentifiersLoadWithAWarning() async throws {
        let items = seed + [GalleryItem(uuid: seed[0].uuid, imageUrlString: "http://x/y.jpg"),
                            GalleryItem(uuid: "???", imageUrlString: "http://x/z.jpg")]
        try JSONEncoder().encode(GalleryDocument(items: items)).write(to: document)
        let (model, _) = await loadedModel()
        XCTAssertEqual(model.state.items.count, 5, "nothing dropped")
        XCTAssertEqual(model.state.problems.count, 2)
        // The duplicate can be deleted on its own: the index decides, the uuid guards.
        model.requestDelete(at: 3)
        await model.confirmDelete()
        XCTAssertEqual(model.state.items.map(\.uuid), seed.map(\.uuid) + ["???"])
    }
}

@MainActor
final class ChangeLog {
    var changes: [GalleryViewModel.Change] = []
}
