import ArgumentParser
import Foundation

/// A long session: the release app against 100,000 posts driven by xdotool; every `--sample-every` seconds,
/// memory, files, threads and helpers, growth from minute 10 (a third of a shorter run) to its end.
struct SoakBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "soak",
                                                    abstract: "The app used in a loop for minutes: memory, files, threads, helpers over time.")

    @Option(help: "How long to use the app.") var minutes = 30.0
    @Option(help: "Seconds between samples.") var sampleEvery = 30.0
    /// Rounds end ever further down, meeting new posts for some six hours.
    @Option(help: "Posts on the server's feed.") var feedPosts = 100_000
    @Option(help: "The disk cache's limit in settings.json (MB); the app's default if not given.") var diskCacheMegabytes: Int?

    /// The growth allowed from minute 10 to the end.
    static let growthTarget = 0.05
    static let settledMinute = 10.0

    func run() throws {
        let tessera = binFolder().appendingPathComponent("tessera-automated")
        guard FileManager.default.isExecutableFile(atPath: tessera.path) else {
            throw BenchError(description: "tessera-automated is not built at \(tessera.path) (make bench builds it)")
        }
        guard FileManager.default.isExecutableFile(atPath: Soak.xdotool) else {
            throw BenchError(description: "xdotool is missing (.ci/install-deps.sh installs it)")
        }
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw BenchError(description: "no display (run under make bench)") }
        let bus = try SessionBus.ensure()
        defer { bus?.stop() }
        let server = try BenchServer(feedPosts: feedPosts)
        defer { server.stop() }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-soak-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        Interruption.removeIfStopped(work)
        if let diskCacheMegabytes {
            let config = work.appendingPathComponent("config")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            try Data("{\"diskCacheMegabytes\": \(diskCacheMegabytes)}".utf8).write(to: config.appendingPathComponent("settings.json"))
        }
        var environment = ProcessInfo.processInfo.environment.merging(bus?.environment ?? [:]) { $1 }
        environment["GDK_BACKEND"] = "x11"
        // The accessibility bridge on, as on a desktop, whatever the caller's shell says: it keeps objects of its own.
        environment["NO_AT_BRIDGE"] = nil
        let arguments = [tessera.path, "--data-dir", work.path, "--backend", server.base.absoluteString]
        // People are stored first, so the session starts as a second day.
        _ = try runReadingOutput(arguments + ["--report-content-drawn", "people"], environment: environment)
        let soak = try Soak(arguments: arguments + ["--report-frames", "10"], folder: work, environment: environment)
        defer { soak.stop() }
        let samples = try soak.run(for: .seconds(minutes * 60), sampleEvery: .seconds(sampleEvery))
        Self.report(samples, rounds: soak.rounds, minutes: minutes, feedPosts: feedPosts, diskCacheMegabytes: diskCacheMegabytes)
        if let stall = soak.stallReport {
            print(String(format: "  STALL: the app spent less than %.1f s of CPU between two samples by minute %.1f, while being used;",
                         Soak.idleCPU, stall.minute) + " its threads then: \(stall.path)")
        }
    }

    private static func report(_ samples: [Soak.Sample], rounds: Int, minutes: Double, feedPosts: Int, diskCacheMegabytes: Int?) {
        print(String(format: "soak: %.0f minutes, %d rounds (feed of %d posts, viewer, People, the chat, Facts, the gallery),"
                     + " the accessibility bridge on",
                     minutes, rounds, feedPosts))
        print("  minute   app MB (anonymous / files / shared)   helpers MB   total MB   files   threads   helpers   app CPU s   helpers' CPU s"
              + "   frames   slow   longest ms   decoded   from memory   disk MB   SQLite MB"
              + "   heap in use / free MB   picture cache MB")
        for sample in samples {
            print(String(format: "  %6.1f   %6.1f (%6.1f / %6.1f / %5.1f)   %10.1f   %8.1f   %5d   %7d   %7d   %9.1f   %14.1f   %6d   %4d   %10.1f   %7d   %11d   %7.1f   %9.1f   %8.1f / %6.1f   %16.1f", sample.minute,
                         megabytes(sample.appResident), megabytes(sample.appAnonymous), megabytes(sample.appFiles), megabytes(sample.appShared),
                         megabytes(sample.helpersResident), megabytes(sample.totalResident), sample.files, sample.threads, sample.helpers,
                         sample.cpuSeconds, sample.helpersCPUSeconds, sample.frames.frames, sample.frames.slow, sample.frames.longest,
                         sample.frames.decoded, sample.frames.fromMemory, megabytes(sample.disk),
                         megabytes(sample.frames.levels?.sqliteBytes ?? 0), megabytes(sample.frames.levels?.heapInUse ?? 0),
                         megabytes(sample.frames.levels?.heapFree ?? 0), megabytes(sample.frames.levels?.pictureCacheBytes ?? 0)))
        }
        guard let last = samples.last, samples.count >= 3 else { return print("  too few samples to compare") }
        // By minute 10 the caches have filled; a run shorter than 30 minutes is read from its third.
        let from = min(Self.settledMinute, last.minute / 3)
        let settled = samples.min { abs($0.minute - from) < abs($1.minute - from) }!
        let growth = Double(last.totalResident - settled.totalResident) / Double(settled.totalResident)
        print(String(format: "  resident, app and helpers: %.1f MB at minute %.1f, %.1f MB at minute %.1f: growth %+.1f%%   (target under %.0f%%)",
                     megabytes(settled.totalResident), settled.minute, megabytes(last.totalResident), last.minute, growth * 100,
                     growthTarget * 100))
        print(String(format: "  of it the app's: %+.1f MB (anonymous %+.1f, files %+.1f, shared %+.1f), the helpers': %+.1f MB; peak %.1f MB",
                     megabytes(last.appResident - settled.appResident), megabytes(last.appAnonymous - settled.appAnonymous),
                     megabytes(last.appFiles - settled.appFiles), megabytes(last.appShared - settled.appShared),
                     megabytes(last.helpersResident - settled.helpersResident), megabytes(samples.map(\.totalResident).max()!)))
        print("  files \(settled.files) → \(last.files), threads \(settled.threads) → \(last.threads), helpers \(settled.helpers) → \(last.helpers)"
              + "   (target: none more; highest since: files \(samples.filter { $0.minute >= settled.minute }.map(\.files).max()!),"
              + " threads \(samples.filter { $0.minute >= settled.minute }.map(\.threads).max()!))")
        print(String(format: "  disk: %.1f MB at minute %.1f, %.1f MB at the end, at most %.1f MB", megabytes(settled.disk), settled.minute,
                     megabytes(last.disk), megabytes(samples.map(\.disk).max()!))
              + (diskCacheMegabytes.map { String(format: "   (limit %.1f MB)", Double($0 * 1_000_000) / 1_048_576) } ?? ""))
        // The first minutes against the last third; samples count since the previous one.
        let firstMinutes = samples.indices.filter { samples[$0].minute > 1 && samples[$0].minute <= 4 }
        let lastThird = samples.indices.filter { samples[$0].minute >= last.minute * 2 / 3 }
        func counts(_ part: [Int]) -> FrameTally.Count {
            part.reduce(into: FrameTally.Count()) { $0.add(samples[$1].frames) }
        }
        func span(_ part: [Int]) -> Double {
            guard let first = part.first, let end = part.last else { return 1 }
            return max(1.0 / 60, samples[end].minute - (first > 0 ? samples[first - 1].minute : 0))
        }
        let start = counts(firstMinutes), end = counts(lastThird)
        func share(_ count: FrameTally.Count) -> Double { count.frames == 0 ? 0 : Double(count.slow) / Double(count.frames) * 100 }
        print(String(format: "  frames over %.1f ms of work: minutes 1-4 %d of %d (%.2f%%), longest %.1f ms; the last third %d of %d (%.2f%%), longest %.1f ms"
                     + "   (target: as in the first minutes)", 1000.0 / 60, start.slow, start.frames, share(start), start.longest,
                     end.slow, end.frames, share(end), end.longest))
        print(String(format: "  pictures decoded a minute: minutes 1-4 %.0f (%.0f from memory), the last third %.0f (%.0f from memory)",
                     Double(start.decoded) / span(firstMinutes), Double(start.fromMemory) / span(firstMinutes),
                     Double(end.decoded) / span(lastThird), Double(end.fromMemory) / span(lastThird)))
    }

    private static func megabytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }
}
