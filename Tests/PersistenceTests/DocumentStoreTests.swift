import Domain
import Foundation
import Persistence
import TestSupport
import XCTest

final class DocumentStoreTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testMissingFileIsNilThenSavedDocumentsRoundTripInTheContractsShape() async throws {
        let store = JSONDocumentStore<GalleryDocument>(url: folder.appendingPathComponent("items.json"))
        let nothing = try await store.load()
        XCTAssertNil(nothing)
        // The app's own document type, written as the contract has it: {"items":[{"uuid", "imageUrlString"}]}.
        let document = GalleryDocument(items: [GalleryItem(uuid: "bef89c66-2318-46bb-b142-41f88ddf532f",
                                                           imageUrlString: "http://127.0.0.1/images/a.jpg")])
        try await store.save(document)
        let loaded = try await store.load()
        XCTAssertEqual(loaded, document)
        let written = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: store.url)) as? [String: Any])
        XCTAssertEqual(Array(written.keys), ["items"], "the document holds its items alone")
        let items = try XCTUnwrap(written["items"] as? [[String: String]])
        XCTAssertEqual(items, [["uuid": "bef89c66-2318-46bb-b142-41f88ddf532f", "imageUrlString": "http://127.0.0.1/images/a.jpg"]],
                       "each item its uuid and its link, no more")
    }

    func testACorruptFileIsKeptAsideAndReported() async throws {
        let url = folder.appendingPathComponent("items.json")
        try Data(#"{"items":[{"uuid":"x","imageUrlString":"#.utf8).write(to: url)
        let store = JSONDocumentStore<GalleryDocument>(url: url)
        do {
            _ = try await store.load()
            XCTFail("corrupt JSON must not load")
        } catch {
            guard case let .corrupt(path, keptAt, reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, url.path)
            XCTAssertTrue(keptAt.contains("items.json.corrupt-"), keptAt)
            XCTAssertTrue(reason.contains("malformed JSON"), reason)
            XCTAssertEqual(try String(contentsOfFile: keptAt, encoding: .utf8), #"{"items":[{"uuid":"x","imageUrlString":"#)
            XCTAssertTrue(error.description.contains("it was kept as"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), "nothing silently replaced it")
    }

    func testAFailedSaveLeavesThePreviousDocumentAndSaysWhy() async throws {
        struct Measurement: Codable, Equatable, Sendable { var value: Double }
        let store = JSONDocumentStore<Measurement>(url: folder.appendingPathComponent("measure.json"))
        try await store.save(Measurement(value: 1))
        do {
            try await store.save(Measurement(value: .nan)) // JSON has no NaN: the encoder refuses
            XCTFail("NaN cannot be saved")
        } catch {
            guard case let .io(_, reason) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("could not encode"), reason)
        }
        let kept = try await store.load()
        XCTAssertEqual(kept, Measurement(value: 1))
    }

    /// A writer killed with SIGKILL at random moments 200 times never leaves a torn file: the file
    /// always parses and holds the last acknowledged revision or the one being written.
    func testKilledWritersNeverLeaveATornFile() throws {
        guard let writer = CrashWriter.binary else { throw XCTSkip("tessera-crash-writer is not built beside the tests") }
        struct Revision: Codable { var revision: Int; var items: [String] }
        let url = folder.appendingPathComponent("crash.json")
        var generator = SystemRandomNumberGenerator()
        var lastAcknowledged = 0
        for round in 0..<200 {
            // Let it write for a random while: from before its first save to dozens of saves.
            let acknowledged = try CrashWriter.runAndKill(writer, [url.path], lifetime: 500...15_000, using: &generator)
            guard FileManager.default.fileExists(atPath: url.path) else {
                XCTAssertNil(acknowledged, "round \(round): an acknowledged write vanished")
                XCTAssertEqual(lastAcknowledged, 0, "round \(round): the file vanished")
                continue
            }
            let data = try Data(contentsOf: url)
            guard let revision = try? JSONDecoder().decode(Revision.self, from: data) else {
                return XCTFail("round \(round): the file does not parse: \(String(decoding: data.prefix(200), as: UTF8.self))")
            }
            XCTAssertEqual(revision.items.count, revision.revision % 50 + 1, "round \(round): a mixed document")
            if let acknowledged {
                XCTAssertTrue(revision.revision == acknowledged || revision.revision == acknowledged + 1,
                              "round \(round): file has \(revision.revision), last acknowledged \(acknowledged)")
                lastAcknowledged = acknowledged
            } else {
                // Killed before its first save completed: the previous round's file, or its first write.
                XCTAssertTrue(revision.revision <= max(lastAcknowledged + 1, 1) + 1 || revision.revision == 1,
                              "round \(round): unexpected revision \(revision.revision)")
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
            // A kill between creating and renaming the temporary file leaves it behind; the next
            // writer does not trip over it (its name is unique), and the document is intact.
            XCTAssertLessThanOrEqual(leftovers.count, round + 1)
        }
    }
}
