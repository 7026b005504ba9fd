// Runs in its own process, tessera-bench, which starts the real app's processes it measures.

import ArgumentParser
import Foundation
import Gtk
import ImagePipeline
import Logging
import Persistence

/// Tessera's benchmarks, each beside a same-run baseline with the ratio; run `make bench`.
@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera-bench",
        abstract: "Benchmarks with same-run baselines.",
        subcommands: [Startup.self, Images.self, GalleryBench.self, MessagesBench.self, FeedScrollBench.self,
                      OfflineStartBench.self, PlaybackBench.self, PipelineLayers.self, FactsBench.self, ViewerBench.self,
                      PeopleSearchBench.self, SoakBench.self, SlowLinkBench.self, DiskCapBench.self, MessagesLiveBench.self]
    )

    static func main() {
        Interruption.endOnSignals()
        main(nil)
    }
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

/// What this process has used so far, all its threads together.
struct ProcessUsage {
    /// CPU time, user and system, in seconds.
    var cpu: Double
    /// Voluntary and forced context switches.
    var switches: Int { waits + preemptions }
    /// Of those, the times a thread waited (for a lock, a semaphore, a socket).
    var waits: Int
    /// And the times the kernel took the CPU from a thread for another.
    var preemptions: Int

    static func now() -> ProcessUsage {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return ProcessUsage(cpu: Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6,
                            waits: usage.ru_nvcsw, preemptions: usage.ru_nivcsw)
    }

    /// Another process's CPU time so far, from /proc (clock ticks of 1/100 s).
    static func cpu(of pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func - (after: ProcessUsage, before: ProcessUsage) -> ProcessUsage {
        ProcessUsage(cpu: after.cpu - before.cpu, waits: after.waits - before.waits,
                     preemptions: after.preemptions - before.preemptions)
    }
}

/// Every process started by `pid`, and by those, from /proc's parent links.
func descendants(of pid: Int32) -> [Int32] {
    var parents: [Int32: Int32] = [:]
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let child = Int32(entry),
              let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { continue }
        // After the name: state, then the parent's id.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        if fields.count > 1, let parent = Int32(fields[1]) { parents[child] = parent }
    }
    var found: [Int32] = [], frontier = [pid]
    while let parent = frontier.popLast() {
        let children = parents.filter { $0.value == parent }.map(\.key)
        found += children
        frontier += children
    }
    return found
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Spawns `command` and waits: its spawn time, output lines and status.
func runReadingOutput(_ command: [String], environment: [String: String]? = nil) throws
    -> (start: Int64, lines: [Substring], status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    let start = monotonicNanoseconds()
    try Interruption.run(process)
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (start, output.split(separator: "\n"), process.terminationStatus)
}

/// Spawns `command` and finds its "<marker> <ns>" line: times and every line.
func timeToMarker(_ command: [String], _ marker: String, environment: [String: String]? = nil) throws
    -> (start: Int64, marked: Int64, milliseconds: Double, lines: [Substring]) {
    let (start, lines, status) = try runReadingOutput(command, environment: environment)
    guard let line = lines.first(where: { $0.hasPrefix(marker + " ") }), let marked = Int64(line.dropFirst(marker.count + 1)) else {
        throw BenchError(description: "\(command[0]) reported no \(marker) (exit \(status))")
    }
    return (start, marked, Double(marked - start) / 1_000_000, lines)
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
}

/// Turns the main loop until `condition`; running out fails the benchmark, saying why.
@MainActor
func waitOrFail(_ what: String, timeout: Duration, wakeEvery: Duration? = nil, _ condition: () -> Bool) throws {
    guard GtkRuntime.iterate(until: condition, timeout: timeout, wakeEvery: wakeEvery) else {
        throw BenchError(description: "timed out after \(timeout) waiting for \(what)")
    }
}

/// Runs async work from a synchronous command, the main thread only waiting.
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

/// `body` on the main thread with GTK at device `scale` (a private X server above 1).
func runWithGTK(scale: Int = 1, _ body: @MainActor () throws -> Void) throws {
    LargeAllocations.returnToSystemOnFree()
    setenv("GDK_BACKEND", "x11", 0)
    guard (1...4).contains(scale) else { throw BenchError(description: "a scale of 1 to 4, please (was \(scale))") }
    var display: PrivateDisplay?
    if scale > 1 {
        let size = PrivateDisplay.screenSize(width: 1100, height: 760, scale: scale)
        display = try PrivateDisplay.start(width: size.width, height: size.height)
        setenv("DISPLAY", display!.name, 1)
    }
    defer { display?.stop() }
    setenv("GDK_SCALE", "\(scale)", 1)
    try MainActor.assumeIsolated {
        guard GtkRuntime.initialize() else { throw BenchError(description: "no display (run under make bench)") }
        let bridge = MainLoopBridge()
        defer { bridge.uninstall() }
        try body()
    }
}

/// The fixture server as its own process, not counted as the app's.
struct BenchServer {
    let process: Process
    let base: URL

    /// Nil keeps defaults; `link` is a shared slow link (kbit/s, ms).
    init(feedPosts: Int? = nil, messages: Int? = nil, factsRows: Int? = nil, data: URL? = nil,
         link: (kbps: Int, latencyMs: Int)? = nil, chatter seconds: Double? = nil) throws {
        guard let data = data ?? AppPaths.sourceTreeItem("data") else { throw BenchError(description: "no data/ folder found") }
        let executable = binFolder().appendingPathComponent("tessera-server")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw BenchError(description: "tessera-server is not built at \(executable.path) (make bench builds it)")
        }
        let port = try Self.freePort()
        let process = Process()
        process.executableURL = executable
        var arguments = ["--port", "\(port)", "--data", data.path]
        if let feedPosts { arguments += ["--feed-posts", "\(feedPosts)"] }
        if let messages { arguments += ["--messages", "\(messages)"] }
        if let factsRows { arguments += ["--facts-rows", "\(factsRows)"] }
        if let link { arguments += ["--link-kbps", "\(link.kbps)", "--link-latency-ms", "\(link.latencyMs)"] }
        if let seconds { arguments += ["--chatter", "\(seconds)"] }
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try Interruption.run(process)
        // Before any window exists: the main thread has nothing else to do while it waits.
        let deadline = ContinuousClock.now + .seconds(10)
        while !Self.accepts(port) {
            guard ContinuousClock.now < deadline, process.isRunning else {
                process.terminate()
                throw BenchError(description: "tessera-server did not start listening on port \(port)")
            }
            usleep(20_000)
        }
        self.process = process
        base = URL(string: "http://127.0.0.1:\(port)/")!
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    /// A port nobody listens on now (the kernel's pick for a socket bound to port 0).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError(description: "no socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else { throw BenchError(description: "could not find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts connections on the loopback port.
    private static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
