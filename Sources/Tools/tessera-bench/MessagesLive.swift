import App
import ArgumentParser
import Domain
import Features
import Foundation
import Gtk
import HelperClients
import ImagePipeline
import Networking
import Persistence
import Repositories

/// The chat while others write: scrolling as messages arrive, each poll's messages on screen, memory over minutes.
struct MessagesLiveBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "messages-live",
                                                    abstract: "Chat with 10,000 messages while the server adds one a second: frames while scrolling, each poll's messages on screen, memory.")

    @Option(help: "Messages on the server at the start.") var count = 10_000
    @Option(help: "Seconds between the server's new messages.") var every = 1.0
    @Option(help: "Seconds between asks for the newest page (the app's default is 30).") var poll = 30.0
    @Option(help: "Pages scrolled up (then back down) while messages arrive.") var pages = 50
    @Option(help: "Minutes at the newest, polling, after the scrolling.") var minutes = 10.0

    func run() throws {
        try runWithGTK { try measure() }
    }

    @MainActor
    private func measure() throws {
        let server = try BenchServer(messages: count, chatter: every)
        defer { server.stop() }
        let backend = Backend(base: server.base)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-messages-live-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (model, window, page) = MessagesBench.chat(backend: backend, folder: folder)
        window.add(page.widget)
        window.showAll()
        try waitOrFail("the first page", timeout: .seconds(10)) { model.state.timeline.nextOffset > 0 }
        GtkRuntime.iterate(until: { false }, timeout: .milliseconds(300), wakeEvery: .milliseconds(5))

        // Asks as the app's polling does; the time each answer was taken in.
        var answers: [Int64] = []
        let polling = Task { @MainActor in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(poll))
                await model.askNewest()
                answers.append(monotonicNanoseconds())
            }
        }
        defer { polling.cancel() }

        // Up `pages` pages at 60 px a frame, then down to the newest, while messages arrive.
        var up: [Int64] = [], down: [Int64] = []
        let startOffset = model.state.timeline.nextOffset
        let pageSize = max(1, startOffset)
        let scrollUp = window.addTickCallback { time in
            up.append(time)
            page.adjustment.value = max(0, page.adjustment.value - 60)
            return true
        }
        try waitOrFail("\(pages) pages up", timeout: .seconds(max(120, pages * 2)), wakeEvery: .milliseconds(1)) {
            model.state.timeline.nextOffset - startOffset >= pages * pageSize || model.state.paging == .ended
        }
        window.removeTickCallback(scrollUp)
        let scrollDown = window.addTickCallback { time in
            down.append(time)
            page.adjustment.value = min(page.adjustment.maximumValue, page.adjustment.value + 60)
            return true
        }
        func atNewest() -> Bool { page.adjustment.value >= page.adjustment.upper - page.adjustment.pageSize - 1 }
        try waitOrFail("back at the newest", timeout: .seconds(max(120, pages * 2)), wakeEvery: .milliseconds(1)) {
            atNewest() && down.count > 10
        }
        window.removeTickCallback(scrollDown)

        // At the newest: after each poll, the server's newest message on screen, and memory each minute.
        let checker = LiveMessagesRepository(client: CurlHTTPClient()) { backend }
        var checks: [(inChat: Bool, atNewest: Bool, toFrame: Double)] = []
        var resident: [Int] = [residentBytes()]
        let sitStart = monotonicNanoseconds(), sitLength = Int64(minutes * 60 * 1e9)
        func minutesSat() -> Int { Int((monotonicNanoseconds() - sitStart) / 60_000_000_000) }
        var checkedPolls = answers.count
        while monotonicNanoseconds() - sitStart < sitLength {
            let minute = minutesSat()
            GtkRuntime.iterate(until: { answers.count > checkedPolls || minutesSat() > minute },
                               timeout: .seconds(Int(poll) + 61), wakeEvery: .milliseconds(5))
            if minutesSat() > minute { resident.append(residentBytes()) }
            guard answers.count > checkedPolls, let answered = answers.last else { continue }
            checkedPolls = answers.count
            var drawn: Int64?
            window.onNextDraw { drawn = monotonicNanoseconds() }
            try waitOrFail("a frame after the poll", timeout: .seconds(5), wakeEvery: .milliseconds(1)) { drawn != nil }
            let serverNewest = try Self.newestArrival(checker)
            let atEnd = atNewest()
            // The server may have added one since the poll's answer: then the one before it must show.
            let shownNewest = Self.newestArrival(in: model.state.visible)
            let inChat = shownNewest >= serverNewest - 1
            if !inChat, checks.allSatisfy(\.inChat) {
                print("  first miss: \(shownNewest) the newest held, \(serverNewest) on the server; \(model.state.timeline.releasedBelow) let go below, \(model.state.unread) unread")
            }
            checks.append((inChat, atEnd, Double((drawn ?? answered) - answered) / 1e6))
            // Read as a person does: down to the newest, so what is below the line is not let go.
            page.adjustment.value = page.adjustment.upper - page.adjustment.pageSize
        }
        resident.append(residentBytes())
        polling.cancel()
        withExtendedLifetime(page) { window.destroy() } // the page's handlers are its own, as in `messages`

        let numbers = model.state.visible.compactMap { message -> Int? in
            if case .server(let number) = message.origin { number } else { nil }
        }
        let duplicates = numbers.count - Set(numbers).count
        let texts = model.state.visible.map(\.text)
        let repeatedTexts = texts.count - Set(texts).count
        let gaps = zip(numbers, numbers.dropFirst()).filter { $0 - $1 != 1 }.count

        func intervals(_ times: [Int64]) -> [Double] { zip(times, times.dropFirst()).map { Double($1 - $0) / 1000 } }
        let upIntervals = intervals(up), downIntervals = intervals(down)
        print("messages-live: \(count) on the server, one more every \(every) s; polled every \(poll) s; 900×700 window, 60 px a frame")
        print("  scrolling up \(pages) pages: frames over 50 ms \(upIntervals.filter { $0 > 50 }.count) of \(upIntervals.count), longest \(String(format: "%.1f", upIntervals.max() ?? 0)) ms   (target 0)")
        print("  scrolling back down: frames over 50 ms \(downIntervals.filter { $0 > 50 }.count) of \(downIntervals.count), longest \(String(format: "%.1f", downIntervals.max() ?? 0)) ms")
        print("  polls at the newest: \(checks.count); the server's newest in the chat after \(checks.filter(\.inChat).count)   (target: all)")
        print("  the view at the newest after \(checks.filter(\.atNewest).count) (more than fit stop at the \"New messages\" line)")
        if !checks.isEmpty { // none with --minutes 0
            print(String(format: "  answer to its frame: median %.1f ms, longest %.1f ms", median(checks.map(\.toFrame)), checks.map(\.toFrame).max() ?? 0))
        }
        print("  held server messages: \(numbers.count); out of order or missing: \(gaps); the same number twice: \(duplicates); the same text twice: \(repeatedTexts)   (target 0, 0, 0)")
        let megabytes = resident.map { String(format: "%.1f", Double($0) / 1e6) }.joined(separator: ", ")
        print("  resident memory at each minute at the newest (MB): \(megabytes)")
        if resident.count > 2 {
            let first = Double(resident[1]), last = Double(resident[resident.count - 1])
            print(String(format: "  from minute 1 to the end: %+.1f %%   (target: flat, within 5 %%)", (last - first) / first * 100))
        }
    }

    /// k of the newest "A new message (k)" the server has now (0 when none came).
    @MainActor
    private static func newestArrival(_ repository: LiveMessagesRepository) throws -> Int {
        var texts: [String]?
        Task { @MainActor in texts = (try? await repository.page(at: 0)) ?? [] }
        try waitOrFail("the server's newest page", timeout: .seconds(10), wakeEvery: .milliseconds(1)) { texts != nil }
        return (texts ?? []).compactMap(arrival(in:)).max() ?? 0
    }

    private static func newestArrival(in messages: some Sequence<ChatMessage>) -> Int {
        messages.compactMap { arrival(in: $0.text) }.max() ?? 0
    }

    private static func arrival(in text: String) -> Int? {
        guard text.hasPrefix("A new message ("), text.hasSuffix(")") else { return nil }
        return Int(text.dropFirst("A new message (".count).dropLast())
    }
}
