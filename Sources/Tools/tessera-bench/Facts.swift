import App
import ArgumentParser
import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import Networking
import Repositories
import HelperClients

/// Facts feeds of 1,000 to 100,000 rows: arrival, hand-over, cards, frames, memory.
struct FactsBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "facts",
                                                    abstract: "Facts feeds of 1,000 to 100,000 rows: showing, scrolling, memory.")

    @Option(parsing: .upToNextOption, help: "Rows in the feeds measured, in turn.") var rows = [1_000, 10_000, 100_000]
    @Option(help: "Pixels scrolled per frame.") var speed = 120.0
    @Option(help: "Frames scrolled.") var frames = 600

    func run() throws {
        try runWithGTK { try measure() }
    }

    struct Run {
        var rows = 0
        /// From the page's first frame to the feed reaching it (network, JSON, off the main thread).
        var feed = 0.0
        /// The main thread's time handing the feed to the grid.
        var handOver = 0.0
        /// From the feed reaching the page to the first frame with the cards in view whole.
        var shown = 0.0
        var intervals = FrameIntervals(frameTimes: [])
        var residentShown = 0
        var residentScrolled = 0
        var cardsMade = 0
    }

    @MainActor
    private func measure() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-facts-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        var runs: [Run] = []
        for count in rows {
            runs.append(try measure(rows: count, diskFolder: folder.appendingPathComponent("\(count)")))
        }
        print("facts: feeds of \(rows.map(String.init).joined(separator: ", ")) rows, 1100×760, scrolled \(Int(speed)) px a frame for \(frames) frames")
        for run in runs {
            print(String(format: "  %6d rows: feed came in %7.1f ms; handed to the grid in %5.1f ms (main thread); cards in view whole %6.1f ms after",
                         run.rows, run.feed, run.handOver, run.shown))
            print(String(format: "               frames at or under 20 ms %.1f%% (target >= 99.5), median %.1f ms, longest %.1f ms, stalls over 50 ms: %d (target 0)",
                         run.intervals.withinTwentyMilliseconds, run.intervals.typical, run.intervals.longest, run.intervals.stalls.count))
            print(String(format: "               resident memory shown %.1f MB, after scrolling %.1f MB; cards made %d",
                         Double(run.residentShown) / 1e6, Double(run.residentScrolled) / 1e6, run.cardsMade))
        }
        if let ten = runs.first(where: { $0.rows == 10_000 }), let hundred = runs.first(where: { $0.rows == 100_000 }) {
            let ratio = (hundred.handOver + hundred.shown) / max(ten.handOver + ten.shown, 0.001)
            print(String(format: "  100,000 against 10,000, from the feed reaching the page to the cards shown: ratio %.2f (target <= 1.2)", ratio))
            print(String(format: "  the same from the page's first frame, the feed's download and JSON included: ratio %.2f",
                         (hundred.feed + hundred.handOver + hundred.shown) / max(ten.feed + ten.handOver + ten.shown, 0.001)))
        }
        if let base = runs.first {
            for run in runs.dropFirst() {
                print(String(format: "  %d rows against the baseline of %d: handed over x%.2f, shown x%.2f, resident x%.2f",
                             run.rows, base.rows, run.handOver / max(base.handOver, 0.001), run.shown / max(base.shown, 0.001),
                             Double(run.residentScrolled) / Double(max(base.residentScrolled, 1))))
            }
        }
    }

    @MainActor
    private func measure(rows count: Int, diskFolder: URL) throws -> Run {
        let server = try BenchServer(factsRows: count)
        defer { server.stop() }
        let backend = Backend(base: server.base)
        let pipeline = ImagePipeline(client: CurlHTTPClient(), configuration: .init(diskFolder: diskFolder),
                                     decoders: [SandboxedImageDecoder.prepared()])
        let model = FactsViewModel(repository: LiveFactsRepository(client: CurlHTTPClient(), backend: backend))
        let window = Window()
        window.setDefaultSize(width: 1100, height: 760)
        let page = FactsPage(model: model, pipeline: pipeline, open: { _, _ in })
        var run = Run(rows: count)
        var arrived: Int64?
        let render = model.onChange
        model.onChange = { state in
            let start = monotonicNanoseconds()
            render?(state)
            if arrived == nil, state.phase == .loaded {
                arrived = start
                run.handOver = Double(monotonicNanoseconds() - start) / 1e6
            }
        }
        window.add(page.widget)
        var firstFrame: Int64?
        window.onNextDraw { firstFrame = monotonicNanoseconds() }
        window.showAll()
        guard GtkRuntime.iterate(until: { arrived != nil }, timeout: .seconds(120), wakeEvery: .milliseconds(5)),
              let arrived, let firstFrame else {
            throw BenchError(description: "the feed of \(count) rows never came")
        }
        run.feed = Double(arrived - firstFrame) / 1e6
        // The first frame that draws the cards in view whole, pictures painted.
        var shownAt: Int64?
        let watch = window.addTickCallback { _ in
            guard page.showsContentInView else { return true }
            window.onNextDraw { shownAt = monotonicNanoseconds() }
            // A page that has settled draws nothing more by itself: the frame is asked for.
            window.queueDraw()
            return false
        }
        _ = watch
        guard GtkRuntime.iterate(until: { shownAt != nil }, timeout: .seconds(60), wakeEvery: .milliseconds(1)), let shownAt else {
            throw BenchError(description: "the cards of \(count) rows never showed")
        }
        run.shown = Double(shownAt - arrived) / 1e6
        run.residentShown = residentBytes()

        var times: [Int64] = []
        let frames = self.frames, speed = self.speed
        let scroll = window.addTickCallback { time in
            times.append(time)
            page.scroll.value = min(page.scroll.upper - page.scroll.pageSize, page.scroll.value + speed)
            return times.count < frames
        }
        _ = scroll
        try waitOrFail("\(frames) frames of scrolling", timeout: .seconds(120), wakeEvery: .milliseconds(1)) { times.count >= frames }
        run.intervals = FrameIntervals(frameTimes: times)
        run.residentScrolled = residentBytes()
        run.cardsMade = page.cardsMade
        window.destroy()
        return run
    }
}
