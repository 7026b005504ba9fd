/// An item and its place in the gallery: what a bulk delete took, to be put back by its Undo.
public struct PlacedItem: Codable, Equatable, Sendable {
    public var item: GalleryItem
    public var index: Int

    public init(item: GalleryItem, index: Int) {
        self.item = item
        self.index = index
    }
}
