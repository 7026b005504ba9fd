import Domain
import Foundation
import Persistence
import Localization

/// The gallery's items. Every update is asynchronous and either succeeds, returning the new list,
/// or throws and changes nothing. The file implementation below can be replaced by a network API
/// without touching the view-model.
public protocol GalleryRepository: Sendable {
    /// The items, and what is wrong with them (nothing is dropped).
    func load() async throws(GalleryError) -> (items: [GalleryItem], problems: [GalleryProblem])
    /// Appends `item` (it becomes index `count`).
    func add(_ item: GalleryItem) async throws(GalleryError) -> [GalleryItem]
    /// Puts `item` back at `index` (undoing a delete); throws `.stale` when the index is past the end.
    func insert(_ item: GalleryItem, at index: Int) async throws(GalleryError) -> [GalleryItem]
    /// Deletes the item at `index`, which must still carry `uuid` (uuids may repeat in real files).
    func delete(at index: Int, uuid: String) async throws(GalleryError) -> [GalleryItem]
    func move(from source: Int, to destination: Int) async throws(GalleryError) -> [GalleryItem]
    /// Deletes the items at their indices (ascending), each of which must still hold its item,
    /// in one change: all go, or none does.
    func delete(_ placed: [PlacedItem]) async throws(GalleryError) -> [GalleryItem]
    /// Puts the items back at their indices (ascending, as `delete(_:)` took them), in one change.
    func insert(_ placed: [PlacedItem]) async throws(GalleryError) -> [GalleryItem]
}

public enum GalleryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document could not be read or written.
    case storage(PersistenceError)
    /// The list changed under the request (an index no longer points at that item).
    case stale
    /// The document holds more items than the gallery keeps (`count`, `limit`); it was left as it is.
    case tooManyItems(count: Int, limit: Int)
    /// An item added to a gallery that holds `limit` items already.
    case full(limit: Int)

    public var description: String {
        switch self {
        case .storage(let error): error.description
        case .stale: tr("The gallery changed in the meantime; nothing was changed.")
        case let .tooManyItems(count, limit):
            tr("The gallery’s file holds {count} items, more than the {limit} Tessera keeps; it was left as it is.",
               ["count": String(count), "limit": String(limit)])
        case .full(let limit):
            tr("The gallery holds {limit} items, as many as it keeps; delete some to add more.", ["limit": String(limit)])
        }
    }
}

/// Keeps the items in the JSON document of shared/contracts.md, written atomically off the main
/// loop. The first launch writes `firstRunItems`.
///
/// Changes are taken in the order they come and each builds on the one before, saved or not: a
/// change that arrives while a save is on its way waits for the next one, and every change that
/// waited is written by that one save, so a burst of changes costs a few writes, not one each, and
/// none is lost. A change returns only once a save that holds it is on disk; a failed save fails
/// every change it held and the ones built on them, and the list goes back to what the file holds.
public actor FileGalleryRepository: GalleryRepository {
    private let store: JSONDocumentStore<GalleryDocument>
    private let firstRunItems: [GalleryItem]
    private let maximumItems: Int
    /// Every change taken so far, on disk or on its way (nil until loaded).
    private var items: [GalleryItem]?
    /// What the file holds.
    private var saved: [GalleryItem] = []
    /// Changes are numbered as they are taken; `settledVersion` is the last one that is on disk
    /// or lost.
    private var version = 0
    private var settledVersion = 0
    /// The changes lost with a failed save, and why.
    private var lost: [(versions: ClosedRange<Int>, error: PersistenceError)] = []
    private var saving = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// How many times the document was written since launch.
    public private(set) var writes = 0

    /// - Parameters:
    ///   - maximumItems: a document with more items is refused (`tooManyItems`) and never
    ///     written over; an item added past it is refused (`full`).
    ///   - maximumBytes: a larger file is refused without being read, and never written over.
    public init(url: URL, firstRunItems: [GalleryItem], maximumItems: Int = GalleryDocument.maximumItems,
                maximumBytes: Int = GalleryDocument.maximumBytes) {
        store = JSONDocumentStore(url: url, maximumBytes: maximumBytes)
        self.firstRunItems = firstRunItems
        self.maximumItems = maximumItems
    }

    /// Rows of the file that are not items are left out; the file as it was is kept aside first,
    /// then the readable items are written back, so the next launch does not find the same rows.
    /// A file past the bounds is refused and left as it is: every change fails until it is
    /// mended, so nothing writes over it.
    public func load() async throws(GalleryError) -> (items: [GalleryItem], problems: [GalleryProblem]) {
        let stored: GalleryDocument?
        do { stored = try await store.load() } catch { throw .storage(error) }
        if let stored, stored.items.count > maximumItems {
            throw .tooManyItems(count: stored.items.count, limit: maximumItems)
        }
        let document: GalleryDocument
        var leftOut: [GalleryProblem] = []
        do {
            if let stored {
                document = GalleryDocument(items: stored.items)
                if !stored.leftOut.isEmpty {
                    let kept = try await store.keepAside()
                    try await store.save(document)
                    writes += 1
                    leftOut = stored.leftOut + [.originalKeptAside(path: kept.path)]
                }
            } else {
                document = GalleryDocument(items: firstRunItems)
                try await store.save(document)
                writes += 1
            }
        } catch {
            throw .storage(error)
        }
        items = document.items
        saved = document.items
        return (document.items, leftOut + document.problems)
    }

    public func add(_ item: GalleryItem) async throws(GalleryError) -> [GalleryItem] {
        try await change { [maximumItems] items throws(GalleryError) in
            guard items.count < maximumItems else { throw .full(limit: maximumItems) }
            items.append(item)
        }
    }

    public func insert(_ item: GalleryItem, at index: Int) async throws(GalleryError) -> [GalleryItem] {
        try await change { items throws(GalleryError) in
            guard (0...items.count).contains(index) else { throw .stale }
            guard items.count < maximumItems else { throw .full(limit: maximumItems) }
            items.insert(item, at: index)
        }
    }

    public func delete(at index: Int, uuid: String) async throws(GalleryError) -> [GalleryItem] {
        try await change { items throws(GalleryError) in
            guard items.indices.contains(index), items[index].uuid == uuid else { throw .stale }
            items.remove(at: index)
        }
    }

    public func delete(_ placed: [PlacedItem]) async throws(GalleryError) -> [GalleryItem] {
        try await change { items throws(GalleryError) in
            guard placed.allSatisfy({ items.indices.contains($0.index) && items[$0.index] == $0.item }) else { throw .stale }
            for entry in placed.reversed() { items.remove(at: entry.index) }
        }
    }

    public func insert(_ placed: [PlacedItem]) async throws(GalleryError) -> [GalleryItem] {
        try await change { [maximumItems] items throws(GalleryError) in
            guard items.count + placed.count <= maximumItems else { throw .full(limit: maximumItems) }
            for entry in placed {
                guard (0...items.count).contains(entry.index) else { throw .stale }
                items.insert(entry.item, at: entry.index)
            }
        }
    }

    public func move(from source: Int, to destination: Int) async throws(GalleryError) -> [GalleryItem] {
        try await change { items throws(GalleryError) in
            guard items.indices.contains(source), items.indices.contains(destination) else { throw .stale }
            items.insert(items.remove(at: source), at: destination)
        }
    }

    /// Takes a change on top of every change taken before, and returns the list, with any change
    /// taken since, once a save that holds it is on disk.
    private func change(_ body: (inout [GalleryItem]) throws(GalleryError) -> Void) async throws(GalleryError) -> [GalleryItem] {
        if items == nil { _ = try await load() }
        var next = items ?? []
        try body(&next)
        items = next
        version += 1
        try await save(through: version)
        return items ?? next
    }

    /// Returns once change `wanted` is on disk, saving the newest list when no save is on its way.
    private func save(through wanted: Int) async throws(GalleryError) {
        while true {
            if let failure = lost.first(where: { $0.versions.contains(wanted) }) { throw .storage(failure.error) }
            if settledVersion >= wanted { return }
            if saving {
                await withCheckedContinuation { waiting.append($0) }
                continue
            }
            saving = true
            let target = version, next = items ?? []
            do {
                try await store.save(GalleryDocument(items: next))
                writes += 1
                settledVersion = target
                saved = next
            } catch {
                // The failed save held every change up to `target`; those taken since built on
                // them. All are lost: the list is what the file holds.
                lost.append((settledVersion + 1...version, error))
                settledVersion = version
                items = saved
            }
            saving = false
            let waiters = waiting
            waiting = []
            waiters.forEach { $0.resume() }
        }
    }
}
