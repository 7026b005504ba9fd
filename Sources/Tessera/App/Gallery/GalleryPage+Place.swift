import Domain

/// The gallery reopens on the item at its top.
extension GalleryPage: PlaceKeepingPage {
    public var listPlace: ListPlace? { grid.topPlace(key: Self.placeKey) }
    public func restore(_ place: ListPlace) { grid.restore(place, key: Self.placeKey) }

    private static func placeKey(_ entry: GalleryEntry) -> String { entry.item?.uuid ?? "add" }
}
