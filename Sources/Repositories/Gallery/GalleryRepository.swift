import Domain
import Foundation
import Persistence

/// The gallery's items. Every update is asynchronous and either succeeds, returning the new list,
/// or throws and changes nothing. The file implementation below can be replaced by a network API
/// without touching the view-model.
public protocol GalleryRepository: Sendable {
    /// The items, and what is wrong with them (nothing is dropped).
    func load() async throws(GalleryError) -> (items: [GalleryItem], problems: [GalleryProblem])
    /// Appends `item` (it becomes index `count`).
    func add(_ item: GalleryItem) async throws(GalleryError) -> [GalleryItem]
    /// Deletes the item at `index`, which must still carry `uuid` (uuids may repeat in real files).
    func delete(at index: Int, uuid: String) async throws(GalleryError) -> [GalleryItem]
    func move(from source: Int, to destination: Int) async throws(GalleryError) -> [GalleryItem]
}

public enum GalleryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document could not be read or written.
    case storage(PersistenceError)
    /// The list changed under the request (an index no longer points at that item).
    case stale

    public var description: String {
        switch self {
        case .storage(let error): error.description
        case .stale: "The gallery changed in the meantime; nothing was changed."
        }
    }
}

/// Keeps the items in the JSON document of shared/contracts.md, written atomically after each
/// change. The first launch writes `firstRunItems`.
public actor FileGalleryRepository: GalleryRepository {
    private let store: JSONDocumentStore<GalleryDocument>
    private let firstRunItems: [GalleryItem]
    private var items: [GalleryItem]?

    public init(url: URL, firstRunItems: [GalleryItem]) {
        store = JSONDocumentStore(url: url)
        self.firstRunItems = firstRunItems
    }

    /// Rows of the file that are not items are left out; the file as it was is kept aside first,
    /// then the readable items are written back, so the next launch does not find the same rows.
    public func load() async throws(GalleryError) -> (items: [GalleryItem], problems: [GalleryProblem]) {
        let document: GalleryDocument
        var leftOut: [GalleryProblem] = []
        do {
            if let stored = try await store.load() {
                document = GalleryDocument(items: stored.items)
                if !stored.leftOut.isEmpty {
                    let kept = try await store.keepAside()
                    try await store.save(document)
                    leftOut = stored.leftOut + [.originalKeptAside(path: kept.path)]
                }
            } else {
                document = GalleryDocument(items: firstRunItems)
                try await store.save(document)
            }
        } catch {
            throw .storage(error)
        }
        items = document.items
        return (document.items, leftOut + document.problems)
    }

    public func add(_ item: GalleryItem) async throws(GalleryError) -> [GalleryItem] {
        var next = try await current()
        next.append(item)
        return try await commit(next)
    }

    public func delete(at index: Int, uuid: String) async throws(GalleryError) -> [GalleryItem] {
        var next = try await current()
        guard next.indices.contains(index), next[index].uuid == uuid else { throw .stale }
        next.remove(at: index)
        return try await commit(next)
    }

    public func move(from source: Int, to destination: Int) async throws(GalleryError) -> [GalleryItem] {
        var next = try await current()
        guard next.indices.contains(source), next.indices.contains(destination) else { throw .stale }
        next.insert(next.remove(at: source), at: destination)
        return try await commit(next)
    }

    private func current() async throws(GalleryError) -> [GalleryItem] {
        if let items { return items }
        return try await load().items
    }

    /// Writes `next`; only once it is on disk does it become the current list.
    private func commit(_ next: [GalleryItem]) async throws(GalleryError) -> [GalleryItem] {
        do {
            try await store.save(GalleryDocument(items: next))
        } catch {
            throw .storage(error)
        }
        items = next
        return next
    }
}
