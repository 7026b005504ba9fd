import Domain
import Foundation
import Logging
import Networking
import Persistence
import Repositories

/// `startup --restored`: exec to the first frame with content, a section reopening where it was left against
/// the same section opening at its start, from the same saved pages, in the same run, alternating.
struct RestoredStartup {
    let runs: Int
    let tessera: URL
    let environment: [String: String]
    let work: URL

    private struct Case {
        let name: String
        let section: Section
        var place: ListPlace?
        var viewer: ViewerPlace?
        /// What the app reports in the frame with content: the list's top item, and the viewer's picture and zoom.
        var expected: String { "content-place \(place?.key ?? "top")" + (viewer.map { "\ncontent-viewer \($0.itemID) \($0.zoom ?? 0)" } ?? "") }
    }

    func run() throws {
        let server = try BenchServer(feedPosts: 3_300, messages: 2_200)
        defer { server.stop() }
        let posts = try Self.feedPosts(from: server.base, atLeast: 3_001)
        guard let picture = posts.first(where: { $0.kind == .image }) else { throw BenchError(description: "the feed has no picture") }
        let cases = [
            Case(name: "the chat, 2,000 messages up", section: .messages, place: ListPlace(key: "server 2000", index: 0, offset: 0)),
            Case(name: "the feed, 3,000 posts down", section: .feed, place: ListPlace(key: posts[3_000].id, index: 3_000, offset: 0)),
            Case(name: "the feed's viewer, a picture at 200 %", section: .feed,
                 viewer: ViewerPlace(itemID: picture.id, zoom: 2, centerX: 0.3, centerY: 0.6)),
        ]
        print("startup --restored: exec to the first frame with the section's content, median of \(runs), alternating;")
        print("  restored: the section reopening where it was left (its saved pages read back, pages asked where they do")
        print("  not reach); at its start: the same section, profile and saved pages, the place not kept")
        print("                                              at start   restored   ratio   place in that frame")
        for item in cases {
            let data = work.appendingPathComponent("restored-\(item.section.rawValue)-\(item.viewer == nil ? "list" : "viewer")")
            // Twice to the place: its pages and pictures are saved, as after a day of use.
            for _ in 0..<2 { _ = try launch(item, restoring: true, in: data, backend: server.base) }
            var start: [Double] = [], restored: [Double] = [], reached = 0
            for _ in 0..<runs {
                start.append(try launch(item, restoring: false, in: data, backend: server.base).milliseconds)
                let run = try launch(item, restoring: true, in: data, backend: server.base)
                restored.append(run.milliseconds)
                if run.reached { reached += 1 }
            }
            let ratio = median(restored) / median(start)
            print("  " + item.name.padding(toLength: 42, withPad: " ", startingAt: 0)
                  + String(format: "%8.1f ms %8.1f ms  %6.2f   %d of %d (target: within 1.10, every one)", median(start), median(restored),
                           ratio, reached, runs))
        }
    }

    /// One launch to the frame with content; `reached`: that frame showed the place (restoring) or the start.
    private func launch(_ item: Case, restoring: Bool, in data: URL, backend: URL) throws -> (milliseconds: Double, reached: Bool) {
        var settings = AppSettings.defaults
        settings.lastSection = item.section
        if restoring {
            settings.listPlaces[item.section.rawValue] = item.place
            settings.viewers[item.section.rawValue] = item.viewer
        }
        let store = SettingsStore(url: AppPaths(root: data).config.appendingPathComponent("settings.json"), logger: Logger(label: "bench"))
        store.save(settings)
        store.flush()
        // The first-frame report: a launch that reads its settings, as a person's (the content-drawn one does not).
        let launch = try timeToMarker([tessera.path, "--data-dir", data.path, "--backend", backend.absoluteString,
                                       "--report-first-frame"], "content-drawn-ns", environment: environment)
        let reported = launch.lines.filter { $0.hasPrefix("content-place ") || $0.hasPrefix("content-viewer ") }.joined(separator: "\n")
        let expected = restoring ? item.expected : Case(name: "", section: item.section).expected
        return (launch.milliseconds, reported == expected)
    }

    /// The feed's posts from the newest, at least `count` of them, as the app's repository reads them.
    private static func feedPosts(from base: URL, atLeast count: Int) throws -> [MediaPost] {
        let posts = LockedPosts()
        try runBlocking {
            let repository = LiveFeedRepository(client: CurlHTTPClient()) { Backend(base: base) }
            var all: [MediaPost] = []
            while all.count < count {
                let page = try await repository.page(after: all.last?.id ?? "")
                guard !page.isEmpty else { break }
                all += page
            }
            posts.set(all)
        }
        guard posts.value.count >= count else { throw BenchError(description: "the feed has \(posts.value.count) posts, fewer than \(count)") }
        return posts.value
    }
}

private final class LockedPosts: @unchecked Sendable {
    private let lock = NSLock()
    private var posts: [MediaPost] = []
    var value: [MediaPost] { lock.withLock { posts } }
    func set(_ new: [MediaPost]) { lock.withLock { posts = new } }
}
