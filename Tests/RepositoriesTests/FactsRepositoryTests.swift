import Domain
import Foundation
import Networking
import Repositories
import TestSupport
import XCTest

/// The facts repository against a real tessera-server: revalidation is the repository's own
/// business, asked with what the server said of the last feed it received.
final class FactsRepositoryTests: XCTestCase {
    private var server: TestServer!

    override func setUp() async throws {
        server = try await TestServer.start()
    }

    override func tearDown() async throws {
        await server?.stop()
    }

    func testARevalidationAsksWithTheLastFeedsValidatorsAndAFreshRepositoryAsksWhole() async throws {
        let backend = Backend(base: server.base)
        let repository = LiveFactsRepository(client: CurlHTTPClient(), backend: backend)
        guard case .feed(let first) = try await repository.revalidateFeed() else {
            return XCTFail("nothing received yet: the feed comes whole")
        }
        XCTAssertEqual(first.title, "About Canada")
        let again = try await repository.revalidateFeed()
        XCTAssertEqual(again, .unchanged, "the server's 304 for the feed it sent last")

        let fresh = LiveFactsRepository(client: CurlHTTPClient(), backend: backend)
        let fromFresh = try await fresh.revalidateFeed()
        XCTAssertEqual(fromFresh, .feed(first), "validators are one repository's, not shared")
        let whole = try await repository.fetchFeed()
        XCTAssertEqual(whole, first, "asked for whole, the feed comes whatever was received")
    }

    /// A feed whose transfer goes silent (headers and 100 bytes, then nothing) is given up after
    /// the stall time and asked for again: the feed comes, later by the silence and a second.
    func testAFeedThatGoesSilentIsGivenUpAndAskedForAgain() async throws {
        let stalling = try await TestServer.start { $0.silentFactsFeeds = 1 }
        defer { Task { await stalling.stop() } }
        let repository = LiveFactsRepository(client: CurlHTTPClient(), backend: Backend(base: stalling.base))
        let started = ContinuousClock.now
        let feed = try await repository.fetchFeed()
        XCTAssertEqual(feed.title, "About Canada")
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - started, .seconds(4), "the first answer went silent")
        XCTAssertEqual(stalling.requestedPaths.filter { $0 == "/facts.json" }.count, 2, "asked twice")
    }
}
