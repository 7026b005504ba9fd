import DequeModule

/// An item's place by id: last layout, `locate`, a search, or an index built once searches pile up.
struct ItemLookup<Item: Identifiable> {
    /// The items the last layout placed, by id.
    var placed: [Item.ID: Int] = [:]
    private var all: [Item.ID: Int]?
    private var searchesSinceChange = 0
    /// Searches through the items after a change before the index of every item is made.
    static var searchesBeforeIndexing: Int { 8 }
    /// How far around its last place an item is looked for first: edits shift items by one.
    static var nearbyReach: Int { 64 }

    /// The items changed: the index of every item is let go, made again after as many searches.
    mutating func itemsChanged() {
        all = nil
        searchesSinceChange = 0
    }

    /// Where the item with `id` is in `items`; `locate` says where it should be, checked before it is believed.
    mutating func index(of id: Item.ID, in items: Deque<Item>, locate: ((Item.ID) -> Int?)?) -> Int? {
        if let placed = placed[id] {
            if items.indices.contains(placed), items[placed].id == id { return placed }
            if let near = Self.index(of: id, in: items, near: placed) { return near }
        }
        if let locate {
            guard let index = locate(id), items.indices.contains(index), items[index].id == id else { return nil }
            return index
        }
        if all == nil, searchesSinceChange < Self.searchesBeforeIndexing {
            searchesSinceChange += 1
            let found = items.firstIndex { $0.id == id }
            // Remembered: a focused cell far from the view is looked for each animation frame.
            if let found { placed[id] = found }
            return found
        }
        if all == nil {
            var indices: [Item.ID: Int] = [:]
            indices.reserveCapacity(items.count)
            // The first of repeated ids, as a search from the start finds.
            for (index, item) in items.enumerated() where indices[item.id] == nil { indices[item.id] = index }
            all = indices
        }
        return all?[id]
    }

    /// The item with `id` looked for within `nearbyReach` either side of `place`, nearest first.
    private static func index(of id: Item.ID, in items: Deque<Item>, near place: Int) -> Int? {
        for distance in 1...nearbyReach {
            let before = place - distance, after = place + distance
            if before >= 0, before < items.count, items[before].id == id { return before }
            if after >= 0, after < items.count, items[after].id == id { return after }
            if before < 0, after >= items.count { return nil }
        }
        return nil
    }
}
