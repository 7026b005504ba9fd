import FixtureServer
import Foundation
import HelperWire
@testable import ImagePipeline
import InProcessDecoding
@testable import PictureDecoding
import Logging
import Networking
import Scheduling
import Synchronization
import TestSupport
import XCTest

final class PipelineTests: XCTestCase {
    private var server: FixtureServer!
    private var base: URL!
    private var cacheFolder: URL!

    override func setUp() async throws {
        var logger = Logger(label: "test-server")
        logger.logLevel = .critical
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data")
        server = FixtureServer(configuration: .init(dataDirectory: data), logger: logger)
        base = URL(string: "http://127.0.0.1:\(try await server.start())/")!
        cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-cache-\(UUID().uuidString)")
    }

    override func tearDown() async throws {
        await server.stop()
        try? FileManager.default.removeItem(at: cacheFolder)
    }

    private func url(_ path: String) -> URL { URL(string: path, relativeTo: base)!.absoluteURL }
    private var stats: TransferStats.Client? { server.stats.snapshot()["127.0.0.1"] }

    private func pipeline(memory: Int = 64 << 20, disk: Int = 64 << 20, retries: [Duration] = [.milliseconds(50)]) -> ImagePipeline {
        ImagePipeline(client: CurlHTTPClient(), configuration: .init(
            memoryCapacity: memory, diskFolder: cacheFolder, diskCapacity: disk, retryDelays: retries),
            decoders: [InProcessImageDecoder()])
    }

    func testDecodesToTheSizeShownKeepingTheAspectRatio() async throws {
        let pipeline = pipeline()
        let image = try await pipeline.image(for: ImageRequest(url: url("images/ladybird-2560x1600.jpg"), maximumPixelSize: 256))
        XCTAssertEqual(image.width, 256)
        XCTAssertEqual(image.height, 160)
        let portrait = try await pipeline.image(for: ImageRequest(url: url("images/flower-600x1200.jpg"), maximumPixelSize: 250))
        XCTAssertEqual(portrait.height, 256, "250 rounds up to the 256 bucket")
        XCTAssertEqual(portrait.width, 128)
        let small = try await pipeline.image(for: ImageRequest(url: url("pre-login-avatars/avatars_cartoon_animals_01.png"), maximumPixelSize: 1024))
        XCTAssertEqual(small.width, 256, "never enlarged")
    }

    func testFillingDecodesTheShorterSideToTheBoxSoSquareTilesAreNotScaledUp() async throws {
        let pipeline = pipeline()
        let wide = try await pipeline.image(for: ImageRequest(url: url("images/ladybird-2560x1600.jpg"), maximumPixelSize: 256, sizing: .fill))
        XCTAssertEqual(wide.height, 256, "the shorter side covers the box")
        XCTAssertEqual(wide.width, 410)
        let panorama = try await pipeline.image(for: ImageRequest(url: url("images/storm-1920x480.jpg"), maximumPixelSize: 170, sizing: .fill))
        XCTAssertEqual(panorama.height, 192, "170 rounds up to the 192 bucket")
        XCTAssertEqual(panorama.width, 768)
        // Fit and fill of one URL are different images, cached apart.
        let fitted = try await pipeline.image(for: ImageRequest(url: url("images/ladybird-2560x1600.jpg"), maximumPixelSize: 256))
        XCTAssertEqual(fitted.width, 256)
        XCTAssertEqual(pipeline.statistics.decodes, 3)
        let small = try await pipeline.image(for: ImageRequest(url: url("images/raindrops-800x800.jpg"), maximumPixelSize: 1024, sizing: .fill))
        XCTAssertEqual(small.width, 800, "never enlarged")
    }

    func testFiftyConcurrentRequestsShareOneTransferAndOneDecode() async throws {
        let pipeline = pipeline()
        let request = ImageRequest(url: url("images/garden-1600x1200.jpg"), maximumPixelSize: 256)
        let sizes = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<50 { group.addTask { try await pipeline.image(for: request).width } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(sizes, Array(repeating: 256, count: 50))
        XCTAssertEqual(stats?.requests, 1, "the server saw one transfer")
        XCTAssertEqual(pipeline.statistics.decodes, 1)
        XCTAssertEqual(pipeline.statistics.fetches, 1)
    }

    /// Held (the window out of sight), a picture ahead of the view waits for its turn with the
    /// network free, while one in view is fetched; let go, the one ahead comes.
    func testPicturesAheadOfTheViewWaitWhilePrefetchingIsHeld() async throws {
        let pipeline = pipeline()
        await pipeline.holdPrefetching(true).value
        var ahead = ImageRequest(url: url("images/garden-1600x1200.jpg"), maximumPixelSize: 256)
        ahead.priority = ImageRequest.prefetch
        let prefetch = Task { try await pipeline.image(for: ahead) }
        await eventually("the one ahead waiting for its turn") { await pipeline.fetchesWaiting == 1 }
        let inView = try await pipeline.image(for: ImageRequest(url: url("images/raindrops-800x800.jpg"), maximumPixelSize: 256))
        XCTAssertEqual(inView.width, 256)
        let waiting = await pipeline.fetchesWaiting
        XCTAssertEqual(waiting, 1, "the one ahead still waits, nothing in view left")
        XCTAssertEqual(stats?.requests, 1, "the server saw the one in view only")
        pipeline.holdPrefetching(false)
        let came = try await prefetch.value
        XCTAssertEqual(came.width, 256)
        XCTAssertEqual(stats?.requests, 2)
    }

    func testCancellingOneOfTwoKeepsTheTransferAndCancellingBothStopsIt() async throws {
        let pipeline = pipeline()
        let request = ImageRequest(url: url("bad/slow-drip"), maximumPixelSize: 128)
        let first = Task { try await pipeline.image(for: request) }
        let second = Task { try await pipeline.image(for: request) }
        await eventually("the transfer to start") { (stats?.activeTransfers ?? 0) == 1 }
        first.cancel()
        do { _ = try await first.value; XCTFail("cancelled") } catch {
            XCTAssertEqual(error as? ImageError, .cancelled)
        }
        try await Task.sleep(for: .milliseconds(200))
        XCTAssertEqual(stats?.activeTransfers, 1, "the other requester still wants it")
        second.cancel()
        do { _ = try await second.value; XCTFail("cancelled") } catch {
            XCTAssertEqual(error as? ImageError, .cancelled)
        }
        await eventually("the transfer to stop") { (stats?.activeTransfers ?? 1) == 0 }
        XCTAssertEqual(stats?.requests, 1)
    }

    func testALoadLeftAndAskedForAgainWithinItsGraceIsNotMadeTwice() async throws {
        let pipeline = pipeline()
        let request = ImageRequest(url: url("images/dune-1200x800.jpg?bytes-per-second=150000"), maximumPixelSize: 256)
        // A card scrolled past while its picture was on its way, then back.
        let passed = Task { try await pipeline.image(for: request) }
        await eventually("the transfer to start") { (stats?.activeTransfers ?? 0) == 1 }
        passed.cancel()
        do { _ = try await passed.value; XCTFail("cancelled") } catch {
            XCTAssertEqual(error as? ImageError, .cancelled, "the requester that left is answered at once")
        }
        XCTAssertEqual(pipeline.requestersWaiting(for: request), 0, "the load goes on in its grace")
        let image = try await pipeline.image(for: request)
        XCTAssertEqual(image.width, 256)
        XCTAssertEqual(stats?.requests, 1, "the server saw one transfer")
    }

    func testFiveHundredImagesKeepTheMemoryAndDiskCachesUnderTheirCaps() async throws {
        let memoryCap = 2 << 20, diskCap = 1 << 20
        let pipeline = pipeline(memory: memoryCap, disk: diskCap)
        for seed in 0..<500 {
            let side = [64, 120, 200, 320][seed % 4]
            let request = ImageRequest(url: url("synthetic/\(seed)/\(side * 2)x\(side).jpg"), maximumPixelSize: 256)
            _ = try await pipeline.image(for: request)
            XCTAssertLessThanOrEqual(pipeline.memoryCache.totalCost, memoryCap)
        }
        XCTAssertGreaterThan(pipeline.memoryCache.count, 10)
        let disk = try XCTUnwrap(pipeline.diskCache)
        XCTAssertLessThanOrEqual(disk.totalSize, diskCap)
        XCTAssertGreaterThan(disk.totalSize, diskCap / 2)
    }

    func testMemoryHitsAreSynchronousAndDiskHitsSurviveANewPipeline() async throws {
        let request = ImageRequest(url: url("images/dune-1200x800.jpg"), maximumPixelSize: 128)
        let first = pipeline()
        XCTAssertNil(first.cachedImage(for: request))
        _ = try await first.image(for: request)
        XCTAssertNotNil(first.cachedImage(for: request))
        _ = first.diskCache?.totalSize // waits for the write queued in the background
        let second = pipeline() // a restart: empty memory, same disk folder
        _ = try await second.image(for: request)
        XCTAssertEqual(second.statistics.diskHits, 1)
        XCTAssertEqual(second.statistics.fetches, 0)
        XCTAssertEqual(stats?.requests, 1)
    }

    /// Forty shown images of a megabyte handed to the disk at once, far faster than it writes, are
    /// all written: after a restart each is read from the disk.
    func testEveryShownImageIsWrittenToDiskEvenInABurst() async throws {
        let cache = DiskCache(folder: cacheFolder, capacity: 256 << 20)
        let urls = (0..<40).map { "https://example.org/shown/\($0).jpg" }
        for (index, url) in urls.enumerated() {
            cache.store(Data(repeating: UInt8(index), count: 1 << 20), for: url, keep: true)
        }
        _ = cache.totalSize // waits for the writes queued in the background
        let restarted = DiskCache(folder: cacheFolder, capacity: 256 << 20)
        var found = 0
        for (index, url) in urls.enumerated() {
            if let data = await restarted.data(for: url), data.count == 1 << 20, data.first == UInt8(index) { found += 1 }
        }
        XCTAssertEqual(found, 40, "every shown image is on disk")
    }

    /// `flush()` (the app's last step before it exits) returns once every write handed over is
    /// made: the files are all there, read straight from the folder.
    func testFlushReturnsOnceTheWritesHandedOverAreMade() async throws {
        let cache = DiskCache(folder: cacheFolder, capacity: 256 << 20)
        for index in 0..<40 {
            cache.store(Data(repeating: UInt8(index), count: 1 << 20), for: "https://example.org/last/\(index).jpg", keep: true)
        }
        await cache.flush()
        let files = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(files.count, 40)
    }

    func testCorruptDiskEntriesAreDroppedAndFetchedAgain() async throws {
        let request = ImageRequest(url: url("images/raindrops-800x800.jpg"), maximumPixelSize: 128)
        let first = pipeline()
        _ = try await first.image(for: request)
        // The disk cache writes in the background: wait for that write before damaging it (the
        // folder did not exist yet in one CI run).
        _ = first.diskCache?.totalSize
        for file in try FileManager.default.contentsOfDirectory(at: cacheFolder, includingPropertiesForKeys: nil) {
            var bytes = try Data(contentsOf: file)
            bytes[bytes.count - 10] ^= 0xFF
            try bytes.write(to: file)
        }
        let fresh = pipeline()
        _ = try await fresh.image(for: request)
        XCTAssertEqual(fresh.statistics.diskHits, 0)
        XCTAssertEqual(fresh.statistics.fetches, 1)
    }

    func testHugeHeadersAndNonImagesAreRefusedBeforeDecoding() async throws {
        let pipeline = pipeline()
        do {
            _ = try await pipeline.image(for: ImageRequest(url: url("bad/huge-header.png"), maximumPixelSize: 256))
            XCTFail("50000 x 50000")
        } catch {
            XCTAssertEqual(error, .tooLarge(width: 50_000, height: 50_000))
        }
        do {
            _ = try await pipeline.image(for: ImageRequest(url: url("bad/not-an-image.png"), maximumPixelSize: 256))
            XCTFail("HTML")
        } catch {
            XCTAssertEqual(error, .notAnImage)
        }
        do {
            _ = try await pipeline.image(for: ImageRequest(url: url("bad/truncated.jpg"), maximumPixelSize: 256))
        } catch {
            guard case .undecodable = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(pipeline.statistics.decodes, 3, "each was looked at once and not cached")
    }

    func testFourOhFourIsRememberedAndNotAskedAgain() async throws {
        let pipeline = pipeline()
        let request = ImageRequest(url: url("bad/404"), maximumPixelSize: 64)
        for _ in 0..<3 {
            do { _ = try await pipeline.image(for: request); XCTFail("404") } catch {
                XCTAssertEqual(error, .network(.status(404)))
            }
        }
        XCTAssertEqual(stats?.requests, 1, "4xx is not retried or asked again")
    }

    func testServerErrorsRetryTwice() async throws {
        let pipeline = pipeline(retries: [.milliseconds(20), .milliseconds(20)])
        do {
            _ = try await pipeline.image(for: ImageRequest(url: url("getMessages?offset=0&fail=500"), maximumPixelSize: 64))
            XCTFail("500")
        } catch {
            XCTAssertEqual(error, .network(.status(500)))
        }
        XCTAssertEqual(stats?.requests, 3, "one try and two retries")
    }

    func testRedirectsToOtherSchemesAreRefused() async throws {
        do {
            _ = try await pipeline().image(for: ImageRequest(url: url("bad/redirect-to-file"), maximumPixelSize: 64))
            XCTFail("file://")
        } catch {
            guard case .network(.refusedURL) = error else { return XCTFail("\(error)") }
        }
    }

    /// One picture under two spellings of its address is one cache entry: the scheme and host
    /// lower-cased, the fragment dropped; the path's case and escapes kept.
    func testAddressesAreKeyedWithTheirSchemeAndHostInLowerCase() {
        func key(_ address: String) -> String { ImageRequest(url: URL(string: address)!, maximumPixelSize: 64).normalizedURL }
        XCTAssertEqual(key("http://example.com/a/B.png?size=2"), "http://example.com/a/B.png?size=2")
        XCTAssertEqual(key("HTTP://Example.COM:8080/a/B.png?size=2"), "http://example.com:8080/a/B.png?size=2")
        XCTAssertEqual(key("https://example.com/a%20b.png#top"), "https://example.com/a%20b.png")
        XCTAssertEqual(key("https://EXAMPLE.com"), "https://example.com")
        XCTAssertEqual(key("https://example.com/Path/With/CAPS"), "https://example.com/Path/With/CAPS")
    }

    func testHeaderReaderKnowsTheFormats() throws {
        XCTAssertEqual(ImageHeader(BadCasePNG.header)?.width, 50_000)
        XCTAssertNil(ImageHeader(Data("GIF".utf8)))
        XCTAssertNil(ImageHeader(Data([0xFF, 0xD8, 0xFF])))
        XCTAssertEqual(DecodingTarget(side: 300).size(width: 3000, height: 2000).width, 300)
        XCTAssertEqual(DecodingTarget(side: 300, filling: true).size(width: 3000, height: 2000).height, 300)
        XCTAssertEqual(DecodingTarget(side: 300).size(width: 200, height: 100).width, 200, "never enlarged")
    }

    /// Loading does not run ahead of decoding: with the decoder stuck, only `maximumBodiesInHand`
    /// bodies are loaded, and the other loads wait without their bytes.
    func testOnlyTheBodiesInHandAreLoadedWhileTheDecodersAreBusy() async throws {
        let avatar = try Data(contentsOf: TestServer.dataDirectory.appendingPathComponent("avatars/01.png"))
        let reads = Mutex(0)
        let stored = StoredImageSource(scheme: "stored-test") { _ in
            reads.withLock { $0 += 1 }
            return avatar
        }
        let gate = DispatchSemaphore(value: 0)
        let pipeline = ImagePipeline(client: CurlHTTPClient(), configuration: .init(maximumBodiesInHand: 3),
                                     sources: [stored], decoders: [GatedDecoder(gate: gate), InProcessImageDecoder()])
        let loads = Task {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<8 {
                    let request = ImageRequest(url: URL(string: "stored-test:\(index)")!, maximumPixelSize: 64)
                    group.addTask { try await pipeline.image(for: request).width }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        await eventually("five loads waiting for room", timeout: .seconds(10)) { await pipeline.loadsWaitingForRoom >= 5 }
        let waiting = await pipeline.loadsWaitingForRoom
        XCTAssertEqual(waiting, 5, "eight loads, three in hand")
        XCTAssertEqual(reads.withLock { $0 }, 3, "the waiting loads have not read their bytes")
        for _ in 0..<8 { gate.signal() }
        let widths = try await loads.value
        XCTAssertEqual(widths, Array(repeating: 64, count: 8))
        XCTAssertEqual(reads.withLock { $0 }, 8)
    }

    /// A load runs below the main thread whoever asks for it: a task started from a GTK signal
    /// handler is `.high`, and its work would otherwise run at nice -2 where libdispatch may.
    func testLoadsRunAtTheLoadingPriorityWhoeverAsks() async throws {
        let avatar = try Data(contentsOf: TestServer.dataDirectory.appendingPathComponent("avatars/01.png"))
        let seen = Mutex<[TaskPriority]>([])
        let stored = StoredImageSource(scheme: "stored-test") { _ in
            seen.withLock { $0.append(Task.currentPriority) }
            return avatar
        }
        let pipeline = ImagePipeline(client: CurlHTTPClient(), sources: [stored], decoders: [InProcessImageDecoder()])
        for (index, asking) in [TaskPriority.high, .medium, .background].enumerated() {
            let request = ImageRequest(url: URL(string: "stored-test:\(index)")!, maximumPixelSize: 64)
            _ = try await Task(priority: asking) { try await pipeline.image(for: request) }.value
        }
        XCTAssertEqual(seen.withLock { $0 }, [.loading, .loading, .loading])
        XCTAssertLessThan(TaskPriority.loading, .medium, "below the main thread's tasks")
    }

    /// Bytes stored on this machine (People's avatars in the database) take the same road as the
    /// network's: decoded to size off the caller's thread, into the one memory cache, never
    /// through the network or the disk cache.
    func testStoredBytesAreDecodedAndCachedLikeFetchedOnes() async throws {
        let avatar = try Data(contentsOf: TestServer.dataDirectory.appendingPathComponent("avatars/01.png"))
        let reads = Mutex(0)
        let stored = StoredImageSource(scheme: "stored-test") { url in
            reads.withLock { $0 += 1 }
            return url.absoluteString == "stored-test:1" ? avatar : nil
        }
        let pipeline = ImagePipeline(client: CurlHTTPClient(), configuration: .init(diskFolder: cacheFolder), sources: [stored], decoders: [InProcessImageDecoder()])
        let request = ImageRequest(url: URL(string: "stored-test:1")!, maximumPixelSize: 64, sizing: .fill)
        let image = try await pipeline.image(for: request)
        XCTAssertEqual(image.width, 64)
        XCTAssertNotNil(pipeline.cachedImage(for: request), "in the shared memory cache")
        _ = try await pipeline.image(for: request)
        XCTAssertEqual(reads.withLock { $0 }, 1, "the second ask is a memory hit")
        XCTAssertEqual(pipeline.statistics.fetches, 0)
        XCTAssertEqual(pipeline.statistics.decodes, 1)
        XCTAssertNil(stats, "nothing went to the network")
        do {
            _ = try await pipeline.image(for: ImageRequest(url: URL(string: "stored-test:2")!, maximumPixelSize: 64))
            XCTFail("nothing stored")
        } catch {
            XCTAssertEqual(error, .notStored)
            XCTAssertEqual(error.description, "The image is not stored on this computer.")
        }
        let folder = (try? FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)) ?? []
        XCTAssertTrue(folder.isEmpty, "stored bytes are not copied into the disk cache: \(folder)")
    }

    /// Over a slow link, a picture's download says how far it has come while it comes (any size
    /// of it asked for: the reading is the address's), and nothing once it is here; from the
    /// disk cache there is no download to read.
    func testADownloadSaysHowFarItHasComeWhileItComes() async throws {
        await server.stop()
        var logger = Logger(label: "test-server")
        logger.logLevel = .critical
        // 2 Mbit/s: the 334 KB photo takes some 1.3 s.
        var configuration = FixtureServer.Configuration(dataDirectory: TestServer.dataDirectory)
        configuration.link = LinkShape(bitsPerSecond: 2_000_000, latency: .zero)
        server = FixtureServer(configuration: configuration, logger: logger)
        base = URL(string: "http://127.0.0.1:\(try await server.start())/")!
        let pipeline = pipeline()
        let request = ImageRequest(url: url("images/ladybird-2560x1600.jpg"), maximumPixelSize: 256)
        var otherSize = request
        otherSize.maximumPixelSize = 1024
        XCTAssertNil(pipeline.downloads.reading(for: request), "nothing asked yet")
        let load = Task { try await pipeline.image(for: request) }
        let midway = try await eventualValue("the download halfway", timeout: .seconds(20), interval: .milliseconds(5)) {
            pipeline.downloads.reading(for: request).flatMap { $0.fraction.map { (0.2..<0.9).contains($0) } == true ? $0 : nil }
        }
        XCTAssertEqual(midway.expected, 334_244, "the whole length, as the server said it")
        XCTAssertEqual(pipeline.downloads.reading(for: otherSize), midway, "the address's download, whatever size shows it")
        _ = try await load.value
        XCTAssertNil(pipeline.downloads.reading(for: request), "the download is over")
        XCTAssertEqual(pipeline.downloads.count, 0)
        // Another size from the disk cache: no download.
        let again = Task { try await pipeline.image(for: otherSize) }
        _ = try await again.value
        XCTAssertEqual(pipeline.downloads.count, 0)
        XCTAssertEqual(pipeline.statistics.fetches, 1)
    }
}

enum BadCasePNG {
    static var header: Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        bytes += [0x00, 0x00, 0xC3, 0x50, 0x00, 0x00, 0xC3, 0x50, 8, 6, 0, 0, 0]
        return Data(bytes)
    }
}

/// Image bytes written to the disk cache while the writer is killed (SIGKILL) at random moments:
/// every entry read back is whole (one byte value, the length its revision gives) or dropped,
/// never shown torn. tessera-crash-writer does the writing.
final class KilledDiskCacheWriterTests: XCTestCase {
    func testEntriesAreWholeOrDroppedAfterKills() async throws {
        guard let writer = CrashWriter.binary else { throw XCTSkip("tessera-crash-writer is not built beside the tests") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-killed-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SystemRandomNumberGenerator()
        var whole = 0
        for round in 0..<50 {
            _ = try CrashWriter.runAndKill(writer, ["--image-cache", folder.path], lifetime: 2_000...40_000, using: &generator)

            let cache = DiskCache(folder: folder, capacity: 64 << 20)
            for slot in 0..<20 {
                guard let data = await cache.data(for: "https://example.org/\(slot).jpg") else { continue }
                // Revision r went to slot r % 20, filled with r % 251, 1,000 + (r % 97) × 1,000 bytes.
                let value = try XCTUnwrap(data.first, "round \(round), slot \(slot): an empty entry")
                XCTAssertTrue(data.allSatisfy { $0 == value }, "round \(round), slot \(slot): a mixed entry")
                XCTAssertEqual(data.count % 1_000, 0, "round \(round), slot \(slot): a torn entry of \(data.count) bytes")
                whole += 1
            }
        }
        XCTAssertGreaterThan(whole, 0, "entries were written and read back")
    }
}

/// gdk-pixbuf's decode, each one held until `gate` lets it go.
private struct GatedDecoder: ImageDecoding {
    static let sharedThreads = BackgroundThreads(name: "gated-decode", count: 1)
    let gate: DispatchSemaphore
    func decodes(_ request: ImageRequest) -> Bool { true }
    var readsURL: Bool { false }
    var threads: BackgroundThreads { Self.sharedThreads }
    func decode(_ input: ImageInput, to target: DecodingTarget) throws(ImageError) -> DecodedImage {
        gate.wait()
        return try InProcessImageDecoder().decode(input, to: target)
    }
}
