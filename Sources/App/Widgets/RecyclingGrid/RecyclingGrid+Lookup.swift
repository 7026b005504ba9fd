/// Finding an item's place by its id: from the last layout, from `locate`, by a search, or from
/// an index of every item made once searches become many.
extension RecyclingGrid {
    /// The items changed: the index of every item is let go, made again after as many searches.
    func itemsChanged() {
        allIndices = nil
        searchesSinceChange = 0
    }

    /// Where the item with `id` is: known at once for the items the last layout placed, and for
    /// any item when `locate` can tell; else found by a search through the items.
    public func index(of id: Item.ID) -> Int? {
        if let index = placedIndices[id], items.indices.contains(index), items[index].id == id { return index }
        if let locate {
            guard let index = locate(id), items.indices.contains(index), items[index].id == id else { return nil }
            return index
        }
        if allIndices == nil, searchesSinceChange < Self.searchesBeforeIndexing {
            searchesSinceChange += 1
            return items.firstIndex { $0.id == id }
        }
        if allIndices == nil {
            var indices: [Item.ID: Int] = [:]
            indices.reserveCapacity(items.count)
            // The first of repeated ids, as a search from the start finds.
            for (index, item) in items.enumerated() where indices[item.id] == nil { indices[item.id] = index }
            allIndices = indices
        }
        return allIndices?[id]
    }
}
