import Domain
import Features
import Foundation
import Networking
import Persistence
import Repositories
import TestSupport
import XCTest

/// The feed view-model against a real tessera-server.
final class FeedViewModelTests: FeedViewModelTestCase {
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
        guard case .info(let heading, let body)? = model.state.notice else { return XCTFail("\(String(describing: model.state.notice))") }
        XCTAssertEqual(heading, "The post was already deleted")
        XCTAssertTrue(body.contains("user already deleted"), body)

        // No server: the post stays and the user is told why.
        let third = model.state.posts[0].id
        let port = server.port
        await server.stop()
        model.requestDelete(id: third)
        await model.confirmDelete()
        XCTAssertTrue(model.state.posts.contains { $0.id == third })
        guard case .error(let heading, let why)? = model.state.notice else { return XCTFail() }
        XCTAssertEqual(heading, "The post was not deleted")
        XCTAssertTrue(why.hasPrefix("The server cannot be reached"), "offline is said in words: \(why)")

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

    /// A refresh in the same session asks for the newest page again: posts new on the server come
    /// in above, the rest stay, and paging goes on after the confirmed ones with no post twice.
    @MainActor
    func testARefreshAsksForTheNewestPageAgainAndNewPostsComeInAbove() async throws {
        try await restartServer(newestWithheld: 3)
        let model = FeedViewModel(repository: LiveFeedRepository(client: CurlHTTPClient()) { [base = server.base] in Backend(base: base) })
        await model.loadMore()
        await model.loadMore()
        let before = model.state.posts.map(\.id)
        XCTAssertEqual(before.count, 20)

        try await restartServer(newestWithheld: 0)
        var seen: [Bool] = []
        model.onChange = { state, _ in seen.append(state.isRefreshing) }
        await model.refresh()
        XCTAssertEqual(seen.first, true, "the refresh shows while it runs")
        XCTAssertFalse(model.state.isRefreshing)
        let after = model.state.posts.map(\.id)
        XCTAssertEqual(after.count, 23)
        XCTAssertEqual(Array(after.dropFirst(3)), before, "the posts shown stay, below the three new ones")
        XCTAssertTrue(after.prefix(3).allSatisfy { Int($0)! > Int(before[0])! }, "three new posts on top")
        XCTAssertEqual(model.state.confirmed, 10)
        await model.loadMore()
        await model.loadMore()
        let paged = model.state.posts.map(\.id)
        XCTAssertEqual(paged.count, Set(paged).count, "no post twice")
        XCTAssertEqual(model.state.confirmed, 30)
    }

    /// A relaunch against a server with new posts and deleted ones: the new come in above, the
    /// deleted go, the rest stay; what is saved follows, and paging past the saved posts goes on
    /// with no post twice.
    @MainActor
    func testARefreshMergesNewPostsAboveAndDropsThoseDeletedOnTheServer() async throws {
        let (folder, file) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await restartServer(newestWithheld: 3)
        let first = savingModel(file)
        await first.loadMore()
        await first.loadMore()
        let saved = first.state.posts.map(\.id)
        XCTAssertEqual(saved.count, 20)

        try await restartServer(newestWithheld: 0)
        let deletedOnServer = [saved[2], saved[14]]
        let other = FeedViewModel(repository: LiveFeedRepository(client: CurlHTTPClient()) { [base = server.base] in Backend(base: base) })
        await other.loadMore()
        await other.loadMore()
        for id in deletedOnServer {
            other.requestDelete(id: id)
            await other.confirmDelete()
            XCTAssertFalse(other.state.posts.contains { $0.id == id })
        }

        let second = savingModel(file)
        await second.showSaved()
        XCTAssertEqual(second.state.posts.map(\.id), saved)
        await second.loadMore()
        let ids = second.state.posts.map(\.id)
        XCTAssertEqual(ids.count, 3 + 20 - 1, "three new, one deleted in the first page's range: \(saved) -> \(ids)")
        XCTAssertEqual(second.state.confirmed, 10)
        XCTAssertFalse(ids.contains(deletedOnServer[0]), "deleted within the first page's range: gone")
        XCTAssertTrue(ids.contains(deletedOnServer[1]), "below the first page: kept until its page comes")
        XCTAssertEqual(Array(ids.prefix(3)).compactMap(Int.init).allSatisfy { $0 > Int(saved[0])! }, true, "three new posts on top")
        await second.loadMore()
        XCTAssertFalse(second.state.posts.map(\.id).contains(deletedOnServer[1]))
        XCTAssertEqual(second.state.confirmed, 20)
        await second.loadMore()
        XCTAssertFalse(second.state.isConfirming, "the third page reached past what was saved")

        // The next launch finds what the merges left.
        let third = savingModel(file)
        await third.showSaved()
        XCTAssertEqual(third.state.posts.map(\.id), second.state.posts.map(\.id))
        while third.state.paging != .ended { await third.loadMore() }
        let all = third.state.posts.map(\.id)
        XCTAssertEqual(all.count, 35 - 2)
        XCTAssertEqual(Set(all).count, all.count, "no post twice")
        XCTAssertEqual(all.compactMap(Int.init), all.compactMap(Int.init).sorted(by: >), "newest first")
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
    /// The network going (as GIO tells it) shows the posts offline at once, with nothing asked;
    /// its coming back with nothing failed meanwhile is online again without a request. A page
    /// that failed while it was gone is asked again when it is back, and comes in once.
    @MainActor
    func testTheNetworkGoingShowsOfflineAtOnceAndBackAsksOnlyWhatFailed() async throws {
        let port = server.port
        let model = model(base: URL(string: "http://127.0.0.1:\(port)/")!)
        await model.loadMore()
        let received = try XCTUnwrap(model.state.receivedAt)
        let pages = { self.server.requestedPaths.filter { $0.hasPrefix("/user_details/select.php") }.count }
        XCTAssertEqual(pages(), 1)

        model.networkChanged(available: false)
        XCTAssertTrue(model.state.isOffline, "offline at once")
        XCTAssertEqual(model.state.receivedAt, received, "shown as received then")
        model.networkChanged(available: true)
        XCTAssertFalse(model.state.isOffline, "back: online again")
        XCTAssertEqual(model.state.paging, .idle)
        XCTAssertEqual(model.state.posts.count, 10)
        XCTAssertEqual(pages(), 1, "nothing asked that was not scrolled to")

        model.networkChanged(available: false)
        await server.stop()
        await model.loadMore()
        guard case .failed = model.state.paging else { return XCTFail("\(model.state.paging)") }
        XCTAssertTrue(model.state.isOffline)
        server = try await TestServer.start { $0.port = port; $0.feedPosts = 35 }
        model.networkChanged(available: true)
        let deadline = ContinuousClock.now + .seconds(10)
        while model.state.isOffline, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        XCTAssertFalse(model.state.isOffline, "the failed page asked again once the network was back")
        XCTAssertEqual(model.state.posts.count, 20)
        XCTAssertEqual(Set(model.state.posts.map(\.id)).count, 20, "no post twice")
    }
}
