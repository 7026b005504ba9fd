import ArgumentParser
import Foundation
import ImagePipeline

/// The picture cache's cap at work: the same pictures written into a cache with room and into a full one,
/// where each write may delete the least recently used; runs alternated, time per picture.
struct DiskCapBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "disk-cap",
                                                    abstract: "Pictures written under the cap against at the cap (evicting).")

    @Option(help: "The cap in megabytes.") var megabytes = 200
    @Option(help: "Bytes of each picture.") var pictureBytes = 60_000
    @Option(help: "Pictures written each run.") var count = 2_000
    @Option(help: "Runs of each side, alternated.") var runs = 3

    func run() throws {
        let megabytes = megabytes, pictureBytes = pictureBytes, count = count, runs = runs
        try runBlocking { try await Self.measure(cap: megabytes * 1_000_000, pictureBytes: pictureBytes, count: count, runs: runs) }
    }

    private static func measure(cap: Int, pictureBytes: Int, count: Int, runs: Int) async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-disk-cap-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        let picture = Data((0..<pictureBytes).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        // The full cache: filled past its cap once, so every later run writes at the cap.
        let full = DiskCache(folder: work.appendingPathComponent("full"), capacity: cap)
        let fill = cap / pictureBytes + cap / pictureBytes / 5
        for index in 0..<fill { full.store(picture, for: "https://example.org/fill/\(index)", keep: true) }
        await full.flush()
        print("disk-cap: \(count) pictures of \(pictureBytes) bytes a run; cap \(cap / 1_000_000) MB, the full cache holding \(full.totalSize / 1_000_000) MB"
              + " in \(try FileManager.default.contentsOfDirectory(atPath: full.folder.path).count) files")
        var roomy: [Double] = [], evicting: [Double] = []
        for run in 0..<runs {
            let room = DiskCache(folder: work.appendingPathComponent("room-\(run)"), capacity: Int.max / 2)
            roomy.append(try await timed(count: count) { room.store(picture, for: "https://example.org/\(run)/\($0)", keep: true) } flush: { await room.flush() })
            try? FileManager.default.removeItem(at: room.folder)
            evicting.append(try await timed(count: count) { full.store(picture, for: "https://example.org/\(run)/\($0)", keep: true) } flush: { await full.flush() })
            guard full.totalSize <= cap else { throw BenchError(description: "the full cache grew past its cap: \(full.totalSize) bytes") }
        }
        func line(_ name: String, _ times: [Double]) -> String {
            String(format: "  %@: %.1f µs a picture (median of %d; runs %@)", name, times.sorted()[times.count / 2] * 1e6 / Double(count), times.count,
                   times.map { String(format: "%.0f ms", $0 * 1000) }.joined(separator: ", "))
        }
        print(line("under the cap", roomy))
        print(line("at the cap   ", evicting))
        print(String(format: "  eviction's cost: %+.1f µs a picture", (evicting.sorted()[runs / 2] - roomy.sorted()[runs / 2]) * 1e6 / Double(count)))
        // One sweep alone: every file listed, the oldest tenth deleted; it comes once per tenth of the cap written.
        let files = try FileManager.default.contentsOfDirectory(atPath: full.folder.path).count
        sync()
        let sweep = try await timed(count: 1) { _ in full.setCapacity(full.totalSize - 1) } flush: { await full.flush() }
        let gone = files - (try FileManager.default.contentsOfDirectory(atPath: full.folder.path).count)
        print(String(format: "  a sweep alone: %.0f ms over %d files, %d deleted: %.1f µs a picture written", sweep * 1000, files, gone,
                     sweep * 1e6 / Double(max(gone, 1))))
    }

    private static func timed(count: Int, _ write: (Int) -> Void, flush: () async -> Void) async throws -> Double {
        // Earlier writes reach the disk first, so that their write-back does not land in this run.
        sync()
        let start = monotonicNanoseconds()
        for index in 0..<count { write(index) }
        await flush()
        return Double(monotonicNanoseconds() - start) / 1e9
    }
}
