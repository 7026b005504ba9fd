import Domain
import Features
import Foundation
import Networking
import Repositories
import TestSupport
import XCTest

/// The facts view-model over a store kept in memory: the storage protocol speaks Domain types
/// only, so a store without a database stands in where a database cannot be made to fail on cue.
final class SavedFactsInMemoryTests: XCTestCase {
    /// Keeps one feed; refuses to save while `refusesWrites`.
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

    private var server: TestServer!

    override func setUp() async throws {
        server = try await TestServer.start()
    }

    override func tearDown() async throws {
        await server?.stop()
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
