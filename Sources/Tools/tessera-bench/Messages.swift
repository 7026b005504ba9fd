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

/// 10,000 messages scrolled up: prepends, frames against scrolling down, memory; paging, search, draft.
struct MessagesBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "messages",
                                                    abstract: "Chat with 10,000 messages: prepend cost, frame intervals, memory; search over 100,000; the draft's cost per key.")

    @Option(help: "Messages on the server.") var count = 10_000
    @Option(help: "Stop scrolling up after this many pages (default: the beginning of the chat), to compare counts at one depth.")
    var pages: Int?

    func run() throws {
        try runWithGTK { try measure() }
    }

    @MainActor
    private func measure() throws {
        let count = self.count, pages = self.pages ?? Int.max
        let server = try BenchServer(messages: count)
        let backend = Backend(base: server.base)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-messages-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }

        let (model, window, page) = Self.chat(backend: backend, folder: folder)
        // Main-thread time of rendering each prepend (the page's own handler, timed).
        var prepends: [Double] = []
        let render = model.onChange
        model.onChange = { state, change in
            let start = monotonicNanoseconds()
            render?(state, change)
            if case .prepended? = change { prepends.append(Double(monotonicNanoseconds() - start) / 1e6) }
        }
        window.add(page.widget)
        window.showAll()
        guard GtkRuntime.iterate(until: { model.state.timeline.nextOffset > 0 }, timeout: .seconds(10)) else {
            throw BenchError(description: "the first page never came")
        }

        GtkRuntime.iterate(until: { false }, timeout: .milliseconds(300), wakeEvery: .milliseconds(5))
        let firstPageResident = residentBytes()
        let timing = FrameTiming(widget: window)
        // Up: 60 px a frame until the beginning of the conversation.
        var up: [Int64] = []
        let scrollUp = window.addTickCallback { time in
            up.append(time)
            page.adjustment.value = max(0, page.adjustment.value - 60)
            return true
        }
        // Some 0.25 s a page here; 100,000 messages take some 20 minutes.
        let deadline = Duration.seconds(max(300, count / 20))
        guard GtkRuntime.iterate(until: { model.state.paging == .ended || prepends.count >= pages }, timeout: deadline,
                                 wakeEvery: .milliseconds(1)) else {
            throw BenchError(description: "never reached the beginning (\(model.state.timeline.nextOffset) loaded)")
        }
        window.removeTickCallback(scrollUp)
        GtkRuntime.iterate(until: { false }, timeout: .milliseconds(300), wakeEvery: .milliseconds(5))
        let topResident = residentBytes()
        let held = model.state.timeline.heldServerCount, loaded = model.state.timeline.serverRows
        let split = residentSplit(), allocator = LargeAllocations.totals()

        // Down again over loaded messages, for the baseline.
        var down: [Int64] = []
        let scrollDown = window.addTickCallback { time in
            down.append(time)
            page.adjustment.value = min(page.adjustment.maximumValue, page.adjustment.value + 60)
            return down.count < 300
        }
        try waitOrFail("300 frames of scrolling down", timeout: .seconds(30), wakeEvery: .milliseconds(1)) { down.count >= 300 }
        _ = scrollDown
        window.destroy()
        let back = try Self.pageBack(to: min(5_000, count), backend: backend, folder: folder.appendingPathComponent("back"))
        server.stop()

        func intervals(_ times: [Int64]) -> [Double] { zip(times, times.dropFirst()).map { Double($1 - $0) / 1000 } }
        let upIntervals = intervals(up), downIntervals = intervals(down)
        let baseline = median(downIntervals)
        let longest = upIntervals.max() ?? 0
        let sorted = upIntervals.sorted()
        let p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        print("messages: \(count) on the server (\(prepends.count) pages prepended\(pages < Int.max ? ", stopped there" : "")), 900×700 window, 60 px a frame")
        print(String(format: "  prepend, main thread, first page    %8.2f ms", prepends.first ?? 0))
        print(String(format: "  prepend, main thread, last page     %8.2f ms   (target <= 4, as page 10)", prepends.last ?? 0))
        print(String(format: "  prepend, main thread, page 10       %8.2f ms", prepends.count > 9 ? prepends[9] : 0))
        print(String(format: "  prepend, main thread, longest       %8.2f ms   (target <= 4)", prepends.max() ?? 0))
        // Fifty early against fifty deep pages: does depth cost anything.
        let early = median(Array(prepends.dropFirst().prefix(50))), deep = median(Array(prepends.suffix(50)))
        print(String(format: "  prepend, median of pages 2–51       %8.2f ms", early))
        print(String(format: "  prepend, median of the last 50      %8.2f ms   ratio %.2f (target: the same)", deep, early > 0 ? deep / early : 0))
        print(String(format: "  resident memory after the first page %7.1f MB, at the top %.1f MB: growth %.1f MB   (target <= 40)",
                     Double(firstPageResident) / 1e6, Double(topResident) / 1e6, Double(topResident - firstPageResident) / 1e6))
        print("  messages held at the top: \(held) of \(loaded) loaded (the rest let go, read back from the saved pages)")
        print(String(format: "  at the top: anonymous %.1f MB; malloc heap in use %.1f MB, of it SQLite's %.1f MB",
                     Double(split.anonymous) / 1e6, Double(allocator.inUse) / 1e6, Double(DatabaseMemory.inUse) / 1e6))
        if let timing {
            print(String(format: "  frame phases: layout longest %.1f ms (median %.2f), paint longest %.1f ms (median %.2f)",
                         timing.layouts.max() ?? 0, median(timing.layouts), timing.paints.max() ?? 0, median(timing.paints)))
        }
        print("  frames over 50 ms while scrolling up: \(upIntervals.filter { $0 > 50 }.count) of \(upIntervals.count)")
        print(String(format: "  frame interval scrolling down (baseline, median) %6.1f ms", baseline))
        print(String(format: "  frame interval scrolling up, 99th percentile      %6.1f ms   ratio %.2f", p99, p99 / max(baseline, 0.001)))
        print(String(format: "  frame interval scrolling up, longest              %6.1f ms   ratio %.2f", longest, longest / max(baseline, 0.001)))
        print(String(format: "  paging back to message %d (a search's find, a quote): %d messages loaded in %.0f ms, frames over 50 ms meanwhile: %d of %d (target 0), longest %.1f ms",
                     back.number, back.loaded, back.time, back.intervals.filter { $0 > 50 }.count, back.intervals.count, back.intervals.max() ?? 0))
        try MessagesSearchBench.measure(in: folder)
    }

    /// A chat with its pages saved as the app saves them (and so let go as it lets go of them), in a
    /// 900×700 window not shown yet.
    @MainActor
    static func chat(backend: Backend, folder: URL) -> (model: MessagesViewModel, window: Window, page: MessagesPage) {
        let database = LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite"))
        let model = MessagesViewModel(repository: LiveMessagesRepository(client: CurlHTTPClient()) { backend },
                                      store: LocalMessageStore(database: database), saved: SavedChatStore(database: database))
        let window = Window()
        window.setDefaultSize(width: 900, height: 700)
        let page = MessagesPage(model: model, pipeline: ImagePipeline(client: CurlHTTPClient(), decoders: [SandboxedImageDecoder.prepared()]),
                                backend: { backend }) { _, _ in }
        return (model, window, page)
    }

    /// Time and frames until message `number` shows in a new chat.
    @MainActor
    private static func pageBack(to number: Int, backend: Backend, folder: URL) throws
        -> (number: Int, loaded: Int, time: Double, intervals: [Double]) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let model = MessagesViewModel(repository: LiveMessagesRepository(client: CurlHTTPClient()) { backend },
                                      store: LocalMessageStore(database: LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite"))))
        let window = Window()
        window.setDefaultSize(width: 900, height: 700)
        let page = MessagesPage(model: model, pipeline: ImagePipeline(client: CurlHTTPClient(), decoders: [SandboxedImageDecoder.prepared()]),
                                backend: { backend }) { _, _ in }
        // The page outlives its window, as in `measure` (its widgets' handlers are its own).
        defer { withExtendedLifetime(page) { window.destroy() } }
        window.add(page.widget)
        window.showAll()
        guard GtkRuntime.iterate(until: { model.state.timeline.nextOffset > 0 }, timeout: .seconds(10)) else {
            throw BenchError(description: "the first page never came")
        }
        GtkRuntime.iterate(until: { false }, timeout: .milliseconds(300), wakeEvery: .milliseconds(5))
        let loadedBefore = model.state.timeline.nextOffset
        var frames: [Int64] = []
        let ticking = window.addTickCallback { time in
            frames.append(time)
            return true
        }
        var shown: Bool?
        let start = monotonicNanoseconds()
        Task { shown = await model.reveal(.server(number: number)) }
        guard GtkRuntime.iterate(until: { shown != nil }, timeout: .seconds(300), wakeEvery: .milliseconds(1)), shown == true else {
            throw BenchError(description: "message \(number) was never shown")
        }
        let time = Double(monotonicNanoseconds() - start) / 1e6
        window.removeTickCallback(ticking)
        return (number, model.state.timeline.nextOffset - loadedBefore, time, zip(frames, frames.dropFirst()).map { Double($1 - $0) / 1000 })
    }
}
