import Domain
import Foundation
import Networking
import Repositories
import TestSupport
import XCTest

/// The feed's repository against a real tessera-server: the contract's pages and deletes.
final class FeedRepositoryTests: XCTestCase {
    private var server: TestServer!
    private var repository: LiveFeedRepository!

    override func setUp() async throws {
        server = try await TestServer.start { $0.feedPosts = 25 }
        let backend = Backend(base: server.base)
        repository = LiveFeedRepository(client: CurlHTTPClient()) { backend }
    }

    override func tearDown() async throws {
        await server?.stop()
    }

    func testPagesFollowTheLastIdWithStringIdsAndBothKinds() async throws {
        let first = try await repository.page(after: "")
        XCTAssertEqual(first.count, 10)
        XCTAssertTrue(first.allSatisfy { Int($0.id) != nil && WebURL.isWeb($0.url) }, "string ids, web links")
        XCTAssertTrue(first.contains { $0.kind == .video } && first.contains { $0.kind == .image })
        let second = try await repository.page(after: first.last!.id)
        XCTAssertEqual(second.count, 10)
        XCTAssertLessThan(Int(second[0].id)!, Int(first.last!.id)!, "newest first, continuing after the cursor")
        let last = try await repository.page(after: second.last!.id)
        XCTAssertEqual(last.count, 5)
        let end = try await repository.page(after: last.last!.id)
        XCTAssertEqual(end, [], "the end is an empty page")
    }

    func testADeleteSucceedsOnceThenTheServerSaysItIsGone() async throws {
        let post = try await repository.page(after: "")[0]
        let deleted = try await repository.delete(id: post.id)
        XCTAssertEqual(deleted, .deleted)
        let again = try await repository.delete(id: post.id)
        XCTAssertEqual(again, .alreadyGone(message: "user already deleted"))
        let page = try await repository.page(after: "")
        XCTAssertFalse(page.contains { $0.id == post.id })
    }

    func testNoServerIsANetworkErrorInWords() async throws {
        await server.stop()
        do {
            _ = try await repository.page(after: "")
            XCTFail("a page came from a stopped server")
        } catch {
            guard case .network = error else { return XCTFail("\(error)") }
            XCTAssertFalse(error.description.isEmpty)
        }
    }

    /// A page past the bound is refused in words that say how long it was; a page at the bound
    /// is taken.
    func testAPageLongerThanTheBoundIsRefusedInWords() async throws {
        let long = try await TestServer.start { $0.feedPosts = 25; $0.feedRepeatsFirstPost = 5 }
        defer { Task { await long.stop() } }
        let backend = Backend(base: long.base)
        let atBound = LiveFeedRepository(client: CurlHTTPClient(), maximumPosts: 15) { backend }
        let taken = try await atBound.page(after: "")
        XCTAssertEqual(taken.count, 15, "the page's 10 and its first post named 5 more times")
        let strict = LiveFeedRepository(client: CurlHTTPClient(), maximumPosts: 12) { backend }
        do {
            _ = try await strict.page(after: "")
            XCTFail("a page of 15 past a bound of 12 was taken")
        } catch {
            XCTAssertEqual(error, .tooManyPosts(15))
            XCTAssertEqual(error.description, "The server sent 15 posts in one page, more than the 1000 Tessera takes.")
        }
        XCTAssertEqual(LiveFeedRepository.maximumPostsPerPage, 1_000)
    }
}
