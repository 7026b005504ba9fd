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
