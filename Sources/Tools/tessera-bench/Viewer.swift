import App
import ArgumentParser
import CGdkPixbuf
import ClipDecoding
import Foundation
import Gtk
import ImagePipeline
import Networking
import Persistence
import HelperClients

/// The viewer on a 24 MP JPEG and a 100 MP PNG beside eog: times, frames and memory.
struct ViewerBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "viewer",
                                                    abstract: "The viewer with a 24 MP JPEG and a 100 MP PNG, against eog.")

    @Option(help: "Device scale (GDK_SCALE); above 1 the benchmark runs on a display of its own sized for it.") var scale = 1
    @Option(help: "Frames panned, and frames zoomed.") var frames = 240
    @Option(help: "Times the photo is opened, zoomed, panned and closed again, for memory that grows.") var rounds = 1
    @Option(help: "Times the clip is streamed (and played from the disk cache, the baseline); 0 leaves the clip out.") var clipRuns = 3
    @Option(help: "Times Tessera and eog are each launched cold and warm on the pictures; 0 leaves them out.") var launchRuns = 3

    func run() throws {
        let pictures = try Self.pictures()
        var clip: URL?
        if clipRuns > 0 {
            if let failure = GStreamer.startFailure { throw BenchError(description: failure) }
            clip = try ViewerClip.file()
        }
        try runWithGTK(scale: scale) { try measure(pictures, clip: clip) }
        if launchRuns > 0 { try launches(pictures) }
    }

    /// Both programs launched as a person would, with their own bus and profile.
    private func launches(_ pictures: [(name: String, file: URL)]) throws {
        guard FileManager.default.isExecutableFile(atPath: ViewerLaunches.eog) else {
            throw BenchError(description: "eog is not installed (.ci/install-deps.sh --bench installs it): no baseline")
        }
        let tessera = binFolder().appendingPathComponent("tessera")
        guard FileManager.default.isExecutableFile(atPath: tessera.path) else { throw BenchError(description: "tessera is not built at \(tessera.path)") }
        guard let leaf = AppPaths.sourceTreeItem("data/media/leaf-512x512.png") else { throw BenchError(description: "no data/ folder found") }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-launches-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        Interruption.removeIfStopped(work)
        let folder = work.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var named: [URL] = []
        for (index, file) in [leaf, pictures[0].file, pictures[1].file].enumerated() {
            let link = folder.appendingPathComponent("\(index + 1)-\(file.lastPathComponent)")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
            named.append(link)
        }
        let bus = try SessionBus.ensure()
        defer { bus?.stop() }
        var environment = ProcessInfo.processInfo.environment.merging(bus?.environment ?? [:]) { $1 }
        // The same for both: no accessibility bridge, GDK's OpenGL off (Tessera turns it off itself).
        environment["NO_AT_BRIDGE"] = "1"
        environment["GDK_GL"] = "disable"
        for (variable, name) in [("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache")] {
            environment[variable] = work.appendingPathComponent(name).path
        }
        let windows = try WindowWatch(buildingIn: work)
        defer { windows.stop() }
        let launches = ViewerLaunches(small: named[0], photo: named[1], plan: named[2], runs: launchRuns, environment: environment,
                                      tessera: tessera, windows: windows)
        try launches.warmUp()
        try launches.measure()
    }

    /// A 6000×4000 JPEG and a 10000×10000 PNG, made once.
    static func pictures() throws -> [(name: String, file: URL)] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-viewer-pictures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var made: [(String, URL)] = []
        for (name, width, height, type) in [("photo-6000x4000.jpg", 6000, 4000, "jpeg"), ("plan-10000x10000.png", 10_000, 10_000, "png")] {
            let file = folder.appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: file.path) {
                print("viewer: making \(name) (once)")
                try write(width: width, height: height, type: type, to: file)
            }
            made.append((name, file))
        }
        return made
    }

    /// A picture with detail at every pixel (gradients with a fine pattern), encoded by gdk-pixbuf.
    private static func write(width: Int, height: Int, type: String, to file: URL) throws {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(width), gint(height)) else {
            throw BenchError(description: "no memory for a \(width)×\(height) picture")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<height {
            let row = pixels + y * stride
            for x in 0..<width {
                row[x * 3] = UInt8(truncatingIfNeeded: x * 255 / width + (x ^ y) & 15)
                row[x * 3 + 1] = UInt8(truncatingIfNeeded: y * 255 / height + ((x * 7 + y * 3) & 31))
                row[x * 3 + 2] = UInt8(truncatingIfNeeded: (x + y) * 127 / (width + height) + ((x / 8 + y / 8) % 2) * 60)
            }
        }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard tessera_pixbuf_save(pixbuf, &buffer, &size, type, &error) != 0, let buffer else {
            defer { if let error { g_error_free(error) } }
            throw BenchError(description: "could not encode \(file.lastPathComponent): \(error.map { String(cString: $0.pointee.message) } ?? "")")
        }
        defer { g_free(buffer) }
        try Data(bytes: buffer, count: Int(size)).write(to: file)
    }

    struct Run {
        var name = ""
        var firstPicture = 0.0
        var sharpFit = 0.0
        var sharpFull = 0.0
        var pan = FrameIntervals(frameTimes: [])
        var zoom = FrameIntervals(frameTimes: [])
        /// Frames while four quarter turns move into place, each from Ctrl+R's moment to its end.
        var turning = FrameIntervals(frameTimes: [])
        var turnsInPlace = 0.0
        /// From Alt+Return to the pane's file and metadata read, the picture shown; then its two parts alone.
        var properties = 0.0
        var propertiesBytes = 0.0
        var propertiesMetadata = 0.0
        var appPeak = 0
        var helpersPeak = 0
        /// The helpers' peak less the library pages the app holds resident too (`helpersOwnBytes`).
        var helpersOwnPeak = 0
        /// VmHWM peaks between samples, and library pages shared with helpers.
        var appHighWater = 0
        var helpersHighWater = 0
        var helpersSharedWithApp = 0
        var failure: String?
    }

    @MainActor
    private func measure(_ pictures: [(name: String, file: URL)], clip: URL?) throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-viewer-\(getpid())")
        defer { try? FileManager.default.removeItem(at: data) }
        Interruption.removeIfStopped(data)
        try FileManager.default.createDirectory(at: data.appendingPathComponent("media"), withIntermediateDirectories: true)
        guard let source = AppPaths.sourceTreeItem("data") else { throw BenchError(description: "no data/ folder found") }
        for folder in ["avatars", "facts"] {
            try FileManager.default.createSymbolicLink(at: data.appendingPathComponent(folder), withDestinationURL: source.appendingPathComponent(folder))
        }
        let clips = clip.map { [($0.lastPathComponent, $0)] } ?? []
        for picture in pictures + [("leaf-512x512.png", source.appendingPathComponent("media/leaf-512x512.png"))] + clips {
            try FileManager.default.createSymbolicLink(at: data.appendingPathComponent("media").appendingPathComponent(picture.0),
                                                       withDestinationURL: picture.1)
        }
        let server = try BenchServer(data: data)
        defer { server.stop() }
        let processes = DecoderProcesses()
        let pipeline = ImagePipeline(client: CurlHTTPClient(), configuration: .init(diskFolder: data.appendingPathComponent("cache")),
                                     decoders: [SandboxedImageDecoder.prepared(processes: processes)])
        @MainActor func helpers() -> Int { processes.processIdentifiers.reduce(0) { $0 + residentBytes(of: $1) } }
        @MainActor func helpersOwn() -> Int { helpersOwnBytes(processes.processIdentifiers) }

        // Warm: the window, the helpers and the server once, with a small picture.
        _ = try view(server.base.appendingPathComponent("images/leaf-512x512.png"), pipeline: pipeline, name: "warm-up", helpers: helpers, helpersOwn: helpersOwn,
                         helperIdentifiers: { processes.processIdentifiers })
        GtkRuntime.iterate(until: { false }, timeout: .milliseconds(500))
        let before = residentBytes(), helpersBefore = helpers()
        var runs: [Run] = []
        for picture in pictures {
            runs.append(try view(server.base.appendingPathComponent("images/\(picture.name)"), pipeline: pipeline, name: picture.name, helpers: helpers, helpersOwn: helpersOwn,
                         helperIdentifiers: { processes.processIdentifiers }))
        }
        // Again and again: what closing leaves must not grow.
        var afterRounds: [Int] = []
        let shared = Window()
        defer { shared.destroy() }
        for _ in 1..<max(1, rounds) {
            _ = try view(server.base.appendingPathComponent("images/\(pictures[0].name)"), pipeline: pipeline, name: pictures[0].name,
                         in: shared, helpers: helpers, helpersOwn: helpersOwn,
                         helperIdentifiers: { processes.processIdentifiers })
            GtkRuntime.iterate(until: { false }, timeout: .milliseconds(300))
            afterRounds.append(residentBytes() + helpers())
            print(String(format: "    round: app and helpers %.0f MB, malloc's mapped blocks %.0f MB",
                         Double(afterRounds.last!) / 1e6, Double(tessera_malloc_stats().mapped) / 1e6))
        }
        if let first = afterRounds.first, let last = afterRounds.last {
            print(String(format: "viewer: %d more rounds of %@: app and helpers after closing %.0f MB after the first, %.0f MB after the last (%+.0f MB), lowest %.0f, highest %.0f",
                         afterRounds.count, pictures[0].name, Double(first) / 1e6, Double(last) / 1e6, Double(last - first) / 1e6,
                         Double(afterRounds.min() ?? 0) / 1e6, Double(afterRounds.max() ?? 0) / 1e6))
        }
        // Closed: what stays is the pipeline's memory cache (64 MiB at most) and the allocator's.
        GtkRuntime.iterate(until: { false }, timeout: .seconds(1))
        let after = residentBytes(), helpersAfter = helpers()
        let split = residentSplit(), heap = tessera_malloc_stats()

        print("viewer: 1100×760 at scale \(scale); panned and zoomed \(frames) frames each")
        for run in runs {
            if let failure = run.failure {
                print("  \(run.name): not shown: \(failure)")
                continue
            }
            print(String(format: "  %@: first picture %.0f ms, sharp fitted %.0f ms; Ctrl+1 to sharp 100 %% %.0f ms",
                         run.name, run.firstPicture, run.sharpFit, run.sharpFull))
            print(String(format: "    panning: %.1f%% of frames at or under 20 ms (target >= 99), median %.1f ms, longest %.1f ms, over 50 ms: %d",
                         run.pan.withinTwentyMilliseconds, run.pan.typical, run.pan.longest, run.pan.stalls.count))
            print(String(format: "    zooming: %.1f%% of frames at or under 20 ms, median %.1f ms, longest %.1f ms, over 50 ms: %d",
                         run.zoom.withinTwentyMilliseconds, run.zoom.typical, run.zoom.longest, run.zoom.stalls.count))
            print(String(format: "    turning: %.1f%% of frames at or under 20 ms (target >= 99), median %.1f ms, longest %.1f ms, over 50 ms: %d; %.0f ms a turn to its place",
                         run.turning.withinTwentyMilliseconds, run.turning.typical, run.turning.longest, run.turning.stalls.count, run.turnsInPlace))
            print(String(format: "    properties: file and metadata read %.1f ms after the pane was asked for (target <= 50); alone, the bytes %.1f ms, their metadata %.1f ms",
                         run.properties, run.propertiesBytes, run.propertiesMetadata))
            print(String(format: "    peak resident: app %.0f MB, decoder helpers %.0f MB (their own, less the libraries' pages the app holds resident too: %.0f MB)",
                         Double(run.appPeak) / 1e6, Double(run.helpersPeak) / 1e6, Double(run.helpersOwnPeak) / 1e6))
            print(String(format: "    the kernel's high-water marks: app %.0f MB, decoder helpers %.0f MB (less their %.0f MB of the app's libraries: %.0f MB)",
                         Double(run.appHighWater) / 1e6, Double(run.helpersHighWater) / 1e6, Double(run.helpersSharedWithApp) / 1e6,
                         Double(run.helpersHighWater - run.helpersSharedWithApp) / 1e6))
        }
        print(String(format: "  after closing: app %.0f MB (%+.0f MB against before opening, target within 20), helpers %.0f MB (%+.0f MB)",
                     Double(after) / 1e6, Double(after - before) / 1e6, Double(helpersAfter) / 1e6, Double(helpersAfter - helpersBefore) / 1e6))
        print(String(format: "    the app's resident memory after closing: anonymous %.0f MB, files %.0f MB, shared %.0f MB; malloc in use %.0f MB, free %.0f MB, mapped %.0f MB; pipeline's memory cache %.0f MB",
                     Double(split.anonymous) / 1e6, Double(split.files) / 1e6, Double(split.shared) / 1e6,
                     Double(heap.inUse) / 1e6, Double(heap.free) / 1e6, Double(heap.mapped) / 1e6, Double(pipeline.memoryCache.totalCost) / 1e6))
        if let clip {
            let size = (try? FileManager.default.attributesOfItem(atPath: clip.path)[.size] as? Int) ?? 0
            try ViewerClip.measure(base: server.base, name: clip.lastPathComponent, size: size, pipeline: pipeline, runs: clipRuns)
        }
    }

    /// Opens `url` in a viewer, measures, closes it.
    @MainActor
    private func view(_ url: URL, pipeline: ImagePipeline, name: String, in shared: Window? = nil,
                      helpers: @MainActor () -> Int, helpersOwn: @MainActor () -> Int,
                      helperIdentifiers: @MainActor () -> [Int32]) throws -> Run {
        var run = Run(name: name)
        resetPeakResident(of: nil)
        helperIdentifiers().forEach { resetPeakResident(of: $0) }
        let window = shared ?? Window()
        window.setDefaultSize(width: 1100, height: 760)
        let viewer = ViewerPage(items: [ViewerItem(id: name, url: url, kind: .picture, name: name)], index: 0, pipeline: pipeline, goBack: {})
        let image = viewer.image
        window.add(viewer.widget)
        @MainActor func sample() {
            run.appPeak = max(run.appPeak, residentBytes())
            run.helpersPeak = max(run.helpersPeak, helpers())
            run.helpersOwnPeak = max(run.helpersOwnPeak, helpersOwn())
        }
        let start = monotonicNanoseconds()
        window.showAll()
        @MainActor func wait(_ what: String, _ condition: @escaping @MainActor () -> Bool) throws -> Double {
            var sampled = monotonicNanoseconds()
            let done = GtkRuntime.iterate(until: {
                if monotonicNanoseconds() - sampled > 20_000_000 { sample(); sampled = monotonicNanoseconds() }
                return condition() || image.failure != nil
            }, timeout: .seconds(120), wakeEvery: .milliseconds(2))
            guard done else { throw BenchError(description: "\(name): \(what) never came") }
            return Double(monotonicNanoseconds() - start) / 1e6
        }
        // Its own window is destroyed; a shared one only loses the viewer.
        defer { if shared == nil { window.destroy() } else { window.remove(viewer.widget) } }
        run.firstPicture = try wait("the first picture") { image.viewport != nil && image.picture.paintedSize != nil && !image.picture.awaitsSurface }
        if let failure = image.failure {
            run.failure = failure
            return run
        }
        run.sharpFit = try wait("a sharp fitted picture") { image.isSharp && image.isSettled }
        let zoomStart = monotonicNanoseconds()
        image.zoom(to: 1)
        _ = try wait("a sharp 100 %") { image.viewport?.percent == 100 && image.isSharp && image.isSettled }
        run.sharpFull = Double(monotonicNanoseconds() - zoomStart) / 1e6
        sample()

        // Panning: 24 logical pixels a frame across, turning back at the edges, as a drag does.
        var times: [Int64] = []
        var direction = 1.0
        let frames = self.frames
        _ = window.addTickCallback { time in
            times.append(time)
            let before = image.viewport?.origin.x
            image.change { $0.pan(byX: -24 * direction, y: -8 * direction) }
            if image.viewport?.origin.x == before { direction = -direction }
            return times.count < frames
        }
        _ = try wait("the panning") { times.count >= frames }
        run.pan = FrameIntervals(frameTimes: times)
        sample()

        // Zooming: 3 % a frame out to best fit and back in, as a pinch does.
        var zoomTimes: [Int64] = []
        var factor = 1 / 1.03
        _ = window.addTickCallback { time in
            zoomTimes.append(time)
            image.change { $0.setZoom($0.zoom * factor) }
            if image.viewport?.isFitted == true { factor = 1.03 }
            if (image.viewport?.zoom ?? 0) >= 1 { factor = 1 / 1.03 }
            return zoomTimes.count < frames
        }
        _ = try wait("the zooming") { zoomTimes.count >= frames }
        run.zoom = FrameIntervals(frameTimes: zoomTimes)
        sample()

        // Four quarter turns at best fit, each moving into place: the frames from each turn asked to its end.
        image.change { $0.fit() }
        _ = try wait("fitted again") { image.viewport?.isFitted == true && image.isSettled }
        var turnTimes: [[Int64]] = []
        let turnsStart = monotonicNanoseconds()
        for turn in 1...4 {
            var ticking = true
            turnTimes.append([])
            _ = window.addTickCallback { time in
                turnTimes[turnTimes.count - 1].append(time)
                return ticking
            }
            viewer.turnPicture(by: 1)
            _ = try wait("turn \(turn) in place") { image.isSettled && image.picture.reorientationProgress == nil }
            ticking = false
        }
        run.turnsInPlace = Double(monotonicNanoseconds() - turnsStart) / 1e6 / 4
        run.turning = FrameIntervals(runs: turnTimes)
        sample()

        let propertiesStart = monotonicNanoseconds()
        viewer.toggleProperties()
        _ = try wait("the properties") { viewer.propertiesAreRead }
        run.properties = Double(monotonicNanoseconds() - propertiesStart) / 1e6
        var parts: (Double, Double)?
        Task { @MainActor in
            let request = ImageRequest(url: url, maximumPixelSize: 2048)
            let start = monotonicNanoseconds()
            guard let bytes = try? await pipeline.data(for: request) else { return }
            let read = monotonicNanoseconds()
            _ = try? await pipeline.details(of: bytes, for: request)
            parts = (Double(read - start) / 1e6, Double(monotonicNanoseconds() - read) / 1e6)
        }
        _ = try wait("the properties' parts") { parts != nil }
        (run.propertiesBytes, run.propertiesMetadata) = parts ?? (0, 0)
        run.appHighWater = peakResident(of: nil)
        run.helpersHighWater = helperIdentifiers().reduce(0) { $0 + peakResident(of: $1) }
        run.helpersSharedWithApp = helpers() - helpersOwn()
        return run
    }
}
