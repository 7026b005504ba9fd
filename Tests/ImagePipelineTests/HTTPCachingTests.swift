import FixtureServer
import Foundation
@testable import ImagePipeline
import Logging
import Networking
import Scheduling
import TestSupport
import XCTest

/// The disk cache keeps what responses say about their bodies, as a browser does: a fresh entry is
/// used without asking, a stale one is asked about with its validators and a 304 keeps it, a
/// changed picture comes once the old one's max-age has passed, and `no-store` is never written.
/// Time is the test's own clock, moved on by hand.
final class HTTPCachingTests: XCTestCase {
    private var server: TestServer!
    private var media: URL!
    private var cacheFolder: URL!
    private let clock = TestClock()

    /// The time the pipelines see.
    private final class TestClock: Sendable {
        private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        func now() -> Date { time.withLock { $0 } }
        func advance(seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    override func setUp() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-http-cache-\(UUID().uuidString)")
        media = data.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestServer.dataDirectory.appendingPathComponent("media/raindrops-800x800.jpg"),
                                         to: media.appendingPathComponent("photo.jpg"))
        server = try await TestServer.start { $0.dataDirectory = data }
        cacheFolder = data.appendingPathComponent("cache")
    }

    override func tearDown() async throws {
        await server.stop()
        try? FileManager.default.removeItem(at: media.deletingLastPathComponent())
    }

    /// A pipeline as after a restart: its own memory cache, the same disk.
    private func pipeline(retryDelays: [Duration] = []) -> ImagePipeline {
        var configuration = ImagePipeline.Configuration(diskFolder: cacheFolder, retryDelays: retryDelays)
        let clock = self.clock
        configuration.now = { clock.now() }
        return ImagePipeline(client: CurlHTTPClient(), configuration: configuration, decoders: [InProcessImageDecoder()])
    }

    private func request(_ policy: String) -> ImageRequest {
        ImageRequest(url: server.url("images/photo.jpg?cache-control=\(policy)"), maximumPixelSize: 128)
    }

    private func advance(seconds: TimeInterval) { clock.advance(seconds: seconds) }
    private var requests: Int { server.loopback?.requests ?? 0 }
    private var storedFiles: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)) ?? []).filter { !$0.hasPrefix(".") }.count
    }

    func testAFreshEntryIsUsedWithoutAskingAndAStaleOneIsKeptByA304() async throws {
        let first = pipeline()
        _ = try await first.image(for: request("max-age=60"))
        XCTAssertEqual(first.statistics.fetches, 1)
        _ = first.diskCache?.totalSize // the write is made

        let fresh = pipeline()
        _ = try await fresh.image(for: request("max-age=60"))
        XCTAssertEqual(fresh.statistics.diskHits, 1, "within its max-age: from the disk")
        XCTAssertEqual(requests, 1, "the server is not asked")

        advance(seconds: 61)
        let stale = pipeline()
        _ = try await stale.image(for: request("max-age=60"))
        XCTAssertEqual(stale.statistics.revalidations, 1, "asked with its ETag: 304 Not Modified")
        XCTAssertEqual(stale.statistics.fetches, 0, "no body came")
        XCTAssertEqual(requests, 2)
        _ = stale.diskCache?.totalSize

        let renewed = pipeline()
        _ = try await renewed.image(for: request("max-age=60"))
        XCTAssertEqual(renewed.statistics.diskHits, 1, "the 304 made it fresh for another minute")
        XCTAssertEqual(requests, 2)
    }

    func testAChangedPictureAtTheSameAddressComesOnceTheOldOnesMaxAgeHasPassed() async throws {
        let first = try await pipeline().image(for: request("max-age=60"))
        XCTAssertEqual([first.width, first.height], [128, 128])
        try FileManager.default.removeItem(at: media.appendingPathComponent("photo.jpg"))
        try FileManager.default.copyItem(at: TestServer.dataDirectory.appendingPathComponent("media/dune-1200x800.jpg"),
                                         to: media.appendingPathComponent("photo.jpg"))
        let before = try await pipeline().image(for: request("max-age=60"))
        XCTAssertEqual([before.width, before.height], [128, 128], "still fresh: the stored picture")
        advance(seconds: 61)
        let after = pipeline()
        let changed = try await after.image(for: request("max-age=60"))
        XCTAssertEqual([changed.width, changed.height], [128, 85], "the new picture")
        XCTAssertEqual(after.statistics.fetches, 1)
        let stored = await after.diskCache?.entry(for: request("max-age=60").key.url)
        XCTAssertEqual(stored?.data.count, try Data(contentsOf: media.appendingPathComponent("photo.jpg")).count, "and stored")
    }

    func testNoCacheAsksEveryTimeAndNoStoreIsNeverWritten() async throws {
        let first = pipeline()
        _ = try await first.image(for: request("no-cache"))
        _ = first.diskCache?.totalSize
        let again = pipeline()
        _ = try await again.image(for: request("no-cache"))
        XCTAssertEqual(again.statistics.revalidations, 1, "no-cache: asked before each use, kept by a 304")
        XCTAssertEqual(requests, 2)

        let unstored = pipeline()
        _ = try await unstored.image(for: request("no-store"))
        _ = unstored.diskCache?.totalSize
        XCTAssertEqual(storedFiles, 1, "only the no-cache picture is on disk")
        let stored = await unstored.diskCache?.entry(for: request("no-store").key.url)
        XCTAssertNil(stored, "no-store is never on disk")
        let next = pipeline()
        _ = try await next.image(for: request("no-store"))
        XCTAssertEqual(next.statistics.fetches, 1, "fetched again")
    }

    func testAStaleEntryStillShowsWhenTheServerCannotBeReached() async throws {
        let first = pipeline()
        _ = try await first.image(for: request("max-age=60"))
        _ = first.diskCache?.totalSize
        await server.stop()
        advance(seconds: 3600)
        // Retries that would wait ten seconds: the stored picture shows without waiting for them.
        let offline = pipeline(retryDelays: [.seconds(10)])
        let started = ContinuousClock.now
        let image = try await offline.image(for: request("max-age=60"))
        XCTAssertLessThan(ContinuousClock.now - started, TestTime.scaled(.seconds(5)), "not after the retries' waits")
        XCTAssertEqual([image.width, image.height], [128, 128])
        XCTAssertEqual(offline.statistics.diskHits, 1)
    }

    /// A cache that counts its files for the first time while writing one counts it once.
    func testTheFirstWriteOfAStartedCacheIsCountedOnce() async throws {
        let cache = DiskCache(folder: cacheFolder, capacity: 64 << 20)
        cache.store(Data(repeating: 7, count: 50_000), for: "https://example.org/a.jpg", keep: true)
        let counted = cache.totalSize
        let onDisk = try FileManager.default.contentsOfDirectory(at: cacheFolder, includingPropertiesForKeys: [.fileSizeKey])
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .reduce(0) { $0 + DiskCache.onDisk((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
        XCTAssertEqual(counted, onDisk, "the entry's blocks, once")
    }

    func testTheServersETagsStayTheSameAcrossARestart() async throws {
        let client = CurlHTTPClient()
        let path = "images/photo.jpg"
        let before = try await client.send(HTTPRequest(url: server.url(path))).headers["etag"]
        await server.stop()
        let data = media.deletingLastPathComponent()
        server = try await TestServer.start { $0.dataDirectory = data }
        let after = try await client.send(HTTPRequest(url: server.url(path))).headers["etag"]
        XCTAssertNotNil(before)
        XCTAssertEqual(before, after)
    }
}
