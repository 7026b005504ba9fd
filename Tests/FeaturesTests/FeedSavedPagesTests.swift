import Domain
import Features
import Foundation
import Networking
import Persistence
import Repositories
import TestSupport
import XCTest

/// The feed's saved pages, posts let go and read back, and launches without the backend.
final class FeedSavedPagesTests: FeedViewModelTestCase {
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
}
