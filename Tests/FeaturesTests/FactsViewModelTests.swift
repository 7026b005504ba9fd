import Domain
import Features
import Foundation
import Networking
import Persistence
import Repositories
import TestSupport
import XCTest

/// The facts view-model over the live repository against a real tessera-server.
final class FactsViewModelTests: XCTestCase {
    private var server: TestServer!

    override func setUp() async throws {
        server = try await TestServer.start()
    }

    override func tearDown() async throws {
        await server?.stop()
    }

    @MainActor
    private func model(backend: Backend? = nil) -> FactsViewModel {
        FactsViewModel(repository: LiveFactsRepository(client: CurlHTTPClient(), backend: backend ?? Backend(base: server.base)))
    }

    @MainActor
    func testTheServersQuirkyFeedDecodes() async throws {
        let model = model()
        await model.load()
        XCTAssertEqual(model.state.phase, .loaded)
        XCTAssertEqual(model.state.title, "About Canada")
        XCTAssertEqual(model.state.facts.count, 13, "14 rows, the all-null one skipped")
        let kittens = try XCTUnwrap(model.state.facts.first { $0.title == "Kittens..." })
        XCTAssertEqual(kittens.description, "Éare illegal. Cats are fine.")
        XCTAssertEqual(model.state.facts.first { $0.title == "Public Shame" }?.description, "Sadly it's true.")
        XCTAssertNil(model.state.facts.first { $0.title == "Geography" }?.imageURL, "the malformed link is not used")
        XCTAssertNil(model.state.facts.first { $0.title == "Flag" }?.description)
    }

    @MainActor
    func testSearchFindsTitlesAndDescriptionsAndFollowsARefreshedFeed() async throws {
        let model = model()
        await model.load()
        func found() -> [String] { (model.state.matching ?? []).map { model.state.facts[$0].title ?? "" } }
        model.search("CANADA")
        await model.searchFinished()
        XCTAssertEqual(found(), ["Transportation", "Hockey Night in Canada", "Space Program", "Meese"],
                       "in titles and descriptions, in the feed's order, case ignored")
        model.search("eare illegal")
        await model.searchFinished()
        XCTAssertEqual(found(), ["Kittens..."], "accents ignored, every word found")
        model.search("zebra")
        await model.searchFinished()
        XCTAssertTrue(model.state.isNothingFound)
        // A refreshed feed is searched again.
        model.search("hockey")
        await model.searchFinished()
        XCTAssertEqual(found(), ["Hockey Night in Canada"])
        await model.refresh()
        await model.searchFinished()
        XCTAssertEqual(found(), ["Hockey Night in Canada"])
        model.search("")
        XCTAssertNil(model.state.matching, "nothing typed: every card")
    }

    @MainActor
    func testAFailedFirstLoadFailsAndRetrySucceeds() async throws {
        let port = server.port
        await server.stop()
        let model = model(backend: Backend(base: URL(string: "http://127.0.0.1:\(port)/")!))
        await model.load()
        guard case .failed(let message) = model.state.phase else { return XCTFail("expected a failure, got \(model.state.phase)") }
        XCTAssertTrue(message.contains("could not be reached"), message)
        server = try await TestServer.start { $0.port = port }
        await model.refresh()
        XCTAssertEqual(model.state.phase, .loaded)
        XCTAssertEqual(model.state.facts.count, 13)
    }

    @MainActor
    func testAFailedRefreshKeepsTheContentAndSaysWhy() async throws {
        let model = model()
        var seen: [FactsViewModel.State] = []
        model.onChange = { seen.append($0) }
        await model.load()
        XCTAssertEqual(seen.map(\.phase), [.loading, .loaded])
        let port = server.port
        await server.stop()
        await model.refresh()
        XCTAssertTrue(seen.dropLast().last?.isRefreshing == true, "refreshing is shown while it runs")
        XCTAssertEqual(model.state.phase, .loaded)
        XCTAssertEqual(model.state.facts.count, 13, "the old content stays")
        XCTAssertTrue(model.state.isOffline, "an unreachable backend: the content stays, marked offline")
        XCTAssertNil(model.state.refreshError, "offline is not an error to dismiss")
        XCTAssertFalse(model.state.isRefreshing)
        server = try await TestServer.start { $0.port = port }
        await model.refresh()
        XCTAssertNil(model.state.refreshError)
        XCTAssertFalse(model.state.isOffline)
        XCTAssertEqual(model.state.generation, 1, "the same feed (304): the cards are not laid out again")
        XCTAssertTrue(model.state.isUpToDate)
    }

    /// The feed received is saved in the database; at the next launch it shows before the network
    /// answers, and with the backend down it stays, marked offline with when it was received.
    @MainActor
    func testTheFeedIsSavedAndShownAtTheNextLaunchWhileTheBackendIsDown() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-facts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tessera.sqlite")
        let first = FactsViewModel(repository: LiveFactsRepository(client: CurlHTTPClient(), backend: Backend(base: server.base)),
                                   store: SavedFactsStore(database: LazyDatabase(url: file)))
        await first.load()
        let received = try XCTUnwrap(first.state.receivedAt)
        let port = server.port
        await server.stop()

        let dead = Backend(base: URL(string: "http://127.0.0.1:\(port)/")!)
        let second = FactsViewModel(repository: LiveFactsRepository(client: CurlHTTPClient(), backend: dead),
                                    store: SavedFactsStore(database: LazyDatabase(url: file)))
        await second.showSaved()
        XCTAssertEqual(second.state.phase, .loaded, "the saved feed shows before the network is asked")
        XCTAssertEqual(second.state.title, "About Canada")
        XCTAssertEqual(second.state.facts, first.state.facts, "every card as it was, in order")
        XCTAssertEqual(second.state.receivedAt?.timeIntervalSince1970 ?? 0, received.timeIntervalSince1970, accuracy: 0.001)
        await second.load()
        XCTAssertEqual(second.state.phase, .loaded, "no full-page error while something was saved")
        XCTAssertTrue(second.state.isOffline)
        XCTAssertEqual(second.state.facts, first.state.facts)

        server = try await TestServer.start { $0.port = port }
        await second.refresh()
        XCTAssertFalse(second.state.isOffline, "back online")
        XCTAssertGreaterThan(second.state.receivedAt ?? .distantPast, received)
    }

    /// Offline, the view-model asks again by itself after its delay, and at once when the system
    /// says the network changed; back online, the banner's state goes without a click.
    @MainActor
    func testOfflineItAsksAgainByItselfAndWhenTheNetworkComesBack() async throws {
        let port = server.port
        let backend = Backend(base: server.base)
        let soon = FactsViewModel(repository: LiveFactsRepository(client: CurlHTTPClient(), backend: backend),
                                  offlineRetryDelays: [.milliseconds(300)])
        let later = FactsViewModel(repository: LiveFactsRepository(client: CurlHTTPClient(), backend: backend),
                                   offlineRetryDelays: [.seconds(600)])
        await soon.load()
        await later.load()
        await server.stop()
        await soon.refresh()
        await later.refresh()
        XCTAssertTrue(soon.state.isOffline)
        XCTAssertTrue(later.state.isOffline)
        server = try await TestServer.start { $0.port = port }

        let deadline = ContinuousClock.now + .seconds(10)
        while soon.state.isOffline, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        XCTAssertFalse(soon.state.isOffline, "back online after its retry delay, without a click")
        XCTAssertEqual(soon.state.generation, 1, "the same feed (304)")

        XCTAssertTrue(later.state.isOffline, "its next try is ten minutes away")
        later.networkChanged(available: false)
        XCTAssertTrue(later.state.isOffline, "no network: nothing to try")
        later.networkChanged(available: true)
        while later.state.isOffline, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        XCTAssertFalse(later.state.isOffline, "the network came back: asked at once")
    }

    /// The network going (as GIO tells it) shows the facts offline at once, with nothing asked;
    /// back, whether the feed changed is asked at once, and the same feed keeps its cards.
    @MainActor
    func testTheNetworkGoingShowsOfflineAtOnceAndBackAsksWhetherTheFeedChanged() async throws {
        let model = model()
        await model.load()
        let received = try XCTUnwrap(model.state.receivedAt)
        let asked = { self.server.requestedPaths.count }
        let before = asked()
        model.networkChanged(available: false)
        XCTAssertTrue(model.state.isOffline, "offline at once")
        XCTAssertEqual(model.state.receivedAt, received)
        XCTAssertEqual(asked(), before, "nothing asked while there is no network")
        model.networkChanged(available: true)
        let deadline = ContinuousClock.now + .seconds(10)
        while model.state.isOffline, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        XCTAssertFalse(model.state.isOffline, "back online without a click")
        XCTAssertEqual(model.state.generation, 1, "the same feed (304): the cards stay")
        XCTAssertGreaterThan(model.state.receivedAt ?? .distantPast, received)
    }

    @MainActor
    func testAMissingFeedIsAnHTTPErrorInWords() async throws {
        let backend = Backend(base: server.base, overrides: [.facts: server.url("bad/")])
        let model = model(backend: backend)
        await model.load()
        XCTAssertEqual(model.state.phase, .failed(HTTPError.status(404).description))
    }

    /// A refresh asks with the ETag of the feed shown: the server's 304 says "Up to date" for a
    /// while and leaves the cards as they are (no new generation to lay out).
    @MainActor
    func testARefreshOfAnUnchangedFeedSaysUpToDateWithoutReplacingTheCards() async throws {
        let model = model()
        await model.load()
        let generation = model.state.generation
        XCTAssertFalse(model.state.isUpToDate)
        await model.refresh()
        XCTAssertTrue(model.state.isUpToDate, "the server answered 304")
        XCTAssertEqual(model.state.generation, generation, "the cards are not rebuilt")
        XCTAssertEqual(model.state.facts.count, 13)
        XCTAssertEqual(server.requestedPaths.filter { $0 == "/facts.json" }.count, 2)
        let ended = expectation(description: "Up to date goes")
        model.onChange = { if !$0.isUpToDate { ended.fulfill() } }
        await fulfillment(of: [ended], timeout: 10)
    }

    /// Keeps one feed in memory; refuses to save while `refusesWrites`. The storage protocol speaks
    /// Domain types only, so a store without a database stands in where a database cannot be
    /// made to fail on cue.
    private actor MemoryFactsStore: SavedFactsStoring {
        struct Refused: Error {}
        var kept: (feed: FactsFeed, savedAt: Date)?
        var refusesWrites: Bool
        private(set) var refusals = 0

        init(refusesWrites: Bool) { self.refusesWrites = refusesWrites }

        func saved() async throws -> (feed: FactsFeed, savedAt: Date)? { kept }

        func save(_ feed: FactsFeed, at savedAt: Date) async throws {
            guard !refusesWrites else {
                refusals += 1
                throw Refused()
            }
            kept = (feed, savedAt)
        }

        func allowWrites() { refusesWrites = false }
    }

    /// A feed that cannot be saved is still shown; nothing of it is there at the next launch, so
    /// with the backend down that launch says why instead of showing a feed it never kept. Once
    /// the store takes writes again, the next feed received is the one the launch after shows.
    @MainActor
    func testAFeedThatCannotBeSavedIsStillShownAndTheNextLaunchSaysWhy() async throws {
        let store = MemoryFactsStore(refusesWrites: true)
        let live = Backend(base: server.base)
        let first = FactsViewModel(repository: LiveFactsRepository(client: CurlHTTPClient(), backend: live), store: store)
        await first.load()
        XCTAssertEqual(first.state.phase, .loaded)
        XCTAssertEqual(first.state.facts.count, 13)
        let refusals = await store.refusals
        XCTAssertEqual(refusals, 1, "the view-model tried to keep the feed")

        let port = server.port
        await server.stop()
        let dead = Backend(base: URL(string: "http://127.0.0.1:\(port)/")!)
        let second = FactsViewModel(repository: LiveFactsRepository(client: CurlHTTPClient(), backend: dead), store: store)
        await second.showSaved()
        XCTAssertEqual(second.state.phase, .idle, "nothing was kept to show")
        await second.load()
        guard case .failed(let why) = second.state.phase else { return XCTFail("\(second.state.phase)") }
        XCTAssertFalse(why.isEmpty, "the failure is said in words")

        server = try await TestServer.start { $0.port = port }
        await store.allowWrites()
        await second.refresh()
        XCTAssertEqual(second.state.phase, .loaded)
        let third = FactsViewModel(repository: LiveFactsRepository(client: CurlHTTPClient(), backend: dead), store: store)
        await third.showSaved()
        XCTAssertEqual(third.state.facts, second.state.facts, "kept once the store took it")
    }
}
