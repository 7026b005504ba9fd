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

/// The pipeline's memory and disk caches, their caps and what survives a new pipeline.
final class PipelineCachingTests: PipelineTestCase {
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
}
