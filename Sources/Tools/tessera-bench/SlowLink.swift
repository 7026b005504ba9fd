import App
import ArgumentParser
import Domain
import Features
import Composition
import Foundation
import Gtk
import ImagePipeline
import HelperClients
import Networking
import Persistence
import Repositories
import Video

/// First launch over a shared slow link, normal and saving data, alternating; `--section gallery` too.
struct SlowLinkBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "slow-link",
                                                    abstract: "The feed's (or the gallery's) first screen over a slow shared link.")

    @Option(help: "The link's rate, in kilobits a second.") var kbps = 1_000
    @Option(help: "The link's latency, in milliseconds.") var latencyMs = 300
    @Option(help: "Runs of each case.") var runs = 3
    @Option(help: "The section opened: feed or gallery.") var section = "feed"

    struct Run {
        var seconds = 0.0
        var bytes = 0
        var longestGap = 0.0
        var tilesInView = 0
        /// Prefetches made before the last in-view request, and all requests.
        var aheadBeforeLastInView = 0
        var requests = 0
        /// The order the server was asked in, as letters: V in view, A ahead, P a page of posts.
        var order = ""
        /// Over the first screen's tiles: mean time to a picture or passes, to whole, and until all showed one.
        var meanUntilShown = 0.0
        var meanUntilWhole = 0.0
        var everyTileShown = 0.0
    }

    /// When each tile first showed something and its whole picture.
    private struct TileTimes {
        var shown: [String: Double] = [:]
        var whole: [String: Double] = [:]

        @MainActor mutating func look(at pictures: [(key: String, image: ImageView)], after seconds: Double) {
            for (key, image) in pictures {
                if shown[key] == nil, case .image = image.content { shown[key] = seconds }
                if whole[key] == nil, image.isLoaded { whole[key] = seconds }
            }
        }

        /// Sums `inView` tiles into `run`; a tile never whole fails it, named.
        func summarize(_ inView: [String], into run: inout Run) throws {
            guard !inView.isEmpty else { return }
            let neverWhole = inView.filter { self.whole[$0] == nil }
            guard neverWhole.isEmpty else {
                throw BenchError(description: "\(neverWhole.count) of \(inView.count) tiles in view never showed their picture whole: "
                                 + neverWhole.prefix(5).joined(separator: ", "))
            }
            let whole = inView.compactMap { self.whole[$0] }
            let shown = inView.enumerated().map { index, key in min(self.shown[key] ?? whole[index], whole[index]) }
            run.meanUntilShown = shown.reduce(0, +) / Double(shown.count)
            run.meanUntilWhole = whole.reduce(0, +) / Double(whole.count)
            run.everyTileShown = shown.max() ?? 0
        }
    }

    func run() throws {
        try runWithGTK { try measure() }
    }

    @MainActor
    private func measure() throws {
        let server = try BenchServer(feedPosts: 10_000, link: (kbps, latencyMs))
        defer { server.stop() }
        if section == "gallery" { return try measureGallery(server: server) }
        guard section == "feed" else { throw BenchError(description: "no section \(section): feed or gallery") }
        var prefetching: [Run] = [], saving: [Run] = []
        for run in 0..<runs {
            // Alternated, and each case first in turn.
            for saves in run % 2 == 0 ? [false, true] : [true, false] {
                let result = try firstScreen(server: server, savingData: saves)
                if saves { saving.append(result) } else { prefetching.append(result) }
            }
        }
        print("slow-link: the feed's first screen, opened for the first time over \(kbps) kbit/s with \(latencyMs) ms of latency, 1100×760, \(runs) runs each")
        for (name, results) in [("prefetching (the app)", prefetching), ("saving data (baseline)", saving)] {
            print(String(format: "  %-24@ first screen in %.2f s (median; %@), %.0f KB across the link by then, main loop still for at most %.0f ms, %d tiles in view",
                         name, median(results.map(\.seconds)), results.map { String(format: "%.2f", $0.seconds) }.joined(separator: " / "),
                         median(results.map { Double($0.bytes) / 1_000 }), results.map(\.longestGap).max() ?? 0, results.first?.tilesInView ?? 0))
            print("    requests ahead of the view before the last in view: \(results.map { "\($0.aheadBeforeLastInView) of \($0.requests)" }.joined(separator: " / "))")
        }
        for run in prefetching {
            print("  prefetching, the server asked for (V in view, A ahead, P a page): \(run.order)")
        }
        print(String(format: "  prefetching against saving data: first screen x%.2f (target: about 1, what is in view comes first)",
                     median(prefetching.map(\.seconds)) / max(median(saving.map(\.seconds)), 0.001)))
        printTileTimes(prefetching)
    }

    /// How long the tiles in view showed nothing.
    private func printTileTimes(_ results: [Run]) {
        print(String(format: "  a tile in view showed nothing for %.2f s on average (median of runs; %@), until its picture was whole %.2f s (%@); every tile showed something in %.2f s",
                     median(results.map(\.meanUntilShown)), results.map { String(format: "%.2f", $0.meanUntilShown) }.joined(separator: " / "),
                     median(results.map(\.meanUntilWhole)), results.map { String(format: "%.2f", $0.meanUntilWhole) }.joined(separator: " / "),
                     median(results.map(\.everyTileShown))))
    }

    /// The gallery's first run opened `runs` times, each with an empty disk cache.
    @MainActor
    private func measureGallery(server: BenchServer) throws {
        var results: [Run] = []
        for _ in 0..<runs { results.append(try galleryFirstScreen(server: server)) }
        print("slow-link: the gallery's first screen (its first run's pictures), opened for the first time over \(kbps) kbit/s with \(latencyMs) ms of latency, 1100×760, \(runs) runs")
        print(String(format: "  first screen whole in %.2f s (median; %@), %.0f KB across the link by then, main loop still for at most %.0f ms, %d tiles in view",
                     median(results.map(\.seconds)), results.map { String(format: "%.2f", $0.seconds) }.joined(separator: " / "),
                     median(results.map { Double($0.bytes) / 1_000 }), results.map(\.longestGap).max() ?? 0, results.first?.tilesInView ?? 0))
        printTileTimes(results)
    }

    @MainActor
    private func galleryFirstScreen(server: BenchServer) throws -> Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-slow-gallery-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        Interruption.removeIfStopped(folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try waitForTheLinkToBeIdle(server)
        let pictures = CompositionRoot.galleryPictures(paths: AppPaths(root: folder))
        let pipeline = ImagePipeline(client: CurlHTTPClient(), configuration: .init(diskFolder: folder.appendingPathComponent("cache")),
                                     sources: [CompositionRoot.keptPictureSource([pictures])],
                                     decoders: [SandboxedImageDecoder.prepared()])
        let repository = FileGalleryRepository(url: folder.appendingPathComponent("gallery.json"),
                                               firstRunItems: GalleryFirstRun.items(base: server.base))
        let page = GalleryPage(model: GalleryViewModel(repository: repository, pictures: pictures), pipeline: pipeline) { nil }
        let window = Window()
        window.setDefaultSize(width: 1100, height: 760)
        window.add(page.widget)
        defer { window.destroy() }
        return try watchFirstScreen(server: server, window: window, case: "gallery", done: { page.showsContentInView },
                                    pictures: { page.picturesInView.map { (key: $0.item, image: $0.image) } })
    }

    /// Shows `window` until `done`: time, bytes, longest hold, each tile's times.
    @MainActor
    private func watchFirstScreen(server: BenchServer, window: Window, case name: String, done: @MainActor () -> Bool,
                                  pictures: @MainActor () -> [(key: String, image: ImageView)]) throws -> Run {
        let sentBefore = try linkBytes(server)
        let start = ContinuousClock.now
        window.showAll()
        // Asked at least every 5 ms: the longest gap is the longest hold.
        var last = ContinuousClock.now, longest = Duration.zero, tiles = TileTimes()
        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        let shown = GtkRuntime.iterate(until: {
            let now = ContinuousClock.now
            longest = max(longest, now - last)
            last = now
            tiles.look(at: pictures(), after: seconds(now - start))
            return done()
        }, timeout: .seconds(120), wakeEvery: .milliseconds(5))
        guard shown else {
            let shows = pictures().map { picture in
                switch picture.image.content {
                case .image: "picture"
                case .icon(let name): name
                case .empty: "empty"
                }
            }
            throw BenchError(description: "the first screen never showed whole (\(name)); the tiles in view show: "
                             + Dictionary(grouping: shows, by: { $0 }).map { "\($0.value.count) \($0.key)" }.sorted().joined(separator: ", "))
        }
        var run = Run(seconds: seconds(ContinuousClock.now - start), bytes: try linkBytes(server) - sentBefore,
                      tilesInView: pictures().count)
        run.longestGap = seconds(longest) * 1_000
        try tiles.summarize(pictures().map(\.key), into: &run)
        return run
    }

    /// Opens a feed page with an empty disk cache and waits for its first screen.
    @MainActor
    private func firstScreen(server: BenchServer, savingData: Bool) throws -> Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-slow-link-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        Interruption.removeIfStopped(folder)
        try waitForTheLinkToBeIdle(server)
        let backend = Backend(base: server.base)
        let pipeline = ImagePipeline(client: CurlHTTPClient(), configuration: .init(diskFolder: folder),
                                     decoders: [VideoFrameDecoder(), SandboxedImageDecoder.prepared()])
        let model = FeedViewModel(repository: LiveFeedRepository(client: CurlHTTPClient()) { backend })
        let window = Window()
        window.setDefaultSize(width: 1100, height: 760)
        let page = FeedPage(model: model, pipeline: pipeline, backendReady: {}, dataSaving: DataSaving(alwaysSaves: savingData),
                            window: { nil }) { _, _ in nil }
        window.add(page.widget)
        defer { window.destroy() }
        _ = try requestOrder(server)
        var run = try watchFirstScreen(server: server, window: window, case: savingData ? "saving data" : "prefetching",
                                       done: { page.showsContentInView },
                                       pictures: {
                                           // A clip's tile that leaves its poster out has no picture to wait for.
                                           page.tilesInView.filter { !$0.leavesPosterOut }.map { (key: $0.post.id, image: $0.image) }
                                       })
        let asked = try requestOrder(server)
        let inView = Set(page.tilesInView.map(\.post.url.path))
        let marks = asked.map { path in path.contains("select") ? "P" : inView.contains(path) ? "V" : "A" }
        let lastInView = marks.lastIndex(of: "V") ?? 0
        run.aheadBeforeLastInView = marks[..<lastInView].filter { $0 == "A" }.count
        run.requests = asked.count
        run.order = marks.joined()
        return run
    }

    /// Waits for a quiet second, so a run's leftovers do not take the next's link.
    @MainActor
    private func waitForTheLinkToBeIdle(_ server: BenchServer) throws {
        var sent = try linkBytes(server), quietSince = ContinuousClock.now
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now - quietSince < .seconds(1) {
            guard ContinuousClock.now < deadline else { throw BenchError(description: "the link never went quiet") }
            GtkRuntime.iterate(until: { false }, timeout: .milliseconds(200))
            let now = try linkBytes(server)
            if now != sent { sent = now; quietSince = ContinuousClock.now }
        }
    }

    /// What the server says has crossed its link so far, asked with the main loop turning.
    @MainActor
    private func linkBytes(_ server: BenchServer) throws -> Int {
        let data = try serverSays(server, "stats/link")
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any], let sent = object["sent"] as? Int else {
            throw BenchError(description: "the server told no link figures")
        }
        return sent
    }

    /// The paths the server was asked for since the last time, in order.
    @MainActor
    private func requestOrder(_ server: BenchServer) throws -> [String] {
        let data = try serverSays(server, "stats")
        _ = try serverSays(server, "stats/reset", post: true)
        guard let clients = try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]] else { return [] }
        return clients.values.flatMap { ($0["recent"] as? [String]) ?? [] }
            .map { $0.split(separator: "?").first.map(String.init) ?? $0 }
    }

    @MainActor
    private func serverSays(_ server: BenchServer, _ path: String, post: Bool = false) throws -> Data {
        let url = server.base.appendingPathComponent(path)
        let answer = LinkAnswer()
        Task.detached {
            do throws(HTTPError) {
                answer.set(.success(try await CurlHTTPClient().send(HTTPRequest(url: url, method: post ? .post : .get)).body))
            } catch {
                answer.set(.failure(error))
            }
        }
        guard GtkRuntime.iterate(until: { answer.value != nil }, timeout: .seconds(10)), let data = try answer.value?.get() else {
            throw BenchError(description: "the server did not answer \(path)")
        }
        return data
    }
}

private final class LinkAnswer: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<Data, HTTPError>?
    func set(_ result: Result<Data, HTTPError>) { lock.withLock { stored = result } }
    var value: Result<Data, HTTPError>? { lock.withLock { stored } }
}
