import ArgumentParser
import FixtureServer
import Foundation
import Gtk
import ImagePipeline
import Logging
import Persistence

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

/// Runs `body` on the main thread with GTK initialised and the main-loop bridge installed (the
/// benchmarks that drive real windows).
func runWithGTK(_ body: @MainActor () throws -> Void) throws {
    LargeAllocations.returnToSystemOnFree()
    setenv("GDK_BACKEND", "x11", 0)
    try MainActor.assumeIsolated {
        guard GtkRuntime.initialize() else { throw BenchError(description: "no display (run under make bench)") }
        let bridge = MainLoopBridge()
        defer { bridge.uninstall() }
        try body()
    }
}

/// A quiet in-process tessera-server for the GTK benchmarks, started and stopped while the GLib
/// loop keeps running.
@MainActor
struct BenchServer {
    let server: FixtureServer
    let base: URL

    init(_ configure: (inout FixtureServer.Configuration) -> Void = { _ in }) throws {
        var logger = Logger(label: "bench-server")
        logger.logLevel = .critical
        guard let data = AppPaths.sourceTreeItem("data") else { throw BenchError(description: "no data/ folder found") }
        var configuration = FixtureServer.Configuration(dataDirectory: data)
        configure(&configuration)
        let server = FixtureServer(configuration: configuration, logger: logger)
        let port = PortBox()
        Task.detached { port.set(try? await server.start()) }
        guard GtkRuntime.iterate(until: { port.value != nil }, timeout: .seconds(10), wakeEvery: .milliseconds(5)),
              let portNumber = port.value else { throw BenchError(description: "the server did not start") }
        self.server = server
        base = URL(string: "http://127.0.0.1:\(portNumber)/")!
    }

    func stop() {
        let server = self.server
        let done = PortBox()
        Task.detached { await server.stop(); done.set(1) }
        GtkRuntime.iterate(until: { done.value != nil }, timeout: .seconds(5), wakeEvery: .milliseconds(10))
    }
}

final class PortBox: @unchecked Sendable {
    private var stored: Int?
    private let lock = NSLock()
    func set(_ value: Int?) { lock.withLock { stored = value } }
    var value: Int? { lock.withLock { stored } }
}
