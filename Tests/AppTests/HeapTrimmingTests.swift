import App
import Foundation
import XCTest

/// The app's heap gives its free space back to the system in the background, as a long session
/// frees pages, rows and pictures between blocks still in use.
final class HeapTrimmingTests: XCTestCase {
    /// The process's anonymous resident memory, in bytes (`RssAnon` of /proc/self/status).
    private func anonymousResident() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") })
        return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])) * 1024
    }

    func testFreeSpaceBetweenBlocksInUseGoesBackToTheSystem() throws {
        // 24 MB of small blocks, written so that their pages are resident; then all freed but one
        // in every 32, the last among them, so that no free space is at a heap's top, where a free
        // alone would give it back.
        let size = 1024, count = 24 * 1024
        var blocks: [UnsafeMutableRawPointer] = []
        blocks.reserveCapacity(count)
        for _ in 0..<count {
            let block = try XCTUnwrap(malloc(size))
            memset(block, 0x5A, size)
            blocks.append(block)
        }
        var kept: [UnsafeMutableRawPointer] = []
        for (index, block) in blocks.enumerated() {
            if index % 32 == 31 { kept.append(block) } else { free(block) }
        }
        defer { kept.forEach { free($0) } }
        let before = try anonymousResident()

        let trimming = HeapTrimming(every: .milliseconds(50))
        let deadline = Date().addingTimeInterval(10)
        var after = before
        while Date() < deadline {
            after = try anonymousResident()
            if before - after >= 12 << 20 { break }
            RunLoop.current.run(until: Date().addingTimeInterval(0.02))
        }
        withExtendedLifetime(trimming) {}
        XCTAssertGreaterThanOrEqual(before - after, 12 << 20,
                                    "of some 23 MB freed between blocks in use, \((before - after) >> 20) MB went back")
    }
}
