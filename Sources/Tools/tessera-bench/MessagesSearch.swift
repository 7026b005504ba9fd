import Domain
import Features
import Foundation
import GRDB
import Gtk
import Networking
import Persistence
import Repositories

/// Search over 100,000 indexed messages against a `LIKE` scan, rare words, and the draft's cost a key.
@MainActor
enum MessagesSearchBench {
    nonisolated static let stored = 100_000
    nonisolated static let words = ["meeting", "lunch", "report", "встреча", "обед", "отчёт", "café", "пятница", "Friday", "ёлка",
                        "build", "green", "server", "release", "кофе", "вечер", "tomorrow", "ticket", "deploy", "отпуск"]

    static func measure(in folder: URL) throws {
        let database = LazyDatabase(url: folder.appendingPathComponent("search.sqlite"))
        let saved = SavedChatStore(database: database)
        let fillStart = monotonicNanoseconds()
        try wait {
            for page in 0..<(stored / 1000) {
                let messages = (1...1000).map { index -> ChatMessage in
                    let number = page * 1000 + index
                    // One message in 10,000 has a rare word: the scan then reads the whole table.
                    let rare = number % 10_000 == 5_000 ? " zebra" : ""
                    let text = "\(words[number % 20]) and \(words[(number / 20) % 20]) at \(number % 24):00, \(words[(number / 400) % 20])\(rare)"
                    return ChatMessage(origin: .server(number: number), text: text)
                }
                try await saved.savePage(messages, nextOffset: (page + 1) * 1000, reachedBeginning: false)
            }
        }
        let filled = Double(monotonicNanoseconds() - fillStart) / 1e9

        let search = MessageSearchStore(database: database)
        var indexed: [Double] = [], scanned: [Double] = []
        var rareIndexed: [Double] = [], rareScanned: [Double] = []
        var found = 0
        for query in 0..<60 {
            let rare = query >= 50
            let typed = rare ? "zebr" : query % 5 == 4 ? "\(words[query % 20]) \(words[(query * 7) % 20].prefix(3))" : String(words[query % 20].prefix(4))
            let start = monotonicNanoseconds()
            let hits = try wait { try await search.search(typed, limit: 200) }
            let took = Double(monotonicNanoseconds() - start) / 1e6
            if rare { rareIndexed.append(took) } else { indexed.append(took) }
            found += hits.count
            let scanStart = monotonicNanoseconds()
            let pattern = "%\(typed.split(separator: " ").first ?? "")%"
            _ = try wait {
                try await database.read { db in
                    // The same order as the search's (server messages by number): the whole table read.
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (SELECT number FROM savedServerMessage WHERE text LIKE ? ORDER BY number LIMIT 200)",
                                     arguments: [pattern])
                }
            }
            let scan = Double(monotonicNanoseconds() - scanStart) / 1e6
            if rare { rareScanned.append(scan) } else { scanned.append(scan) }
        }

        // The composer's draft: each key's cost on the main loop (the write goes to GRDB's queue).
        let model = MessagesViewModel(repository: NoMessages(), store: LocalMessageStore(database: database),
                                      drafts: DraftStore(database: database))
        var keys: [Double] = []
        var text = ""
        for character in "Half a thought about the release, and then some more words typed quickly. Ещё немного текста по-русски, и всё." {
            text.append(character)
            let start = monotonicNanoseconds()
            model.draftChanged(text)
            keys.append(Double(monotonicNanoseconds() - start) / 1e6)
            GtkRuntime.iterate(until: { false }, timeout: .milliseconds(30), wakeEvery: .milliseconds(5))
        }
        let saveStart = monotonicNanoseconds()
        let drafts = DraftStore(database: database)
        try waitOrFail("the draft saved", timeout: .seconds(5), wakeEvery: .milliseconds(5)) { (try? wait { try await drafts.draft() }) == text }
        let kept = Double(monotonicNanoseconds() - saveStart) / 1e6

        print(String(format: "search: %d messages stored and indexed in %.1f s; 60 searches, %d found in all", stored, filled, found))
        print(String(format: "  full-text index, median  %7.2f ms   worst %7.2f ms   (target <= 20)", median(indexed), indexed.max() ?? 0))
        print(String(format: "  table scan (LIKE), median %6.2f ms   worst %7.2f ms   (baseline: common words, it stops at 200)   index/scan %.2f",
                     median(scanned), scanned.max() ?? 0, median(indexed) / max(median(scanned), 0.001)))
        print(String(format: "  a rare word (10 found), 10 searches: index median %.2f ms, scan median %.2f ms (the whole table)   index/scan %.2f",
                     median(rareIndexed), median(rareScanned), median(rareIndexed) / max(median(rareScanned), 0.001)))
        print(String(format: "draft: %d keys typed 30 ms apart, main loop per key median %.3f ms, worst %.3f ms (target <= 0.5); kept %.0f ms after the last",
                     keys.count, median(keys), keys.max() ?? 0, kept))
    }

    /// Runs `body` off the main thread and waits for it, driving nothing else meanwhile.
    private static func wait<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let result = LockedResult<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { result.set(.success(try await body())) } catch { result.set(.failure(error)) }
            done.signal()
        }
        done.wait()
        return try result.get()!.get()
    }
}

/// A chat repository with no server: the draft's measure needs none.
private struct NoMessages: MessagesRepository {
    func page(at offset: Int) async throws(MessagesError) -> [String] { [] }
}

private final class LockedResult<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<T, any Error>?
    func set(_ result: Result<T, any Error>) { lock.withLock { value = result } }
    func get() -> Result<T, any Error>? { lock.withLock { value } }
}
