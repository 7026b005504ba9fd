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
        if let placed = placedIndices[id] {
            if items.indices.contains(placed), items[placed].id == id { return placed }
            if let near = index(of: id, near: placed) { return near }
        }
        if let locate {
            guard let index = locate(id), items.indices.contains(index), items[index].id == id else { return nil }
            return index
        }
        if allIndices == nil, searchesSinceChange < Self.searchesBeforeIndexing {
            searchesSinceChange += 1
            let found = items.firstIndex { $0.id == id }
            // Found again at once next time (a focused cell kept away from the view is looked
            // for at every layout of an animation).
            if let found { placedIndices[id] = found }
            return found
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

    /// The item with `id` looked for within `nearbyReach` either side of `place`, nearest first:
    /// where an insert, a delete or a move near it has shifted it.
    private func index(of id: Item.ID, near place: Int) -> Int? {
        for distance in 1...Self.nearbyReach {
            let before = place - distance, after = place + distance
            if before >= 0, before < items.count, items[before].id == id { return before }
            if after >= 0, after < items.count, items[after].id == id { return after }
            if before < 0, after >= items.count { return nil }
        }
        return nil
    }
}
