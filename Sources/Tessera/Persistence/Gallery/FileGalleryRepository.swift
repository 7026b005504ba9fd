import Domain
import Foundation
import Localization
import Repositories

/// The items in contracts.md's JSON document, written atomically off the main loop; a change returns once on
/// disk (a failed save reverts to the disk's list); large documents journal their changes.
public actor FileGalleryRepository: GalleryRepository {
    /// From this size a document journals its changes: ten times it, whole writes would cost a core.
    public static let journalFromBytes = 1 << 20
    /// The most changes journaled before a whole write: what a launch after a crash replays at most.
    public static let maximumJournaledChanges = 256
    /// Changes touching more of the list than this (a delete-all, its Undo) write the document whole.
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
    /// Changes are numbered as taken; `settledVersion` is the last on disk or lost.
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
    /// A journal the last whole write did not remove may be on disk: removed before journaling again.
    private var journalToRemove = true
    /// How many times the document was written whole since launch.
    public private(set) var writes = 0
    /// How many batches of changes were appended to the journal since launch.
    public private(set) var appends = 0
    /// Bytes written to the document and the journal since launch.
    public private(set) var bytesWritten = 0

    /// Past `maximumItems` or `maximumBytes` a file is refused, never overwritten; `journalFromBytes: Int.max`
    /// never journals.
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

    /// Bad rows left out (the file kept aside), the journal replayed; a file past the bounds refused as is.
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

    /// `load`'s first `count` items from the document's start; nil without a document, when small, or with a
    /// journal.
    public func firstItems(_ count: Int) async -> [GalleryItem]? {
        if let items { return Array(items.prefix(count)) }
        guard await !journal.holdsChanges() else { return nil }
        return await store.loadFirstRows(count, under: "items")?.items
    }

    /// Replays the journal over `stamp`'s document; unusable changes are said and the list written whole.
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

    /// Writes the document whole once everything is saved; on failure the journal stays for next launch.
    public func finishSaving() async {
        _ = try? await save(through: version)
        while saving { await withCheckedContinuation { waiting.append($0) } }
        guard items != nil, journaled > 0 || journalToRemove else { return }
        saving = true
        try? await writeWhole(saved)
        finishedSaving()
    }

    /// Takes `make`'s change on top of those before; returns the list once a save holding it is on disk.
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

    /// Returns once change `wanted` is on disk, saving every change taken when no save is on its way.
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
                // Changes to `target` and those on them are lost: the list is the disk's.
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
        // A journal left behind is over another document, never replayed: removed before the next one.
        journalToRemove = (try? await journal.remove()) == nil
    }

    private func finishedSaving() {
        saving = false
        let waiters = waiting
        waiting = []
        waiters.forEach { $0.resume() }
    }
}
