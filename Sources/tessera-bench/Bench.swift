import ArgumentParser
import Foundation

/// Tessera's benchmarks. Each prints its figures beside a baseline measured in the same run,
/// and the ratio between them. Run in release mode (`make bench`).
@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera-bench",
        abstract: "Benchmarks with same-run baselines.",
        subcommands: [Startup.self, Images.self, GalleryBench.self, MessagesBench.self, FeedScrollBench.self]
    )
}

/// The folder holding this benchmark's executable, where `tessera` is built too.
func binFolder() -> URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
}

func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
}

/// Runs async work to completion from a synchronous command, which keeps the main thread for GTK
/// benchmarks; the main thread only waits here.
func runBlocking(_ body: @escaping @Sendable () async throws -> Void) throws {
    let done = DispatchSemaphore(value: 0)
    let failure = FailureBox()
    Task.detached {
        do { try await body() } catch { failure.set(error) }
        done.signal()
    }
    done.wait()
    if let error = failure.error { throw error }
}

final class FailureBox: @unchecked Sendable {
    private var stored: (any Error)?
    private let lock = NSLock()
    func set(_ error: any Error) { lock.withLock { stored = error } }
    var error: (any Error)? { lock.withLock { stored } }
}
