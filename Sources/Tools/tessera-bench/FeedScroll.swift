import App
import ArgumentParser
import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import HelperClients
import Logging
import Networking
import Persistence
import Repositories
import Video

/// The feed scrolled steadily while loading: stalls, frames, appends, decoded bytes, memory.
struct FeedScrollBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "feed-scroll",
                                                    abstract: "Feed with thousands of posts: scrolling, appends, memory.")

    @Option(help: "Posts on the server.") var count = 10_000
    @Option(help: "Pixels scrolled per frame.") var speed = 120.0
    @Option(help: "Give up after this many seconds.") var limit = 600.0
    @Option(help: "Decoded-image cache cap in MiB (default: the app's).") var memoryCap: Int?
    @Option(help: "Device scale (GDK_SCALE); above 1 the benchmark runs on a display of its own sized for it.") var scale = 1

    func run() throws {
        try runWithGTK(scale: scale) { try measure() }
    }

    @MainActor
    private func measure() throws {
        let count = self.count
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-feed-reference-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        Interruption.removeIfStopped(work)
        // The page fills the window's width (its scroll bar is drawn over the content).
        var layout = FeedPage.layout
        layout.prepare(width: Self.windowWidth, count: count, viewHeight: Self.windowHeight)
        let reference = try FeedScrollReference(columns: layout.columns, side: layout.side, spacing: layout.spacing, count: count,
                                                speed: speed, pictures: Self.referencePictures())
        // Runs alternate, C, Tessera, C, so both see the machine as it was.
        var references = [try reference.run(in: work)]
        let server = try BenchServer(feedPosts: count)
        let backend = Backend(base: server.base)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-feed-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipeline = ImagePipeline(client: CurlHTTPClient(), configuration: .init(
            memoryCapacity: memoryCap.map { $0 << 20 } ?? MemoryCache.defaultCapacity, diskFolder: folder),
            decoders: [VideoFrameDecoder(), SandboxedImageDecoder.prepared()])
        // Saved as the app saves, so far posts are let go and read back.
        let model = FeedViewModel(repository: LiveFeedRepository(client: CurlHTTPClient()) { backend },
                                  store: SavedFeedStore(database: LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite"))))
        let window = Window()
        window.setDefaultSize(width: Int(Self.windowWidth), height: Int(Self.windowHeight))
        let page = FeedPage(model: model, pipeline: pipeline, backendReady: {}, window: { nil }) { _, _ in nil }
        var appends: [Double] = []
        let render = model.onChange
        model.onChange = { state, change in
            let start = monotonicNanoseconds()
            render?(state, change)
            if case .appended? = change { appends.append(Double(monotonicNanoseconds() - start) / 1e6) }
        }
        window.add(page.widget)
        window.showAll()
        guard GtkRuntime.iterate(until: { !page.tiles.isEmpty }, timeout: .seconds(10)) else {
            throw BenchError(description: "the first page never came")
        }
        // Starts once the first page's tiles are on screen.
        var drawn = 0
        for _ in 0..<2 {
            window.onNextDraw { drawn += 1 }
            try waitOrFail("a frame drawn", timeout: .seconds(5)) { drawn > 0 }
            drawn = 0
        }
        let startRSS = residentBytes()
        let timing = FrameTiming(widget: window)
        MainLoopLoad.start()
        var loads: [MainLoopLoad.Reading] = []
        var frames: [Int64] = []
        var peakRSS = 0
        var peakHelpersRSS = 0
        var peakDecodersRSS = 0
        let scroll = window.addTickCallback { time in
            frames.append(time)
            loads.append(MainLoopLoad.reading)
            page.adjustment.value = min(page.adjustment.maximumValue, page.adjustment.value + speed)
            if frames.count % 60 == 0 {
                peakRSS = max(peakRSS, residentBytes())
                peakHelpersRSS = max(peakHelpersRSS, VideoFrameDecoder.helperProcesses.reduce(0) { $0 + residentBytes(of: $1) })
                peakDecodersRSS = max(peakDecodersRSS, DecoderProcesses.shared.processIdentifiers.reduce(0) { $0 + residentBytes(of: $1) })
            }
            return true
        }
        let started = ContinuousClock.now
        let finished = GtkRuntime.iterate(until: {
            model.state.paging == .ended && page.adjustment.value >= page.adjustment.maximumValue - 1
        }, timeout: .seconds(limit), wakeEvery: .milliseconds(1))
        let elapsed = ContinuousClock.now - started
        window.removeTickCallback(scroll)
        peakRSS = max(peakRSS, residentBytes())
        let endRSS = residentBytes()
        let split = residentSplit()
        let allocator = LargeAllocations.totals()
        let decoded = pipeline.memoryCache.totalCost
        let cap = pipeline.memoryCache.capacity
        let tileSide = page.tiles.first?.view.allocatedSize.width ?? 0
        window.destroy()
        server.stop()
        references.append(try reference.run(in: work))

        let frameIntervals = FrameIntervals(frameTimes: frames)
        let intervals = frameIntervals.values
        let stalls = frameIntervals.stalls
        print("feed-scroll: \(model.state.releasedAbove + model.state.posts.count) of \(count) posts loaded (\(model.state.posts.count) held) in \(elapsed) (\(finished ? "reached the end" : "stopped at the time limit")), \(Int(speed)) px a frame, 1100×760 at scale \(scale)")
        print(String(format: "  frame interval: median %.1f ms, 99th percentile %.1f ms, longest %.1f ms",
                     frameIntervals.typical, frameIntervals.p99, frameIntervals.longest))
        print(String(format: "  frames at or under 20 ms: %.1f%%   (target %@)", frameIntervals.withinTwentyMilliseconds,
                     scale == 1 ? ">= 99.5" : ">= 99 and within 0.5 points of the C reference"))
        print("  stalls over 50 ms: \(stalls.count)   (target 0)\(stalls.isEmpty ? "" : ", at frames \(stalls.map { "\($0) (\(String(format: "%.1f", intervals[$0])) ms)" }.joined(separator: ", ")) of \(intervals.count)")")
        for (run, reference) in references.enumerated() {
            print(String(format: "  C reference (pictures decoded before, painted 1:1), run %d of %d: %.1f%% of frames at or under 20 ms, median %.1f ms, longest %.1f ms, %d stalls",
                         run + 1, references.count, reference.withinTwentyMilliseconds, reference.typical, reference.longest, reference.stalls.count))
        }
        if tileSide != Int(layout.side) {
            print("  (the C reference drew squares of \(Int(layout.side)) px; Tessera's were \(tileSide) px: the comparison is off)")
        }
        if !references.isEmpty {
            let share = references.map(\.withinTwentyMilliseconds).reduce(0, +) / Double(references.count)
            print(String(format: "  tessera - C reference, frames at or under 20 ms: %+.1f points   (target >= -0.5)",
                         frameIntervals.withinTwentyMilliseconds - share))
        }
        if let timing {
            print(String(format: "  frame phases: layout longest %.1f ms (median %.2f), paint longest %.1f ms",
                         timing.layouts.max() ?? 0, median(timing.layouts), timing.paints.max() ?? 0))
            printSlowFrames(intervals: intervals, loads: loads, timing: timing)
        }
        print(String(format: "  append, main thread: first %.2f ms, last %.2f ms, longest %.2f ms   (target < 16)",
                     appends.first ?? 0, appends.last ?? 0, appends.max() ?? 0))
        print(String(format: "  decoded images in memory %.1f MB (cap %.1f MB); resident memory peak %.1f MB   (target <= 200)",
                     Double(decoded) / 1e6, Double(cap) / 1e6, Double(peakRSS) / 1e6))
        print(String(format: "  video poster helpers (tessera-poster, apart from the app): %d, resident together at most %.1f MB",
                     VideoFrameDecoder.helperProcesses.count, Double(peakHelpersRSS) / 1e6))
        print(String(format: "  picture decoder helpers (tessera-decoder, apart from the app): %d started, resident together at most %.1f MB",
                     DecoderProcesses.shared.launches, Double(peakDecodersRSS) / 1e6))
        print(String(format: "  resident memory with the first page shown (GTK loaded; GStreamer loads only in the poster helper, and the server runs apart): %.1f MB", Double(startRSS) / 1e6))
        print(String(format: "  at the end: resident %.1f MB (anonymous %.1f, files %.1f, shared memory %.1f); malloc heap %.1f MB (%.1f in use, %.1f free), mapped blocks %.1f MB",
                     Double(endRSS) / 1e6, Double(split.anonymous) / 1e6, Double(split.files) / 1e6, Double(split.shared) / 1e6,
                     Double(allocator.heap) / 1e6, Double(allocator.inUse) / 1e6,
                     Double(allocator.free) / 1e6, Double(allocator.mapped) / 1e6))
        print(String(format: "  of the heap in use, SQLite's (the saved pages' database: page caches, statements): %.1f MB",
                     Double(DatabaseMemory.inUse) / 1e6))
    }
}

extension FeedScrollBench {
    static let windowWidth = 1100.0, windowHeight = 760.0

    /// The still pictures of the fixture data (what the server's posts show), for the reference.
    static func referencePictures() throws -> [URL] {
        guard let media = AppPaths.sourceTreeItem("data/media") else { throw BenchError(description: "no data/media folder found") }
        let files = try FileManager.default.contentsOfDirectory(at: media, includingPropertiesForKeys: nil)
        let pictures = files.filter { ["jpg", "png"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
        guard !pictures.isEmpty else { throw BenchError(description: "no pictures in \(media.path)") }
        return pictures
    }
}

/// Where frames over 20 ms went: layout, paint, queue blocks, the rest.
@MainActor
private func printSlowFrames(intervals: [Double], loads: [MainLoopLoad.Reading], timing: FrameTiming) {
    struct Slow { var index: Int; var interval, busy, layout, paint, queue, cpu, runnable: Double; var drains: Int }
    // Tick i runs before frame i's layout and paint, so interval i holds both.
    let slow: [Slow] = intervals.indices.compactMap { i in
        guard intervals[i] > 20, i + 1 < loads.count, i < timing.layouts.count, i < timing.paints.count else { return nil }
        let load = loads[i + 1] - loads[i]
        return Slow(index: i, interval: intervals[i], busy: intervals[i] - load.idle,
                    layout: timing.layouts[i], paint: timing.paints[i], queue: load.queue, cpu: load.cpu, runnable: load.runnable, drains: load.drains)
    }
    let all = loads.count > 1 ? loads[loads.count - 1] - loads[0] : MainLoopLoad.Reading()
    let total = intervals.reduce(0, +)
    print(String(format: "  main thread over the run: busy %.0f%% of %.1f s; dispatch queue %.1f s in %d drains, longest %.1f ms",
                 total > 0 ? (total - all.idle) / total * 100 : 0, total / 1000, all.queue / 1000, all.drains, all.longestDrain))
    guard !slow.isEmpty else { return }
    func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
    print(String(format: "  the %d frames over 20 ms, on average: interval %.1f ms, busy %.1f with %.1f on the CPU and %.1f waiting for one (layout %.1f, paint %.1f, dispatch queue %.1f, other %.1f)",
                 slow.count, mean(slow.map(\.interval)), mean(slow.map(\.busy)), mean(slow.map(\.cpu)), mean(slow.map(\.runnable)), mean(slow.map(\.layout)), mean(slow.map(\.paint)),
                 mean(slow.map(\.queue)), mean(slow.map { $0.busy - $0.layout - $0.paint - $0.queue })))
    for frame in slow.sorted(by: { $0.interval > $1.interval }).prefix(8) {
        print(String(format: "    frame %d: %.1f ms, busy %.1f with %.1f on the CPU and %.1f waiting for one: layout %.1f, paint %.1f, dispatch queue %.1f (%d drains), other %.1f",
                     frame.index, frame.interval, frame.busy, frame.cpu, frame.runnable, frame.layout, frame.paint, frame.queue, frame.drains,
                     frame.busy - frame.layout - frame.paint - frame.queue))
    }
}

/// The resident set size of this process (or of `process`), from /proc.
func residentBytes(of process: Int32? = nil) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/\(process.map(String.init) ?? "self")/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Resident anonymous, file-backed and shared memory from /proc/self/status.
func residentSplit() -> (anonymous: Int, files: Int, shared: Int) { residentKinds(of: nil) }

/// `residentSplit` of another process (nil: this one).
func residentKinds(of process: Int32?) -> (anonymous: Int, files: Int, shared: Int) {
    guard let text = try? String(contentsOfFile: "/proc/\(process.map(String.init) ?? "self")/status", encoding: .utf8) else { return (0, 0, 0) }
    func field(_ name: String) -> Int {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first.map(String.init) ?? "") ?? 0) * 1024
    }
    return (field("RssAnon"), field("RssFile"), field("RssShmem"))
}
