import Domain
import Foundation
import Localization

/// The gallery's items: every update returns the new list or throws and changes nothing.
public protocol GalleryRepository: Sendable {
    /// The items, and what is wrong with them (nothing is dropped).
    func load() async throws(GalleryError) -> (items: [GalleryItem], problems: [GalleryProblem])
    /// `load`'s first items, told quickly; nil when they cannot be.
    func firstItems(_ count: Int) async -> [GalleryItem]?
    /// Appends `item` (it becomes index `count`).
    func add(_ item: GalleryItem) async throws(GalleryError) -> [GalleryItem]
    /// Puts `item` back at `index` (undoing a delete); throws `.stale` when the index is past the end.
    func insert(_ item: GalleryItem, at index: Int) async throws(GalleryError) -> [GalleryItem]
    /// Deletes the item at `index`, which must still carry `uuid` (uuids may repeat in real files).
    func delete(at index: Int, uuid: String) async throws(GalleryError) -> [GalleryItem]
    func move(from source: Int, to destination: Int) async throws(GalleryError) -> [GalleryItem]
    /// Deletes the placed items (ascending) in one change: all or none.
    func delete(_ placed: [PlacedItem]) async throws(GalleryError) -> [GalleryItem]
    /// Puts the items back at their indices (ascending, as `delete(_:)` took them), in one change.
    func insert(_ placed: [PlacedItem]) async throws(GalleryError) -> [GalleryItem]
    /// Returns once the store holds the list in its final form (before the app exits).
    func finishSaving() async
}

public enum GalleryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document could not be read or written.
    case storage(StorageError)
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

