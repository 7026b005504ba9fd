import Domain
import Features
import Foundation
import Networking
import Persistence
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

    /// A model over the feed saved in `file`, against `base`.
    @MainActor
    private func savingModel(_ file: URL, base: URL? = nil, retryDelays: [Duration] = OfflineRetry.standardDelays) -> FeedViewModel {
        let backend = Backend(base: base ?? server.base)
        return FeedViewModel(repository: LiveFeedRepository(client: CurlHTTPClient()) { backend },
                             store: SavedFeedStore(database: LazyDatabase(url: file)), offlineRetryDelays: retryDelays)
    }

    private func temporaryDatabase() -> (folder: URL, file: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-feed-\(UUID().uuidString)")
        return (folder, folder.appendingPathComponent("tessera.sqlite"))
    }

    /// Posts far above the view are let go and read back from the saved pages, in their order and
    /// places; a refresh reads back every one first, so its pages confirm the feed from the top.
    @MainActor
    func testPostsLetGoAboveComeBackFromTheSavedPagesInTheirPlaces() async throws {
        let (folder, file) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = savingModel(file)
        await loadAll(model)
        let all = model.state.posts
        XCTAssertEqual(all.count, 35)
        var changes: [FeedViewModel.Change] = []
        model.onChange = { _, change in if let change { changes.append(change) } }

        model.release(before: 25)
        XCTAssertEqual(model.state.releasedAbove, 25)
        XCTAssertEqual(model.state.posts, Array(all[25...]), "the rest held, in order")
        XCTAssertEqual(model.state.confirmed, 10)
        XCTAssertEqual(changes, [.released(25)])

        let came = await model.bringBack(10)
        XCTAssertEqual(came, 10)
        XCTAssertEqual(model.state.releasedAbove, 15)
        XCTAssertEqual(model.state.posts, Array(all[15...]), "the ten just above, in their places")
        XCTAssertEqual(model.state.confirmed, 20)
        await model.bringBack(100)
        XCTAssertEqual(model.state.releasedAbove, 0)
        XCTAssertEqual(model.state.posts, all, "every post back where it was")
        XCTAssertEqual(changes, [.released(25), .broughtBack(10), .broughtBack(15)])

        // Deleted by the person while let go (another window): its place goes to the posts below.
        model.release(before: 30)
        let gone = all[12].id
        try await SavedFeedStore(database: LazyDatabase(url: file)).delete(id: gone)
        await model.bringBack(100)
        XCTAssertEqual(model.state.releasedAbove, 0)
        XCTAssertEqual(model.state.posts, all.filter { $0.id != gone })

        // A refresh reads back what was let go before asking.
        model.release(before: 20)
        XCTAssertEqual(model.state.releasedAbove, 20)
        await model.refresh()
        XCTAssertEqual(model.state.releasedAbove, 0)
        XCTAssertEqual(model.state.posts, all.filter { $0.id != gone })
        XCTAssertEqual(model.state.confirmed, 10, "the newest page confirmed the first posts")
    }

    /// A launch shows the first saved posts only (a feed saved over hours is not read whole);
    /// the pages after them come from the server, and the saved posts the server deleted meanwhile
    /// past those shown are forgotten as their pages come, so none is read back later.
    @MainActor
    func testALaunchShowsTheFirstSavedPostsAndPagesForgetWhatTheServerDeletedPastThem() async throws {
        let (folder, file) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = savingModel(file)
        await loadAll(first)
        let all = first.state.posts.map(\.id)
        XCTAssertEqual(all.count, 35)
        let deleted = all[27]
        let other = model()
        await loadAll(other)
        other.requestDelete(id: deleted)
        await other.confirmDelete()

        let backend = Backend(base: server.base)
        let second = FeedViewModel(repository: LiveFeedRepository(client: CurlHTTPClient()) { backend },
                                   store: SavedFeedStore(database: LazyDatabase(url: file)), savedShown: 12)
        await second.showSaved()
        XCTAssertEqual(second.state.posts.map(\.id), Array(all.prefix(12)), "the first twelve saved posts")
        await loadAll(second)
        let ids = second.state.posts.map(\.id)
        XCTAssertEqual(ids, all.filter { $0 != deleted }, "the rest from the server, once each, in order")

        // Let go and read back: the post deleted on the server is not among the saved ones.
        second.release(before: 30)
        await second.bringBack(100)
        XCTAssertEqual(second.state.posts.map(\.id), ids)
        let saved = try await SavedFeedStore(database: LazyDatabase(url: file)).saved(limit: .max)
        XCTAssertEqual(saved?.posts.map(\.id), ids, "the saved copy follows the server")
    }

    /// Without saved pages to read them back from, nothing is let go.
    @MainActor
    func testNothingIsLetGoWithoutSavedPages() async throws {
        let model = model()
        await loadAll(model)
        model.release(before: 25)
        XCTAssertEqual(model.state.releasedAbove, 0)
        XCTAssertEqual(model.state.posts.count, 35)
    }

    /// Pages received are saved; at the next launch they show before the network answers, and
    /// with the backend down they stay, marked offline, with no full-page error.
    @MainActor
    func testPostsAreSavedAndShownAtTheNextLaunchWhileTheBackendIsDown() async throws {
        let (folder, file) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = savingModel(file)
        await first.loadMore()
        await first.loadMore()
        XCTAssertEqual(first.state.posts.count, 20)
        let received = try XCTUnwrap(first.state.receivedAt)
        let port = server.port
        await server.stop()

        let dead = URL(string: "http://127.0.0.1:\(port)/")!
        let second = savingModel(file, base: dead, retryDelays: [.milliseconds(300)])
        var changes: [FeedViewModel.Change] = []
        second.onChange = { _, change in if let change { changes.append(change) } }
        await second.showSaved()
        XCTAssertEqual(second.state.posts, first.state.posts, "every post as it was, in order")
        XCTAssertEqual(second.state.confirmed, 0, "none confirmed yet")
        XCTAssertEqual(second.state.receivedAt?.timeIntervalSince1970 ?? 0, received.timeIntervalSince1970, accuracy: 0.001)
        XCTAssertEqual(changes, [.restored])
        await second.loadMore()
        XCTAssertTrue(second.state.isOffline)
        XCTAssertEqual(second.state.posts, first.state.posts, "the saved posts stay")
        XCTAssertNotNil(second.state.paging.failure)

        // The backend comes back: the retry asks by itself, and the first page confirms the saved
        // posts without changing them.
        server = try await TestServer.start { $0.port = port; $0.feedPosts = 35 }
        let deadline = ContinuousClock.now + .seconds(10)
        while second.state.isOffline, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        XCTAssertFalse(second.state.isOffline, "back online after its retry delay, without a click")
        XCTAssertEqual(second.state.confirmed, 10)
        XCTAssertEqual(second.state.posts, first.state.posts)
        XCTAssertEqual(changes.last, .merged)
    }

    /// The grid asks for more as soon as it lays out, perhaps while the first ask still waits for
    /// the saved read: the second ask finds a page on its way and asks nothing.
    @MainActor
    func testAsksMadeWhileTheSavedReadFinishesAskForOnePage() async throws {
        let (folder, file) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = savingModel(file)
        await first.loadMore()
        let second = savingModel(file)
        async let read: Void = second.showSaved()
        async let ask: Void = second.loadMore()
        async let again: Void = second.loadMore()
        _ = await (read, ask, again)
        let asked = server.requestedPaths.filter { $0.hasPrefix("/user_details/select.php") }
        XCTAssertEqual(asked.count, 2, "one page at each launch")
        XCTAssertEqual(second.state.posts, first.state.posts)
        XCTAssertEqual(second.state.confirmed, 10)
    }

    /// The server again on its port with a feed of 35 posts, the newest `newestWithheld` of them
    /// not yet made.
    @MainActor
    private func restartServer(newestWithheld: Int) async throws {
        let port = server.port
        await server.stop()
        server = try await TestServer.start { $0.port = port; $0.feedPosts = 35; $0.feedNewestWithheld = newestWithheld }
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
