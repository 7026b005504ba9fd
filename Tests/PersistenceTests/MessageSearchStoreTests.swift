import Domain
import Foundation
import GRDB
import Persistence
import XCTest

/// The chat's full-text index on a real SQLite file: 10,000 messages in Russian and English,
/// found by the beginnings of their words whatever the case and the accents, newest first, and
/// kept as messages are sent, deleted, saved and replaced.
final class MessageSearchStoreTests: XCTestCase {
    private var folder: URL!
    private var database: LazyDatabase!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-search-\(UUID().uuidString)")
        database = LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private static let words = ["meeting", "lunch", "report", "встреча", "обед", "отчёт", "café", "пятница", "Friday", "ёлка"]

    /// 10,000 server messages (numbered 1 to 10,000) and 20 of the user's own.
    private func fill() async throws -> (SavedChatStore, LocalMessageStore) {
        let saved = SavedChatStore(database: database), local = LocalMessageStore(database: database)
        for page in 0..<50 {
            let messages = (1...200).map { index -> ChatMessage in
                let number = page * 200 + index
                let text = "\(Self.words[number % 10]) number \(number) \(Self.words[(number / 10) % 10])"
                return ChatMessage(origin: .server(number: number), text: text)
            }
            try await saved.savePage(messages, nextOffset: (page + 1) * 200, reachedBeginning: false)
        }
        for index in 0..<20 { _ = try await local.add("own \(Self.words[index % 10]) \(index)") }
        return (saved, local)
    }

    func testWordsAreFoundByTheirBeginningsWhateverTheCaseAndTheAccents() async throws {
        _ = try await fill()
        let search = MessageSearchStore(database: database)
        // "елка" finds "ёлка", "CAFE" finds "café", "отчет" finds "отчёт"; a beginning is enough.
        for (typed, word) in [("елка", "ёлка"), ("CAFE", "café"), ("отчет", "отчёт"), ("Fri", "Friday"), ("встр", "встреча")] {
            let hits = try await search.search(typed, limit: 5000)
            XCTAssertFalse(hits.isEmpty, typed)
            XCTAssertTrue(hits.allSatisfy { $0.plainSnippet.lowercased().contains(word.lowercased()) }, "\(typed): \(hits.prefix(3))")
            XCTAssertTrue(hits.allSatisfy { $0.pieces.contains { $0.isMatch } }, "the words found are marked")
        }
        // Every word of the search is wanted: "meeting" and "обед" are together on 200 messages
        // (each first with the other second on 100).
        let both = try await search.search("meeting обед", limit: 5000)
        XCTAssertEqual(both.count, 200)
        // "ё" shows as it was written, though "е" found it.
        let fir = try await search.search("елка", limit: 1)
        XCTAssertTrue(fir.first?.plainSnippet.contains("ёлка") == true, "\(fir)")
        // Newest first: the user's own, newest first, then the server's from number 1.
        let lunch = try await search.search("lunch", limit: 5000)
        XCTAssertEqual(lunch.prefix(2).map(\.origin), [.local(id: 12), .local(id: 2)])
        XCTAssertEqual(lunch.dropFirst(2).prefix(2).map(\.origin), [.server(number: 1), .server(number: 10)])
        // What the query language would take as operators is only text.
        let odd = try await search.search("\"lunch\" OR NEAR(", limit: 10)
        XCTAssertTrue(odd.isEmpty)
        let none = try await search.search("   ", limit: 10)
        XCTAssertTrue(none.isEmpty)
    }

    func testTheIndexFollowsSendsDeletesAndReplacedPages() async throws {
        let (saved, local) = try await fill()
        let search = MessageSearchStore(database: database)
        let sent = try await local.add("Zebra crossing at noon")
        var hits = try await search.search("zebra", limit: 10)
        XCTAssertEqual(hits.map(\.origin), [sent.origin])
        guard case .local(let id) = sent.origin else { return XCTFail("a local message") }
        try await local.delete(id: id)
        hits = try await search.search("zebra", limit: 10)
        XCTAssertTrue(hits.isEmpty, "deleted, not found")
        // The newest page received again over a history that moved: only it is kept, and found.
        try await saved.replaceAll(with: [ChatMessage(origin: .server(number: 1), text: "Fresh news")], nextOffset: 20, reachedBeginning: false)
        hits = try await search.search("news", limit: 10)
        XCTAssertEqual(hits.map(\.origin), [.server(number: 1)])
        hits = try await search.search("number", limit: 20_000)
        XCTAssertTrue(hits.isEmpty, "the pages replaced are no longer found")
    }
}
