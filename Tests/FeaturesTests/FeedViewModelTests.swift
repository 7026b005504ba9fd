import Domain
import Features
import Foundation
import Networking
import Repositories
import TestSupport
import XCTest

/// The feed view-model against a real tessera-server.
final class FeedViewModelTests: XCTestCase {
    private var server: TestServer!

    override func setUp() async throws {
        server = try await TestServer.start { $0.feedPosts = 35 }
    }

    override func tearDown() async throws {
        await server?.stop()
    }

    @MainActor
    private func model(base: URL? = nil) -> FeedViewModel {
        let backend = Backend(base: base ?? server.base)
        return FeedViewModel(repository: LiveFeedRepository(client: CurlHTTPClient()) { backend })
    }

    @MainActor
    private func loadAll(_ model: FeedViewModel) async {
        var steps = 0
        while model.state.paging != .ended, steps < 20 {
            steps += 1
            await model.loadMore()
        }
    }

    @MainActor
    func testPagesAreAskedByTheLastIdUntilTheEnd() async throws {
        let model = model()
        await model.loadMore()
        XCTAssertEqual(model.state.posts.count, 10)
        XCTAssertEqual(model.state.cursor.lastFetchID, model.state.posts.last?.id)
        await loadAll(model)
        XCTAssertEqual(model.state.posts.count, 35)
        XCTAssertEqual(model.state.paging, .ended)
        let ids = model.state.posts.compactMap { Int($0.id) }
        XCTAssertEqual(ids, ids.sorted(by: >), "newest first")
        XCTAssertEqual(Set(ids).count, 35, "no duplicates")
        XCTAssertTrue(model.state.posts.contains { $0.kind == .video })
        XCTAssertTrue(model.state.posts.contains { $0.kind == .image })
        XCTAssertEqual(model.state.posts.first?.accessibleName, "Image post \(model.state.posts[0].id)")
        let asked = server.requestedPaths.filter { $0.hasPrefix("/user_details/select.php") }
        XCTAssertEqual(asked.count, 4, "four pages: 10, 10, 10, 5")
        await model.loadMore()
        XCTAssertEqual(server.requestedPaths.filter { $0.hasPrefix("/user_details/select.php") }.count, 4, "nothing after the end")
    }

    @MainActor
    func testDeleteSuccessAlreadyGoneAndFailure() async throws {
        let model = model()
        await model.loadMore()
        let first = model.state.posts[0].id, second = model.state.posts[1].id
        var changes: [FeedViewModel.Change] = []
        model.onChange = { _, change in if let change { changes.append(change) } }

        model.requestDelete(id: first)
        XCTAssertEqual(model.state.notice, .confirmDelete(id: first))
        await model.confirmDelete()
        XCTAssertFalse(model.state.posts.contains { $0.id == first })
        XCTAssertEqual(changes, [.removed(0)])
        XCTAssertNil(model.state.notice)

        // Deleted elsewhere meanwhile: the server says so; the post leaves the grid too.
        let other = FeedViewModel(repository: LiveFeedRepository(client: CurlHTTPClient()) { [base = server.base] in Backend(base: base) })
        await other.loadMore()
        other.requestDelete(id: second)
        await other.confirmDelete()
        model.requestDelete(id: second)
        await model.confirmDelete()
        XCTAssertFalse(model.state.posts.contains { $0.id == second })
        guard case .info(let text)? = model.state.notice else { return XCTFail("\(String(describing: model.state.notice))") }
        XCTAssertTrue(text.contains("user already deleted"), text)

        // No server: the post stays and the user is told why.
        let third = model.state.posts[0].id
        let port = server.port
        await server.stop()
        model.requestDelete(id: third)
        await model.confirmDelete()
        XCTAssertTrue(model.state.posts.contains { $0.id == third })
        guard case .error(let why)? = model.state.notice else { return XCTFail() }
        XCTAssertTrue(why.hasPrefix("The post was not deleted."), why)
        XCTAssertTrue(why.contains("The server cannot be reached"), "offline is said in words: \(why)")

        // Paging after deletes continues from the right id, with no gaps or repeats.
        server = try await TestServer.start { $0.port = port; $0.feedPosts = 35 }
        model.dismissNotice()
        await loadAll(model)
        let ids = model.state.posts.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count)
        XCTAssertEqual(ids.count, 35 - 2)
    }

    /// A page that names one post three times (seen in copies of the real feed) shows it once,
    /// and deleting it leaves no copy behind.
    @MainActor
    func testAnIdRepeatedWithinAPageReachesTheGridOnce() async throws {
        let port = server.port
        await server.stop()
        server = try await TestServer.start { $0.port = port; $0.feedPosts = 35; $0.feedRepeatsFirstPost = 2 }
        let model = model()
        await model.loadMore()
        let ids = model.state.posts.map(\.id)
        XCTAssertEqual(ids.count, 10, "the server sent 12 rows, two of them repeats: \(ids)")
        XCTAssertEqual(Set(ids).count, ids.count, "no id twice: \(ids)")
        let repeated = ids[0]
        model.requestDelete(id: repeated)
        await model.confirmDelete()
        XCTAssertFalse(model.state.posts.contains { $0.id == repeated }, "no copy of the deleted post is left")
        await loadAll(model)
        let all = model.state.posts.map(\.id)
        XCTAssertEqual(Set(all).count, all.count)
        XCTAssertEqual(all.count, 35 - 1, "every other post, once")
    }

    @MainActor
    func testAFailedPageCanBeRetried() async throws {
        let port = server.port
        await server.stop()
        let model = model(base: URL(string: "http://127.0.0.1:\(port)/")!)
        await model.loadMore()
        guard case .failed = model.state.paging else { return XCTFail("\(model.state.paging)") }
        await model.loadMore()
        guard case .failed = model.state.paging else { return XCTFail("loadMore does not skip a failed page") }
        server = try await TestServer.start { $0.port = port; $0.feedPosts = 35 }
        await model.retry()
        XCTAssertEqual(model.state.posts.count, 10)
        XCTAssertEqual(model.state.paging, .idle)
    }
}
