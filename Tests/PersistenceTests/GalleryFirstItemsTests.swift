import Domain
import Foundation
import Persistence
import Repositories
import XCTest

/// A large gallery's first items are read from its document's first bytes, to show while the
/// whole is read: they must be exactly the first items the whole read gives, whatever the rows
/// hold. Real files in a temporary folder.
final class GalleryFirstItemsTests: GalleryDocumentTestCase {
    /// Writes `rows` (JSON text each) as the document's list, in the app's own layout.
    private func writeDocument(rows: [String]) throws {
        try Data(("{\n  \"items\" : [\n    " + rows.joined(separator: ",\n    ") + "\n  ]\n}").utf8).write(to: document)
    }

    private func row(_ item: GalleryItem) -> String {
        let data = try! JSONEncoder().encode(item)
        return String(decoding: data, as: UTF8.self)
    }

    /// Links with quotes, braces, brackets, escapes and commas in them, rows that are not items
    /// (a number, null, a list, an object without a link, an object with a nested list) among
    /// the first: the first items read are the whole read's first, in order.
    func testTheFirstItemsAreTheWholeReadsFirstWhateverTheRowsHold() async throws {
        let tricky = ["https://example.org/a\"]}.jpg", "https://example.org/{[b]}\\\\.jpg", "https://example.org/c,d\\\"e.jpg",
                      "https://example.org/\u{00E9}t\u{00E9}.jpg", "https://example.org/tab\\t.jpg"]
        var rows: [String] = []
        for index in 0..<2_000 {
            let item = GalleryItem(uuid: UUID().uuidString.lowercased(), imageUrlString: tricky[index % tricky.count] + "?\(index)")
            rows.append(row(item))
            switch index {
            case 3: rows.append("42")
            case 7: rows.append("null")
            case 11: rows.append(#"[1, {"uuid": "]"}, "}"]"#)
            case 15: rows.append(#"{"uuid": "0c6e3b5e-0000-4000-8000-000000000000"}"#)
            case 19: rows.append(#"{"extra": [{"a": "}"}], "uuid": "1c6e3b5e-0000-4000-8000-000000000000", "imageUrlString": "https://example.org/n.jpg"}"#)
            case 23: rows.append("true")
            default: break
            }
        }
        try writeDocument(rows: rows)
        XCTAssertGreaterThan(try Data(contentsOf: document).count, JSONDocumentStore<GalleryDocument>.firstRowsBytes)

        let first = try await XCTUnwrapAsync(await FileGalleryRepository(url: document, firstRunItems: []).firstItems(120))
        let whole = try await FileGalleryRepository(url: document, firstRunItems: []).load().items
        XCTAssertLessThanOrEqual(first.count, 120)
        XCTAssertGreaterThan(first.count, 100, "120 rows, six of them not items")
        XCTAssertEqual(first, Array(whole.prefix(first.count)))
        XCTAssertEqual(first[20].imageUrlString, "https://example.org/n.jpg", "an item with a field more is an item")
    }

    /// The document as the app writes it, with long links: the first bytes hold fewer whole
    /// items than asked for, and those are the first.
    func testLongLinksGiveTheItemsTheFirstBytesHoldWhole() async throws {
        let long = String(repeating: "x", count: 3_000)
        let list = (0..<100).map { GalleryItem(uuid: UUID().uuidString.lowercased(), imageUrlString: "https://example.org/\(long)/\($0).jpg") }
        try JSONDocumentStore<GalleryDocument>(url: document).saveNow(GalleryDocument(items: list))
        let first = try await XCTUnwrapAsync(await FileGalleryRepository(url: document, firstRunItems: []).firstItems(120))
        XCTAssertEqual(first, Array(list.prefix(first.count)))
        // The rows that end (`\n    }` in the app's layout) within the bytes read.
        let read = try Data(contentsOf: document).prefix(JSONDocumentStore<GalleryDocument>.firstRowsBytes + 1)
        let whole = String(decoding: read, as: UTF8.self).components(separatedBy: "\n    }").count - 1
        XCTAssertGreaterThan(whole, 10)
        XCTAssertEqual(first.count, whole, "every item the bytes hold whole")
    }

    /// No first items apart from the whole: a document small enough to read whole as quickly, no
    /// document yet, one that does not start with its list, and one with a journal of changes
    /// beside it (they may move any item).
    func testNoFirstItemsWhereTheyCouldDifferOrCostNothingToReadWhole() async throws {
        let fresh = FileGalleryRepository(url: document, firstRunItems: items(3))
        let none = await fresh.firstItems(120)
        XCTAssertNil(none, "no document yet")
        _ = try await fresh.load()
        let small = await FileGalleryRepository(url: document, firstRunItems: []).firstItems(120)
        XCTAssertNil(small, "three items are read whole as quickly")

        let list = items(1_000)
        let padding = "\"" + String(repeating: "p", count: 70_000) + "\""
        try Data(("{\"comment\": \(padding), \"items\": [" + list.map(row).joined(separator: ",") + "]}").utf8).write(to: document)
        let otherKeyFirst = await FileGalleryRepository(url: document, firstRunItems: []).firstItems(120)
        XCTAssertNil(otherKeyFirst, "the list is not the document's first key")
        let whole = try await FileGalleryRepository(url: document, firstRunItems: []).load().items
        XCTAssertEqual(whole, list, "the whole read still reads it")

        // Past the bound the whole read refuses: none of its items show first either.
        try JSONDocumentStore<GalleryDocument>(url: document).saveNow(GalleryDocument(items: list))
        XCTAssertGreaterThan(try Data(contentsOf: document).count, 100_000)
        let unbounded = await FileGalleryRepository(url: document, firstRunItems: []).firstItems(120)
        XCTAssertEqual(unbounded, Array(list.prefix(120)))
        let bounded = FileGalleryRepository(url: document, firstRunItems: [], maximumBytes: 100_000)
        let tooLarge = await bounded.firstItems(120)
        XCTAssertNil(tooLarge, "a file the whole read refuses unread")
        do {
            _ = try await bounded.load()
            XCTFail("the whole read refuses it")
        } catch {
            guard case .storage(.tooLarge) = error else { return XCTFail("\(error)") }
        }

        let repository = FileGalleryRepository(url: document, firstRunItems: [], journalFromBytes: 1)
        _ = try await repository.load()
        _ = try await repository.move(from: 999, to: 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: document.path + ".changes"))
        let journaled = await FileGalleryRepository(url: document, firstRunItems: []).firstItems(120)
        XCTAssertNil(journaled, "the journal's move would change the first items")
        let loaded = await repository.firstItems(120)
        let reloaded = try await repository.load().items
        XCTAssertEqual(loaded, Array(reloaded.prefix(120)), "once loaded, the list's own first")
    }
}

/// `XCTUnwrap` for a value an `await` gives.
private func XCTUnwrapAsync<T>(_ value: @autoclosure () async throws -> T?, file: StaticString = #filePath, line: UInt = #line) async throws -> T {
    let value = try await value()
    return try XCTUnwrap(value, file: file, line: line)
}
