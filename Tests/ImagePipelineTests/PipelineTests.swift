import FixtureServer
import Foundation
import HelperWire
@testable import ImagePipeline
@testable import PictureDecoding
import Logging
import Networking
import Scheduling
import TestSupport
import XCTest

/// The pipeline's loads: sizes, shared work, priorities, cancellation, progress.
final class PipelineTests: PipelineTestCase {
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

/// gdk-pixbuf's decode, each one held until `gate` lets it go.
struct GatedDecoder: ImageDecoding {
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
