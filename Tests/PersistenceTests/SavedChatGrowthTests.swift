import Domain
import Foundation
import Persistence
import XCTest

/// The saved pages when the server's list grows at its head: renumbered in one transaction, the
/// search index with them.
final class SavedChatGrowthTests: XCTestCase {
    func testSavedMessagesMoveUpAndTheNewestAreSavedBelowThem() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-growth-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite"))
        let saved = SavedChatStore(database: database), search = MessageSearchStore(database: database)
        try await saved.savePage((1...20).map { ChatMessage(origin: .server(number: $0), text: "old \($0)") }, nextOffset: 20, reachedBeginning: false)
        try await saved.grow(adding: (1...2).map { ChatMessage(origin: .server(number: $0), text: "fresh \($0)") })
        let chat = try await saved.saved()
        XCTAssertEqual(chat?.nextOffset, 22)
        XCTAssertEqual(chat?.messages.map(\.text), (1...20).reversed().map { "old \($0)" } + ["fresh 2", "fresh 1"])
        XCTAssertEqual(chat?.messages.first?.origin, .server(number: 22))
        let old = try await search.search("old 5", limit: 5), fresh = try await search.search("fresh", limit: 5)
        XCTAssertEqual(old.map(\.origin), [.server(number: 7)], "found under its new number")
        XCTAssertEqual(fresh.map(\.origin), [.server(number: 1), .server(number: 2)])
    }

    /// What came is unread until seen; a page saved keeps the count, a history replaced forgets it.
    func testWhatCameIsUnreadUntilSeen() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-unread-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = SavedChatStore(database: LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite")))
        try await saved.savePage((1...20).map { ChatMessage(origin: .server(number: $0), text: "old \($0)") }, nextOffset: 20, reachedBeginning: false)
        let before = try await saved.saved()
        XCTAssertEqual(before?.unread, 0)
        try await saved.grow(adding: (1...3).map { ChatMessage(origin: .server(number: $0), text: "fresh \($0)") })
        try await saved.grow(adding: [ChatMessage(origin: .server(number: 1), text: "fresher")])
        let grown = try await saved.saved()
        XCTAssertEqual(grown?.unread, 4)
        try await saved.setUnread(2)
        try await saved.savePage((25...44).map { ChatMessage(origin: .server(number: $0), text: "older \($0)") }, nextOffset: 44, reachedBeginning: false)
        let paged = try await saved.saved()
        XCTAssertEqual(paged?.unread, 2, "kept as pages are saved")
        try await saved.replaceAll(with: [ChatMessage(origin: .server(number: 1), text: "another")], nextOffset: 1, reachedBeginning: true)
        let replaced = try await saved.saved()
        XCTAssertEqual(replaced?.unread, 0)
    }
}
