import App
import ArgumentParser
import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import SandboxedDecoding
import Networking
import Repositories
import Video

/// The feed opened for the first time over a slow link that every answer shares (1 Mbit/s and
/// 300 ms by default, a tethered phone's): the time until the first screen shows whole, the bytes
/// that crossed the link by then, and the longest the main loop went without turning meanwhile.
/// Each run is made twice, alternating: as the app does (tiles a screen ahead are made and load
/// their pictures), and saving data (nothing loads that is not on screen), which is the baseline:
/// what is in view should come first, so prefetching should cost the first screen nothing.
struct SlowLinkBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "slow-link",
                                                    abstract: "The feed's first screen over a slow shared link, prefetching and not.")

    @Option(help: "The link's rate, in kilobits a second.") var kbps = 1_000
    @Option(help: "The link's latency, in milliseconds.") var latencyMs = 300
    @Option(help: "Runs of each case.") var runs = 3

    struct Run {
        var seconds = 0.0
        var bytes = 0
        var longestGap = 0.0
        var tilesInView = 0
        /// Of the requests the server had by the first screen, those for items ahead of the view
        /// made before the last one for an item in view, and the requests in all.
        var aheadBeforeLastInView = 0
        var requests = 0
        /// The order the server was asked in, as letters: V in view, A ahead, P a page of posts.
        var order = ""
    }

    func run() throws {
        try runWithGTK { try measure() }
    }

    @MainActor
    private func measure() throws {
        let server = try BenchServer(feedPosts: 10_000, link: (kbps, latencyMs))
        defer { server.stop() }
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
    }

    /// Opens a feed page with an empty disk cache and waits for its first screen.
    @MainActor
    private func firstScreen(server: BenchServer, savingData: Bool) throws -> Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-slow-link-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
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
        let sentBefore = try linkBytes(server)
        _ = try requestOrder(server)
        let start = ContinuousClock.now
        window.showAll()
        // The condition is asked at least every 5 ms while the main loop turns: the longest time
        // between two asks is the longest the main loop was held.
        var last = ContinuousClock.now, longest = Duration.zero
        let shown = GtkRuntime.iterate(until: {
            let now = ContinuousClock.now
            longest = max(longest, now - last)
            last = now
            return page.showsContentInView
        }, timeout: .seconds(120), wakeEvery: .milliseconds(5))
        let elapsed = ContinuousClock.now - start
        guard shown else {
            let tiles = page.tilesInView.map { tile in
                switch tile.image.content {
                case .image: "picture"
                case .icon(let name): name
                case .empty: "empty"
                }
            }
            window.destroy()
            throw BenchError(description: "the first screen never showed whole (\(savingData ? "saving data" : "prefetching")); the tiles in view show: "
                             + Dictionary(grouping: tiles, by: { $0 }).map { "\($0.value.count) \($0.key)" }.sorted().joined(separator: ", "))
        }
        var run = Run(seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                      bytes: try linkBytes(server) - sentBefore, tilesInView: page.tilesInView.count)
        let asked = try requestOrder(server)
        let inView = Set(page.tilesInView.map(\.post.url.path))
        let marks = asked.map { path in path.contains("select") ? "P" : inView.contains(path) ? "V" : "A" }
        let lastInView = marks.lastIndex(of: "V") ?? 0
        run.aheadBeforeLastInView = marks[..<lastInView].filter { $0 == "A" }.count
        run.requests = asked.count
        run.order = marks.joined()
        run.longestGap = Double(longest.components.attoseconds) / 1e15 + Double(longest.components.seconds) * 1_000
        window.destroy()
        return run
    }

    /// Waits until nothing has crossed the link for a second: what an earlier run left going
    /// (loads nobody waits for end a second later) would take this run's link.
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
