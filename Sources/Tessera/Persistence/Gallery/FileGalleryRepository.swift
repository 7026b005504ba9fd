import Domain
import Foundation
import Localization
import Repositories

/// Keeps the items in the JSON document of shared/contracts.md, written atomically off the main
/// loop. Changes build on each other in order; a burst is written by a few saves, and a change
/// returns once a save holding it is on disk (a failed save fails it, and the list goes back to
/// the disk's). A large document's changes go to a `ChangeJournal`, replayed after a crash.
public actor FileGalleryRepository: GalleryRepository {
    /// From this size on, a document takes its changes in the journal: some 8,000 items encode and
    /// write whole quickly; a document ten times that would cost a core and its size in disk
    /// writes for every change.
    public static let journalFromBytes = 1 << 20
    /// The most changes the journal holds before the document is written whole again: a launch
    /// after a crash replays at most this many edits of the list (each at most a move of every
    /// item), and one whole write is spread over as many changes.
    public static let maximumJournaledChanges = 256
    /// Changes carrying more than this share of the list's items (every item chosen and deleted,
    /// its Undo) write the document whole: their journal line would be as long as the
    /// document, and replaying it slower than reading one.
    static let largestJournaledShare = 0.125

    private let store: JSONDocumentStore<GalleryDocument>
    private let journal: ChangeJournal<GalleryChange>
    private let firstRunItems: [GalleryItem]
    private let maximumItems: Int
    private let journalFromBytes: Int
    private let maximumJournaledChanges: Int
    /// Every change taken so far, on disk or on its way (nil until loaded).
    private var items: [GalleryItem]?
    /// What the disk holds: the document with the journal's changes over it.
    private var saved: [GalleryItem] = []
    /// Changes are numbered as they are taken; `settledVersion` is the last one that is on disk
    /// or lost.
    private var version = 0
    private var settledVersion = 0
    /// The changes taken after `settledVersion`, oldest first.
    private var unsaved: [GalleryChange] = []
    /// The changes lost with a failed save, and why.
    private var lost: [(versions: ClosedRange<Int>, error: StorageError)] = []
    private var saving = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// The document on disk, the changes the journal holds over it and the journal's size.
    private var documentStamp: DocumentStamp?
    private var journaled = 0
    private var journalBytes = 0
    /// A journal may be on disk that the document's last whole write did not remove: it is
    /// removed before any change is journaled again.
    private var journalToRemove = true
    /// How many times the document was written whole since launch.
    public private(set) var writes = 0
    /// How many batches of changes were appended to the journal since launch.
    public private(set) var appends = 0
    /// Bytes written to the document and the journal since launch.
    public private(set) var bytesWritten = 0

    /// - Parameters:
    ///   - maximumItems: more is refused (`tooManyItems`) and never written over; adding past it `full`.
    ///   - maximumBytes: a larger file is refused without being read, and never written over.
    ///   - journalFromBytes, maximumJournaledChanges: when changes go to the journal; `Int.max` for
    ///     the first writes every change whole.
    public init(url: URL, firstRunItems: [GalleryItem], maximumItems: Int = GalleryDocument.maximumItems,
                maximumBytes: Int = GalleryDocument.maximumBytes, journalFromBytes: Int = FileGalleryRepository.journalFromBytes,
                maximumJournaledChanges: Int = FileGalleryRepository.maximumJournaledChanges) {
        store = JSONDocumentStore(url: url, maximumBytes: maximumBytes)
        journal = ChangeJournal(url: url.appendingPathExtension("changes"))
        self.firstRunItems = firstRunItems
        self.maximumItems = maximumItems
        self.journalFromBytes = journalFromBytes
        self.maximumJournaledChanges = maximumJournaledChanges
    }

    /// Rows that are not items are left out, the file kept aside first and the readable items written
    /// back; the journal's changes are applied, any unreadable or not fitting left out and said, the
    /// journal kept aside and the list written whole. A file past the bounds is refused and left as
    /// it is: every change fails until it is mended.
    public func load() async throws(GalleryError) -> (items: [GalleryItem], problems: [GalleryProblem]) {
        let stored: (document: GalleryDocument, stamp: DocumentStamp)?
        do { stored = try await store.loadStamped() } catch { throw .storage(error) }
        if let stored, stored.document.items.count > maximumItems {
            throw .tooManyItems(count: stored.document.items.count, limit: maximumItems)
        }
        var list: [GalleryItem]
        var problems: [GalleryProblem] = []
        do {
            if let stored {
                list = stored.document.items
                if !stored.document.leftOut.isEmpty {
                    let kept = try await store.keepAside()
                    try await writeWhole(list)
                    problems = stored.document.leftOut + [.originalKeptAside(path: kept.path)]
                } else {
                    documentStamp = stored.stamp
                    problems = try await replayJournal(over: stored.stamp, on: &list)
                }
            } else {
                list = firstRunItems
                try await writeWhole(list)
            }
        } catch {
            throw .storage(error)
        }
        items = list
        saved = list
        return (list, problems + GalleryDocument(items: list).problems)
    }

    /// The document's first `count` items, read from its first bytes (`loadFirstRows`): the first
    /// `count` that `load` returns, since rows that are not items are left out of both the same
    /// way. Nil before the first launch's document, for a document small enough to read whole as
    /// quickly, and while a journal is beside it (its changes, replayed by `load`, may move any
    /// item).
    public func firstItems(_ count: Int) async -> [GalleryItem]? {
        if let items { return Array(items.prefix(count)) }
        guard await !journal.holdsChanges() else { return nil }
        return await store.loadFirstRows(count, under: "items")?.items
    }

    /// Applies the journal's changes to `list`, the document stamped `stamp`; writes the list
    /// whole when some could not be used, and says so.
    private func replayJournal(over stamp: DocumentStamp, on list: inout [GalleryItem]) async throws(StorageError) -> [GalleryProblem] {
        let contents = try await journal.read(over: stamp)
        journalToRemove = false
        var leftOut = contents.unreadable.map { GalleryProblem.changesLeftOut(reason: $0.reason, keptAt: $0.keptAt) }
        var applied = 0
        for change in contents.changes {
            guard (try? change.apply(to: &list, maximumItems: maximumItems)) != nil else {
                let kept = try await journal.moveAside()
                leftOut = .changesLeftOut(reason: tr("change {number} of {count} no longer fits the list",
                                                     ["number": String(applied + 1), "count": String(contents.changes.count)]),
                                          keptAt: kept.path)
                break
            }
            applied += 1
        }
        journaled = applied
        journalBytes = contents.bytes
        if leftOut != nil {
            // What was applied is kept by writing it whole; the journal as it was is aside.
            try await writeWhole(list)
        }
        return leftOut.map { [$0] } ?? []
    }

    public func add(_ item: GalleryItem) async throws(GalleryError) -> [GalleryItem] {
        try await change { items in .insert(items: [PlacedItem(item: item, index: items.count)]) }
    }

    public func insert(_ item: GalleryItem, at index: Int) async throws(GalleryError) -> [GalleryItem] {
        try await change { _ in .insert(items: [PlacedItem(item: item, index: index)]) }
    }

    public func delete(at index: Int, uuid: String) async throws(GalleryError) -> [GalleryItem] {
        try await change { items throws(GalleryError) in
            guard items.indices.contains(index), items[index].uuid == uuid else { throw .stale }
            return .delete(items: [PlacedItem(item: items[index], index: index)])
        }
    }

    public func delete(_ placed: [PlacedItem]) async throws(GalleryError) -> [GalleryItem] {
        try await change { _ in .delete(items: placed) }
    }

    public func insert(_ placed: [PlacedItem]) async throws(GalleryError) -> [GalleryItem] {
        try await change { _ in .insert(items: placed) }
    }

    public func move(from source: Int, to destination: Int) async throws(GalleryError) -> [GalleryItem] {
        try await change { _ in .move(from: source, to: destination) }
    }

    /// Writes the document whole when the journal holds changes, once every change taken is
    /// saved, so that the document alone holds the list; a failure leaves the journal, which
    /// the next launch replays.
    public func finishSaving() async {
        _ = try? await save(through: version)
        while saving { await withCheckedContinuation { waiting.append($0) } }
        guard items != nil, journaled > 0 || journalToRemove else { return }
        saving = true
        try? await writeWhole(saved)
        finishedSaving()
    }

    /// Takes the change `make` gives for the list as it is, on top of every change taken before,
    /// and returns the list, with any change taken since, once a save that holds it is on disk.
    private func change(_ make: ([GalleryItem]) throws(GalleryError) -> GalleryChange) async throws(GalleryError) -> [GalleryItem] {
        if items == nil { _ = try await load() }
        var next = items ?? []
        let change = try make(next)
        try change.apply(to: &next, maximumItems: maximumItems)
        items = next
        version += 1
        unsaved.append(change)
        try await save(through: version)
        return items ?? next
    }

    /// Returns once change `wanted` is on disk, saving every change taken when no save is on its
    /// way: appended to the journal, or the document written whole.
    private func save(through wanted: Int) async throws(GalleryError) {
        while true {
            if let failure = lost.first(where: { $0.versions.contains(wanted) }) { throw .storage(failure.error) }
            if settledVersion >= wanted { return }
            if saving {
                await withCheckedContinuation { waiting.append($0) }
                continue
            }
            saving = true
            let target = version, next = items ?? [], batch = unsaved
            do {
                let carried = batch.reduce(0) { $0 + $1.itemCount }
                if let stamp = documentStamp, stamp.bytes >= journalFromBytes, !journalToRemove,
                   journaled + batch.count <= maximumJournaledChanges,
                   Double(carried) <= Self.largestJournaledShare * Double(max(saved.count, next.count)) {
                    let size = try await journal.append(batch, over: stamp)
                    appends += 1
                    bytesWritten += size - journalBytes
                    journalBytes = size
                    journaled += batch.count
                } else {
                    try await writeWhole(next)
                }
                settledVersion = target
                saved = next
                unsaved.removeFirst(batch.count)
            } catch {
                // The failed save held every change up to `target`; those taken since built on
                // them. All are lost: the list is what the disk holds.
                lost.append((settledVersion + 1...version, error))
                settledVersion = version
                unsaved = []
                items = saved
            }
            finishedSaving()
        }
    }

    /// Writes `list` as the document and removes the journal, whose changes it holds.
    private func writeWhole(_ list: [GalleryItem]) async throws(StorageError) {
        let stamp = try await store.saveStamped(GalleryDocument(items: list))
        writes += 1
        bytesWritten += stamp.bytes
        documentStamp = stamp
        journaled = 0
        journalBytes = 0
        // A journal left behind is over another document, so a launch would not replay it; it
        // is removed before the next change is journaled.
        journalToRemove = (try? await journal.remove()) == nil
    }

    private func finishedSaving() {
        saving = false
        let waiters = waiting
        waiting = []
        waiters.forEach { $0.resume() }
    }
}
