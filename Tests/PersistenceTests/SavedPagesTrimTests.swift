import Domain
import Foundation
import GRDB
@testable import Persistence
import XCTest

/// Saved pages past their share of the disk limit are trimmed as the database next opens: the oldest
/// messages and furthest posts go, the newest stay in order, and the file itself shrinks.
final class SavedPagesTrimTests: XCTestCase {
    private var folder: URL!
    private var file: URL { folder.appendingPathComponent("tessera.sqlite") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-trim-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// 40,000 messages and 10,000 posts saved, with one own message; its size on disk.
    private func fill() async throws -> Int {
        let first = LazyDatabase(url: file)
        let messages = (1...40_000).map { ChatMessage(origin: .server(number: $0), text: "Older and older, message number \($0) of the chat") }
        try await SavedChatStore(database: first).replaceAll(with: messages, nextOffset: messages.count, reachedBeginning: true)
        let posts = (1...10_000).map { MediaPost(id: "\($0)", url: URL(string: "https://example.org/feed/pictures/\($0).jpg")!, kind: .image) }
        try await SavedFeedStore(database: first).savePage(posts.reversed(), after: "", gone: [], reachedEnd: true, pageSize: posts.count)
        _ = try await LocalMessageStore(database: first).add("My own words stay", replyingTo: nil)
        return try await Self.fileBytes(first)
    }

    /// The file opened again, as at the next launch, with `limit` for the saved pages.
    private func reopen(limit: Int) -> LazyDatabase {
        let again = LazyDatabase(url: file)
        again.limitSavedPages(toBytes: limit)
        return again
    }

    func testPagesOverTheLimitLoseTheOldestAndTheFileShrinks() async throws {
        let sizeBefore = try await fill()
        let limit = 3_000_000
        XCTAssertGreaterThan(sizeBefore, 2 * limit, "the pages saved take more than the limit")

        let database = reopen(limit: limit)
        let savedChat = try await SavedChatStore(database: database).saved()
        let chat = try XCTUnwrap(savedChat)
        XCTAssertLessThan(chat.nextOffset, 40_000, "older messages went")
        XCTAssertGreaterThanOrEqual(chat.nextOffset, SavedPagesTrim.keptMessages)
        XCTAssertEqual(chat.messages.count, chat.nextOffset, "no gap")
        XCTAssertEqual(chat.messages.last?.origin, .server(number: 1), "the newest kept")
        XCTAssertFalse(chat.reachedBeginning, "older pages are asked of the server again")
        let savedFeed = try await SavedFeedStore(database: database).saved(limit: .max)
        let feed = try XCTUnwrap(savedFeed)
        XCTAssertLessThan(feed.posts.count, 10_000, "the furthest posts went")
        XCTAssertEqual(feed.posts.prefix(3).map(\.id), ["10000", "9999", "9998"], "the feed's first posts kept, in order")
        XCTAssertFalse(feed.reachedEnd)
        let own = try await LocalMessageStore(database: database).all()
        XCTAssertEqual(own.map(\.text), ["My own words stay"])
        let search = MessageSearchStore(database: database)
        let kept = try await search.search("number 5 of", limit: 5)
        XCTAssertTrue(kept.contains { $0.origin == .server(number: 5) }, "a kept message is still found")
        let gone = try await search.search("number 39999", limit: 5)
        XCTAssertEqual(gone.count, 0, "a message trimmed is not found")
        let sizeAfter = try await Self.fileBytes(database)
        XCTAssertLessThanOrEqual(sizeAfter, limit + 1_000_000, "the file shrank to about the limit (\(sizeBefore) bytes before)")
    }

    func testPagesWithinTheLimitStayWhole() async throws {
        _ = try await fill()
        let database = reopen(limit: 100_000_000)
        let savedChat = try await SavedChatStore(database: database).saved()
        let chat = try XCTUnwrap(savedChat)
        XCTAssertEqual(chat.nextOffset, 40_000)
        XCTAssertTrue(chat.reachedBeginning)
        let savedFeed = try await SavedFeedStore(database: database).saved(limit: .max)
        let feed = try XCTUnwrap(savedFeed)
        XCTAssertEqual(feed.posts.count, 10_000)
    }

    private static func fileBytes(_ database: LazyDatabase) async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()") ?? 0
        }
    }
}
