import Domain
import Features
import Foundation
import Networking
import Persistence
import Repositories
import TestSupport
import XCTest

/// What the feed view-model's tests share: a fixture server, a model over it, saved pages.
class FeedViewModelTestCase: XCTestCase {
    var server: TestServer!

    override func setUp() async throws {
        server = try await TestServer.start { $0.feedPosts = 35 }
    }

    override func tearDown() async throws {
        await server?.stop()
    }

    @MainActor
    func model(base: URL? = nil) -> FeedViewModel {
        let backend = Backend(base: base ?? server.base)
        return FeedViewModel(repository: LiveFeedRepository(client: CurlHTTPClient()) { backend })
    }

    @MainActor
    func loadAll(_ model: FeedViewModel) async {
        var steps = 0
        while model.state.paging != .ended, steps < 20 {
            steps += 1
            await model.loadMore()
        }
    }

    /// A model over the feed saved in `file`, against `base`.
    @MainActor
    func savingModel(_ file: URL, base: URL? = nil, retryDelays: [Duration] = OfflineRetry.standardDelays) -> FeedViewModel {
        let backend = Backend(base: base ?? server.base)
        return FeedViewModel(repository: LiveFeedRepository(client: CurlHTTPClient()) { backend },
                             store: SavedFeedStore(database: LazyDatabase(url: file)), offlineRetryDelays: retryDelays)
    }

    func temporaryDatabase() -> (folder: URL, file: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-feed-\(UUID().uuidString)")
        return (folder, folder.appendingPathComponent("tessera.sqlite"))
    }

    /// The server again on its port with a feed of 35 posts, the newest `newestWithheld` of them
    /// not yet made.
    @MainActor
    func restartServer(newestWithheld: Int) async throws {
        let port = server.port
        await server.stop()
        server = try await TestServer.start { $0.port = port; $0.feedPosts = 35; $0.feedNewestWithheld = newestWithheld }
    }
}
