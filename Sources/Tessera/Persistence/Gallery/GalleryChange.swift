import Repositories
import Domain

/// One change to the list as taken and as journaled, applied again over the document after a crash.
enum GalleryChange: Codable, Equatable, Sendable {
    /// Items put in at their indices (ascending, each index counted with the ones before it in).
    case insert(items: [PlacedItem])
    /// Items taken out from their indices (ascending), each of which must still hold its item.
    case delete(items: [PlacedItem])
    /// The item at `from` taken out and put in at `to`.
    case move(from: Int, to: Int)

    /// The items the change carries (what its journal line holds).
    var itemCount: Int {
        switch self {
        case .insert(let placed), .delete(let placed): placed.count
        case .move: 0
        }
    }

    /// Applies the change; throws and leaves `items` as they were when it no longer fits them.
    func apply(to items: inout [GalleryItem], maximumItems: Int) throws(GalleryError) {
        switch self {
        case .insert(let placed):
            guard items.count + placed.count <= maximumItems else { throw .full(limit: maximumItems) }
            guard Self.ascending(placed) else { throw .stale }
            var next = items
            for entry in placed {
                guard (0...next.count).contains(entry.index) else { throw .stale }
                next.insert(entry.item, at: entry.index)
            }
            items = next
        case .delete(let placed):
            guard Self.ascending(placed), placed.allSatisfy({ items.indices.contains($0.index) && items[$0.index] == $0.item }) else {
                throw .stale
            }
            for entry in placed.reversed() { items.remove(at: entry.index) }
        case let .move(source, destination):
            guard items.indices.contains(source), items.indices.contains(destination) else { throw .stale }
            items.insert(items.remove(at: source), at: destination)
        }
    }

    /// A damaged journal may repeat or reorder indices: applied as they come, they would take out or put in other items.
    private static func ascending(_ placed: [PlacedItem]) -> Bool {
        zip(placed, placed.dropFirst()).allSatisfy { $0.index < $1.index }
    }
}
