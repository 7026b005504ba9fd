import Foundation
@testable import ImagePipeline
import Scheduling
import XCTest

/// The picture cache's cap while the app runs: kept under it, changed at once, told by section, a full disk said.
final class DiskCapTests: PipelineTestCase {
    func testTheCapHoldsAfterEveryPictureAndThoseShownLastStay() async throws {
        let cap = 600 << 10
        let pipeline = pipeline(memory: 1 << 20, disk: cap)
        let disk = try XCTUnwrap(pipeline.diskCache)
        var shown: [URL] = []
        for seed in 0..<120 {
            let request = ImageRequest(url: url("synthetic/\(seed)/640x400.jpg"), maximumPixelSize: 256)
            _ = try await pipeline.image(for: request)
            shown.append(request.url)
            XCTAssertLessThanOrEqual(disk.totalSize, cap, "after picture \(seed)")
            // The first picture stays in view all along: its entry is read again, as scrolling back reads it.
            if seed % 10 == 9 { _ = await disk.entry(for: shown[0].absoluteString) }
        }
        XCTAssertGreaterThan(disk.totalSize, cap / 2, "the cache was filled past its cap")
        for url in shown.suffix(4) + [shown[0]] {
            let kept = await disk.contains(url.absoluteString)
            XCTAssertTrue(kept, "\(url.lastPathComponent) is in view and still on disk")
        }
        let evicted = await disk.contains(shown[1].absoluteString)
        XCTAssertFalse(evicted, "the least recently used went first")
    }

    /// Small entries each take whole blocks of the disk: the cap holds for the blocks, not the bytes written.
    func testTheCapHoldsForTheBlocksTheEntriesTakeOnDisk() async throws {
        let cap = 400 << 10
        let disk = DiskCache(folder: cacheFolder, capacity: cap)
        for index in 0..<300 {
            disk.store(Data(repeating: UInt8(index % 256), count: 1000), for: "https://example.org/small/\(index).png", keep: true)
        }
        XCTAssertGreaterThan(disk.totalSize, cap / 2, "filled to its cap")
        let files = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)
        let allocated = files.reduce(0) { total, name in
            var status = stat()
            return stat(cacheFolder.appendingPathComponent(name).path, &status) == 0 ? total + Int(status.st_blocks) * 512 : total
        }
        XCTAssertLessThanOrEqual(allocated, cap, "\(files.count) entries in \(allocated) bytes of the disk's blocks")
    }

    func testALowerCapIsKeptToAtOnceAndTheNewestStay() async throws {
        let pipeline = pipeline(disk: 8 << 20)
        let disk = try XCTUnwrap(pipeline.diskCache)
        var urls: [URL] = []
        for seed in 0..<30 {
            let request = ImageRequest(url: url("synthetic/\(seed)/640x400.jpg"), maximumPixelSize: 256)
            _ = try await pipeline.image(for: request)
            urls.append(request.url)
        }
        let before = disk.totalSize
        disk.setCapacity(before / 3)
        XCTAssertLessThanOrEqual(disk.totalSize, before / 3)
        let newest = await disk.contains(urls.last!.absoluteString), oldest = await disk.contains(urls[0].absoluteString)
        XCTAssertTrue(newest)
        XCTAssertFalse(oldest)
    }

    func testEntriesAreCountedUnderTheSectionThatStoredThem() async throws {
        let pipeline = pipeline()
        let disk = try XCTUnwrap(pipeline.diskCache)
        for (seed, section) in [(1, "feed"), (2, "feed"), (3, "facts")] {
            var request = ImageRequest(url: url("synthetic/\(seed)/320x200.jpg"), maximumPixelSize: 128)
            request.account = DownloadAccount(section)
            _ = try await pipeline.image(for: request)
        }
        disk.store(Data(repeating: 7, count: 1000), for: "https://example.org/untold.jpg", keep: true)
        let usage = await disk.usage()
        XCTAssertEqual(Set(usage.keys), ["feed", "facts", ""])
        XCTAssertGreaterThan(usage["feed"]!, usage["facts"]!, "two pictures against one")
        XCTAssertEqual(usage.values.reduce(0, +), disk.totalSize)
        let restarted = await DiskCache(folder: cacheFolder, capacity: 64 << 20).usage()
        XCTAssertEqual(restarted, usage, "read again from the files' first bytes")
    }

    func testAFullDiskIsSaidOnceAndWhatWasKeptStaysReadable() async throws {
        try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        guard mount(cacheFolder, megabytes: 1) else {
            throw XCTSkip("a small tmpfs needs root (CI runs as root)")
        }
        defer { _ = umount2(cacheFolder.path, Int32(MNT_DETACH)) }
        let disk = DiskCache(folder: cacheFolder, capacity: 100 << 20)
        let said = Mutex(0)
        disk.whenFull { said.withLock { $0 += 1 } }
        let pictures = (0..<8).map { Data(repeating: UInt8($0), count: 300 << 10) }
        for (index, bytes) in pictures.enumerated() {
            disk.store(bytes, for: "https://example.org/\(index).jpg", keep: true)
        }
        await disk.flush()
        XCTAssertEqual(said.withLock { $0 }, 1, "said once, however many writes failed")
        var readable = 0
        for (index, bytes) in pictures.enumerated() {
            guard let stored = await disk.data(for: "https://example.org/\(index).jpg") else { continue }
            XCTAssertEqual(stored, bytes, "picture \(index) is whole")
            readable += 1
        }
        XCTAssertEqual(readable, 3, "what fitted in 1 MB was kept")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "no half-written file is left")
    }

    private func mount(_ folder: URL, megabytes: Int) -> Bool {
        Glibc.mount("tessera-test", folder.path, "tmpfs", 0, "size=\(megabytes)m") == 0
    }
}
