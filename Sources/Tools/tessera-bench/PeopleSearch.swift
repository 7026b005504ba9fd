import App
import ArgumentParser
import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import Networking
import Persistence
import Repositories

/// People's search a key at a time over `--count` people against the seed's 20.
struct PeopleSearchBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "people-search",
                                                    abstract: "People's search typed a key at a time over many people.")

    @Option(help: "People in the list.") var count = 10_000

    static let familyNames = ["Smith", "Novak", "Ivanova", "García", "Müller", "Okafor", "Tanaka", "Dubois", "Rossi", "Kowalski",
                              "Nguyen", "Haddad", "Jensen", "O'Brien", "Silva", "Larsen", "Petrov", "Costa", "Weber", "Şahin"]
    /// Typed a key at a time, each word then cleared as a person does.
    static let typed = ["mar", "jo ", "ivan", "müller", "zz"]

    struct Run {
        var people = 0
        var built = 0.0
        var handler: [Double] = []
        var toFrame: [Double] = []
        /// What the search held after each key ("" after a word is cleared), as `handler`.
        var texts: [String] = []
    }

    func run() throws {
        try runWithGTK {
            let baseline = try measure(people: Person.seedNames.count)
            let many = try measure(people: count)
            for run in [baseline, many] {
                print(String(format: "people-search: %d people, the list built in %.0f ms; %d keys", run.people, run.built, run.handler.count))
                print(String(format: "  main loop in the search, a key: median %.2f ms, worst %.2f ms (target <= 4 at 10,000)",
                             median(run.handler), run.handler.max() ?? 0))
                let slowest = zip(run.texts, run.handler).sorted { $0.1 > $1.1 }.prefix(3)
                print("  slowest keys: " + slowest.map { String(format: "\"%@\" %.2f ms", $0.0, $0.1) }.joined(separator: ", "))
                print(String(format: "  to the next frame drawn (%d keys that changed the list): median %.1f ms, worst %.1f ms",
                             run.toFrame.count, median(run.toFrame), run.toFrame.max() ?? 0))
            }
            print(String(format: "  %d people against %d: main loop a key x%.1f (medians)", many.people, baseline.people,
                         median(many.handler) / max(median(baseline.handler), 0.001)))
        }
    }

    @MainActor
    private func measure(people count: Int) throws -> Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-people-\(getpid())-\(count)")
        defer { try? FileManager.default.removeItem(at: folder) }
        Interruption.removeIfStopped(folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = PeopleStore(database: LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite")))
        let names = (0..<count).map { index in
            count <= Person.seedNames.count ? Person.seedNames[index]
                : "\(Person.seedNames[index % 20]) \(Self.familyNames[(index / 20) % 20])\(index >= 400 ? " \(index / 400)" : "")"
        }
        try runBlocking { _ = try await store.seedIfEmpty(names: names) }
        // Avatars from a port nobody listens on: they fail at once, and the search is what is measured.
        let downloader = AvatarDownloader(store: store) { Backend(base: URL(string: "http://127.0.0.1:9/")!) }
        let model = PeopleViewModel(store: store, downloader: downloader)
        let page = PeoplePage(model: model, pipeline: ImagePipeline(client: CurlHTTPClient(), decoders: []),
                              avatarsServer: { URL(string: "http://127.0.0.1:9/")! }) { _, _ in }
        let window = Window()
        window.setDefaultSize(width: 1100, height: 760)
        defer { window.destroy() }
        window.add(page.widget)
        window.showAll()
        var run = Run(people: count)
        let start = monotonicNanoseconds()
        Task { await model.start() }
        guard GtkRuntime.iterate(until: { model.state.people.count == count && page.isSettled }, timeout: .seconds(300), wakeEvery: .milliseconds(5)) else {
            throw BenchError(description: "the list of \(count) people was never built")
        }
        var drawn = false
        window.onNextDraw { drawn = true }
        try waitOrFail("the list drawn", timeout: .seconds(60), wakeEvery: .milliseconds(1)) { drawn }
        run.built = Double(monotonicNanoseconds() - start) / 1e6
        for word in Self.typed {
            var text = ""
            for key in word + "\u{8}" {
                if key == "\u{8}" { text = "" } else { text.append(key) }
                let pressed = monotonicNanoseconds()
                model.search(text)
                run.handler.append(Double(monotonicNanoseconds() - pressed) / 1e6)
                run.texts.append(text)
                // A key that changes nothing shown draws no frame: only keys that do are timed.
                var framed = false
                window.onNextDraw { framed = true }
                if GtkRuntime.iterate(until: { framed }, timeout: .seconds(5), wakeEvery: .milliseconds(1)) {
                    run.toFrame.append(Double(monotonicNanoseconds() - pressed) / 1e6)
                }
            }
        }
        return run
    }
}
