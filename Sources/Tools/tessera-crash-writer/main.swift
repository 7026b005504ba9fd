// Runs in its own process, tessera-crash-writer, which the crash test kills.

import Domain
import Foundation
import ImagePipeline
import Logging
import Persistence

// Writes in a loop, acking each revision, for crash tests: JSON store, saved feed, image cache, gallery or settings.

struct Revision: Codable, Sendable {
    var revision: Int
    var items: [String]
}

func acknowledge(_ revision: Int) {
    FileHandle.standardOutput.write(Data("ack \(revision)\n".utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
    exit(1)
}

FileHandle.standardOutput.write(Data("started\n".utf8)) // the kill's moment counts from here, past a slow start
let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("--saved-feed", 2):
    let store = SavedFactsStore(database: LazyDatabase(url: URL(fileURLWithPath: arguments[1])))
    var revision = 0
    while true {
        revision += 1
        // Feeds of changing length, so a torn write would show as a short or mixed feed.
        let facts = (0..<(revision % 13 + 1)).map { Fact(id: $0, title: "fact \($0) of revision \(revision)", description: nil, imageURL: nil) }
        do {
            try await store.save(FactsFeed(title: "revision \(revision)", facts: facts), at: Date())
        } catch {
            fail("save failed: \(error)")
        }
        acknowledge(revision)
    }
case ("--image-cache", 2):
    let cache = DiskCache(folder: URL(fileURLWithPath: arguments[1]), capacity: 64 << 20)
    var revision = 0
    while true {
        revision += 1
        // Twenty entries of one byte, sized by revision, so torn entries show.
        let url = "https://example.org/\(revision % 20).jpg"
        cache.store(Data(repeating: UInt8(revision % 251), count: 1_000 + revision % 97 * 1_000), for: url, keep: true)
        _ = cache.totalSize // the write is made
        acknowledge(revision)
    }
case ("--gallery", 2):
    // Journals from the first byte, so that kills land in appends, whole writes and journal removals.
    let gallery = FileGalleryRepository(url: URL(fileURLWithPath: arguments[1]), firstRunItems: [], journalFromBytes: 0,
                                        maximumJournaledChanges: 16)
    do {
        var items = try await gallery.load().items
        while true {
            // Items numbered in order, the oldest deleted to stay at 40: a lost or doubled change shows as a gap.
            while items.count >= 40 { items = try await gallery.delete(at: 0, uuid: items[0].uuid) }
            let next = items.last.flatMap { Int($0.uuid.suffix(12)) }.map { $0 + 1 } ?? 1
            let uuid = String(format: "00000000-0000-4000-8000-%012d", next)
            items = try await gallery.add(GalleryItem(uuid: uuid, imageUrlString: "https://example.org/\(next).jpg"))
            acknowledge(next)
        }
    } catch {
        fail("gallery failed: \(error)")
    }
case ("--settings", 2):
    let store = SettingsStore(url: URL(fileURLWithPath: arguments[1]), logger: Logger(label: "crash-writer"))
    var revision = 0
    while true {
        revision += 1
        var settings = AppSettings.defaults
        settings.windowWidth = 800 + revision % 400
        settings.openDetails = Dictionary(uniqueKeysWithValues: (0..<(revision % 5 + 1)).map { ("section \($0)", "revision \(revision)") })
        store.save(settings)
        store.flush()
        acknowledge(revision)
    }
case (let path?, 1):
    let store = JSONDocumentStore<Revision>(url: URL(fileURLWithPath: path))
    var revision = 0
    while true {
        revision += 1
        // Documents of changing size, so a torn write would show as a truncated or mixed file.
        let items = (0..<(revision % 50 + 1)).map { "item \($0) of revision \(revision)" }
        do {
            try store.saveNow(Revision(revision: revision, items: items))
        } catch {
            fail("save failed: \(error)")
        }
        acknowledge(revision)
    }
default:
    fail("usage: tessera-crash-writer FILE | --saved-feed FILE | --image-cache DIR | --gallery FILE | --settings FILE")
}
