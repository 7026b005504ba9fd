/// The chosen items by identifier; Ctrl+A is kept as "all but these", not a set a large gallery would hash.
public struct GallerySelection: Equatable, Sendable {
    /// The identifiers chosen, or with `allBut` those left out.
    private var listed: Set<String> = []
    private var allBut = false

    public init() {}

    /// The items with these identifiers chosen.
    public init(_ uuids: some Sequence<String>) { listed = Set(uuids) }

    /// Every item chosen, those to come too.
    public static var all: GallerySelection {
        var selection = GallerySelection()
        selection.allBut = true
        return selection
    }

    public func contains(_ uuid: String) -> Bool {
        // No identifier hashed when none is listed (every item chosen, or none).
        if listed.isEmpty { return allBut }
        return listed.contains(uuid) != allBut
    }

    /// Chooses the item, or leaves it out when it was chosen.
    public mutating func toggle(_ uuid: String) {
        if listed.remove(uuid) == nil { listed.insert(uuid) }
    }

    /// How many of the gallery's `itemCount` items are chosen (those left out are items of it).
    public func count(among itemCount: Int) -> Int {
        allBut ? max(itemCount - listed.count, 0) : listed.count
    }
}
